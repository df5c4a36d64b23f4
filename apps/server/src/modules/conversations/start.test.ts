import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_ONLY, IMAGE_TOO_LARGE, MESSAGE_REQUIRED, SUBJECT_REQUIRED } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandedConversation, pendingAlerts } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { samePicture } from '../../files/test-images.js';
import { filesUnder, formPost, PNG, useTempDataDir, tokenFor } from './test-helpers.js';

let app: App;
let dataDir: string;
const tokens: Record<string, string> = {};
const A = 104; // admin assistant: sender
const B = 103; // lead technician (group 2, Technicians)
beforeAll(async () => {
  app = await createTestApp();
  dataDir = useTempDataDir(app);
  for (const who of ['adminAssistant', 'leadTech', 'manager', 'reviewer'] as const)
    tokens[who] = await tokenFor(app, DEMO[who]);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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
const counts = async () =>
  (
    await rows<{ c: number; m: number; f: number }>(
      sql`select (select count(*) from conversations)::int as c, (select count(*) from messages)::int as m,
               (select count(*) from stored_files)::int as f`,
    )
  )[0];
const alertsOf = async (token: string) => parseAs(pendingAlerts, await get('/api/self/alerts', token));
const _EXPAND = '$expand=Messages($expand=Recipients),Recipients';

describe('POST /api/Conversations/Start', () => {
  it("refuses a missing subject or message with the spec's texts and stores nothing", async () => {
    const before = await counts();
    const res = await send('/api/Conversations/Start', { Subject: ' ', TitleColorId: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ Subject: [SUBJECT_REQUIRED], Message: [MESSAGE_REQUIRED] });
    const bad = await send('/api/Conversations/Start', {
      Subject: 's',
      Message: 'm',
      'RecipientUserIds[]': ['x'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^RecipientUserIds/);
    const unknown = await send('/api/Conversations/Start', {
      Subject: 's',
      Message: 'm',
      'RecipientUserIds[]': [99999999],
    });
    expect(unknown.json().errors.RecipientUserIds).toBeDefined();
    const record = await send('/api/Conversations/Start', {
      Subject: 's',
      Message: 'm',
      RecordId: 99999999,
      RecordType: 'Invoice',
    });
    expect(record.json().errors.RecordId).toBeDefined();
    expect(await counts()).toEqual(before);
  });

  it('sends to the named users and the groups, leaving out group 6 and the sender', async () => {
    const res = await send('/api/Conversations/Start', {
      Subject: 'Chip on 4412',
      Message: 'Can you look at it?',
      TitleColorId: 3,
      'RecipientUserIds[]': [B, A],
      'MessageGroupIds[]': [2, 6],
    });
    expect(res.statusCode).toBe(201);
    const conv = parseAs(expandedConversation, res);
    expect(conv).toMatchObject({
      subject: 'Chip on 4412',
      startedByUserId: A,
      classNameId: 3,
      titleColorId: 3,
    });
    expect(conv.messageGroups).toEqual([{ id: 2, name: 'Technicians' }]);
    const got = new Set<number>(conv.messages[0].recipients.map((r: any) => r.recipientUserId));
    const group2 = await rows<{ id: number }>(
      sql`select u.id from subscriptions s join users u on u.id = s.user_id where s.message_group_id = 2 and s.always and u.is_active`,
    );
    const expected = new Set([B, ...group2.map((g) => g.id)].filter((id) => id !== A));
    expect(got).toEqual(expected);
    const newMessage = (await alertsOf(tokens.leadTech)).filter((a) => a.type === 'NewMessage');
    expect(newMessage).toHaveLength(1);
    expect(newMessage[0]).toMatchObject({
      conversationId: conv.id,
      senderName: 'Tina Nguyen',
      isMessageGroup: false,
    });
  });

  it('links a record and accepts a JSON body too', async () => {
    const [inv] = await rows<{ id: number }>(sql`select id from invoices order by id limit 1`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/Conversations/Start',
      payload: {
        Subject: 'About an invoice',
        Message: 'See this',
        RecordId: inv.id,
        RecordType: 'Invoice',
        RecipientUserIds: [B],
      },
      headers: auth(tokens.adminAssistant),
    });
    expect(res.statusCode).toBe(201);
    expect(parseAs(expandedConversation, res)).toMatchObject({ invoiceId: inv.id, serviceVehicleId: null });
    const alert = (await alertsOf(tokens.leadTech)).find((a) => a.conversationId === res.json().id);
    expect(alert).toMatchObject({
      recordType: 'Invoice',
      recordId: inv.id,
      facilityName: expect.any(String),
    });
  });

  it('stores one image renamed with a timestamp and a random part and serves it to the conversation only', async () => {
    const res = await send(
      '/api/Conversations/Start',
      { Subject: 'Photo', Message: 'Look', 'RecipientUserIds[]': [B] },
      {
        name: 'My Photo.png',
        type: 'image/png',
        data: PNG,
      },
    );
    expect(res.statusCode).toBe(201);
    const rel = parseAs(expandedConversation, res).messages[0].imageAttachmentPath as string;
    expect(rel).toMatch(/^messages\/\d{4}\/\d{2}\/My_Photo_\d{8}T\d{9}_[0-9a-f]{16}\.png$/);
    expect(res.json().messages[0].imageAttachmentUrl).toBe(`/api/files/${rel}`);
    const file = await get(`/api/files/${rel}`, tokens.leadTech);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(await samePicture(file.rawPayload, PNG)).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/api/files/${rel}` })).statusCode).toBe(401);
    for (const evil of [
      '..%2F..%2Fetc%2Fpasswd',
      'messages/..%2F..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      'nope.png',
    ]) {
      expect((await get(`/api/files/${evil}`)).statusCode).toBe(404);
    }
  });

  it('refuses a 6 MB upload and a renamed non-image with 400, storing nothing', async () => {
    const before = await counts();
    const filesBefore = filesUnder(path.join(dataDir, 'files'));
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await send(
      '/api/Conversations/Start',
      { Subject: 's', Message: 'm' },
      { name: 'big.png', type: 'image/png', data: big },
    );
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual({ AttachedImage: [IMAGE_TOO_LARGE] });
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n');
    const renamed = await send(
      '/api/Conversations/Start',
      { Subject: 's', Message: 'm' },
      { name: 'photo.png', type: 'image/png', data: pdf },
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual({ AttachedImage: [IMAGE_ONLY] });
    expect(await counts()).toEqual(before);
    expect(filesUnder(path.join(dataDir, 'files'))).toEqual(filesBefore);
  });

  it('is for roles that may send', async () => {
    const res = await send(
      '/api/Conversations/Start',
      { Subject: 's', Message: 'm' },
      undefined,
      tokens.reviewer,
    );
    expect(res.statusCode).toBe(403);
  });
});
