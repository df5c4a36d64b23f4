import { isConversationUnread, REPLY_REQUIRED } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversations,
  expandedConversation,
  expandedConversations,
  pendingAlerts,
} from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { conversationsOf } from './service.js';
import { formPost, useTempDataDir, tokenFor } from './test-helpers.js';

let app: App;
const tokens: Record<string, string> = {};
const A = 104; // admin assistant: sender
const B = 103; // lead technician (group 2, Technicians)
beforeAll(async () => {
  app = await createTestApp();
  // Replies write no files here; the temp directory only keeps a mistake out of ./data.
  useTempDataDir(app);
  for (const who of ['adminAssistant', 'leadTech', 'manager', 'reviewer'] as const)
    tokens[who] = await tokenFor(app, DEMO[who]);
});
afterAll(() => app.close());

const rows = <T = any>(q: ReturnType<typeof sql>) => app.deps.db.rows<T>(q);
const send = async (
  url: string,
  fields: Parameters<typeof formPost>[0],
  file?: Parameters<typeof formPost>[1],
  token = tokens.adminAssistant,
) => {
  const { payload, headers } = await formPost(fields, file);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...auth(token) } });
};
const get = (url: string, token = tokens.adminAssistant) =>
  app.inject({ method: 'GET', url, headers: auth(token) });
const alertsOf = async (token: string) => parseAs(pendingAlerts, await get('/api/self/alerts', token));
const EXPAND = '$expand=Messages($expand=Recipients),Recipients';

describe('replies, reading and the list', () => {
  let id: number;
  beforeAll(async () => {
    id = (
      await send('/api/Conversations/Start', {
        Subject: 'Two people',
        Message: 'Hi B',
        'RecipientUserIds[]': [B],
      })
    ).json().id;
  });

  it('lists only conversations I take part in, with messages and recipients expanded', async () => {
    const mine = parseAs(
      expandedConversations,
      await get(`/api/Conversations?$filter=id eq ${id}&${EXPAND}`, tokens.leadTech),
    ).value;
    expect(mine).toHaveLength(1);
    expect(mine[0].messages[0]).toMatchObject({
      message: 'Hi B',
      messageFromUserId: A,
      messageFromName: 'Tina Nguyen',
    });
    expect(mine[0].recipients).toEqual([
      expect.objectContaining({ recipientUserId: B, messageReadAt: null }),
    ]);
    expect(isConversationUnread(mine[0], B)).toBe(true);
    expect(
      parseAs(conversations, await get(`/api/Conversations?$filter=id eq ${id}`, tokens.manager)).value,
    ).toEqual([]);
    const page = parseAs(
      expandedConversations,
      await get(`/api/Conversations?$top=20&${EXPAND}`, tokens.leadTech),
    ).value;
    for (const c of page) {
      const involved =
        c.startedByUserId === B ||
        c.messages.some((m: any) => m.messageFromUserId === B) ||
        c.recipients.some((r: any) => r.recipientUserId === B);
      expect(involved).toBe(true);
    }
  });

  it("replies to the people who wrote; 'Please enter your reply' when empty; 404 for others' conversations", async () => {
    const empty = await send(
      `/api/Conversations/${id}/Reply`,
      { Message: '  ', ReplyToAll: 'false' },
      undefined,
      tokens.leadTech,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ Message: [REPLY_REQUIRED] });
    const res = await send(
      `/api/Conversations/${id}/Reply`,
      { Message: 'On it', ReplyToAll: 'false' },
      undefined,
      tokens.leadTech,
    );
    expect(res.statusCode).toBe(201);
    const reply = parseAs(expandedConversation, res).messages.at(-1);
    expect(reply).toMatchObject({ message: 'On it', messageFromUserId: B });
    expect(reply?.recipients.map((r: any) => r.recipientUserId)).toEqual([A]);
    expect((await alertsOf(tokens.adminAssistant)).find((a) => a.type === 'NewMessage')).toMatchObject({
      conversationId: id,
      senderName: 'Luis Ortega',
    });
    expect(
      (await send(`/api/Conversations/${id}/Reply`, { Message: 'x' }, undefined, tokens.manager)).statusCode,
    ).toBe(404);
    expect((await send('/api/Conversations/99999999/Reply', { Message: 'x' })).statusCode).toBe(404);
  });

  it('MarkAsRead makes the conversation read for me and consumes my NewMessage alert for it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/Conversations/${id}/MarkAsRead`,
      headers: auth(tokens.leadTech),
    });
    expect(res.statusCode).toBe(200);
    const conv = parseAs(
      expandedConversations,
      await get(`/api/Conversations?$filter=id eq ${id}&${EXPAND}`, tokens.leadTech),
    ).value[0];
    expect(isConversationUnread(conv, B)).toBe(false);
    expect(isConversationUnread(conv, A)).toBe(true);
    expect(
      (await alertsOf(tokens.leadTech)).some((a) => a.type === 'NewMessage' && a.conversationId === id),
    ).toBe(false);
    const log = await rows(
      sql`select 1 from activity_logs where activity = 'Marked conversation read' and user_id = ${B} and record_id = ${id}`,
    );
    expect(log).toHaveLength(1);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/Conversations/99999999/MarkAsRead',
      headers: auth(tokens.leadTech),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('requests opened by the server', () => {
  it('opens tech requests (2) and system requests (1) with alerts', async () => {
    const [sv] = await rows<{ id: number }>(sql`select id from service_vehicles order by id limit 1`);
    const service = conversationsOf(app);
    const tech = await service.openRequest({
      classNameId: 2,
      fromUserId: B,
      subject: 'Help needed',
      message: 'Crack spreading',
      recipientUserIds: [A],
      record: { recordType: 'ServiceVehicle', recordId: sv.id },
    });
    const sys = await service.openRequest({
      classNameId: 1,
      fromUserId: A,
      subject: 'Notice',
      message: 'Sync done',
      recipientUserIds: [B],
    });
    const techConv = parseAs(
      conversations,
      await get(`/api/Conversations?$filter=id eq ${tech.conversationId}`),
    ).value[0];
    expect(techConv).toMatchObject({ classNameId: 2, serviceVehicleId: sv.id, startedByUserId: B });
    expect(
      parseAs(
        conversations,
        await get(`/api/Conversations?$filter=id eq ${sys.conversationId}`, tokens.leadTech),
      ).value[0].classNameId,
    ).toBe(1);
    expect((await alertsOf(tokens.adminAssistant)).find((a) => a.type === 'NewMessage')?.conversationId).toBe(
      tech.conversationId,
    );
  });
});
