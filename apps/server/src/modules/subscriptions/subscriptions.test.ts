import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problem, subscription, subscriptions } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { formPost, tokenFor } from '../conversations/test-helpers.js';

let app: App;
let tech: string; // 103: groups 2 (Technicians) and 7 (Installers, SMS)
let manager: string; // 102
beforeAll(async () => {
  app = await createTestApp();
  tech = await tokenFor(app, DEMO.leadTech);
  manager = await tokenFor(app, DEMO.manager);
});
afterAll(() => app.close());

const rows = <T = any>(q: ReturnType<typeof sql>) => app.deps.db.rows<T>(q);
const list = async (token: string, query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/Subscriptions${query}`, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return parseAs(subscriptions, res).value;
};
const put = (id: number, payload: unknown, token = tech) =>
  app.inject({
    method: 'PUT',
    url: `/api/Subscriptions/${id}`,
    payload: payload as object,
    headers: auth(token),
  });
/** Starts a conversation from the manager to group `groupId` and returns who received it. */
const groupMessage = async (groupId: number) => {
  const { payload, headers } = await formPost({
    Subject: 'group',
    Message: 'hello',
    'MessageGroupIds[]': [groupId],
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/Conversations/Start',
    payload,
    headers: { ...headers, ...auth(manager) },
  });
  expect(res.statusCode).toBe(201);
  return {
    id: res.json().id as number,
    to: res.json().messages[0].recipients.map((r: any) => r.recipientUserId) as number[],
  };
};

describe('GET /api/Subscriptions', () => {
  it('lists my subscriptions without group 6, ordered by id, with the group name and description', async () => {
    const subs = await list(tech, '?$filter=UserId eq 103 and messageGroupId ne 6&$orderby=id');
    expect(subs.length).toBe(7);
    expect(subs.every((s) => s.userId === 103 && s.messageGroupId !== 6)).toBe(true);
    expect(subs.map((s) => s.id)).toEqual([...subs.map((s) => s.id)].sort((a, b) => a - b));
    expect(subs.find((s) => s.messageGroupId === 2)).toMatchObject({
      groupName: 'Technicians',
      groupDescription: expect.any(String),
      always: true,
      onDuty: true,
      useSms: false,
    });
    // Scoped to me whatever the filter says.
    expect(await list(tech, '?$filter=UserId eq 101')).toEqual([]);
  });

  it('creates the missing rows (Never) for a user who has none', async () => {
    const [who] = await rows<{ id: number }>(
      sql`select id from users where is_active and user_role_id = 5 order by id desc limit 1`,
    );
    const kept = await rows(sql`delete from subscriptions where user_id = ${who.id} returning *`);
    const { token } = await app.deps.sessions.create(who.id, { ip: '10.9.9.9' });
    const subs = await list(token);
    expect(subs).toHaveLength(7);
    expect(subs.every((s) => s.always === false)).toBe(true);
    // Put the seeded choices back for the other test files sharing a PostgreSQL database.
    for (const k of kept) {
      await rows(sql`update subscriptions set always = ${k.always}, on_duty = ${k.on_duty}, use_sms = ${k.use_sms}
                     where user_id = ${who.id} and message_group_id = ${k.message_group_id}`);
    }
  });
});

describe('PUT /api/Subscriptions/{id}', () => {
  it('saves my own row and audits it; others get 403, unknown 404, bad input 400', async () => {
    const [sub] = (await list(tech)).filter((s) => s.messageGroupId === 5);
    const res = await put(sub.id, { ...sub, always: true, useSms: true });
    expect(res.statusCode).toBe(200);
    expect(parseAs(subscription, res)).toMatchObject({
      id: sub.id,
      always: true,
      useSms: true,
      groupName: sub.groupName,
    });
    const [log] = await rows(
      sql`select 1 from activity_logs where activity = 'Updated subscription' and user_id = 103`,
    );
    expect(log).toBeDefined();
    expect((await put(sub.id, { always: false }, manager)).statusCode).toBe(403);
    expect((await put(99999999, { always: false })).statusCode).toBe(404);
    expect((await put(sub.id, { always: 'yes' })).statusCode).toBe(400);
    expect(parseAs(problem, await put(sub.id, { id: sub.id + 1, always: true })).errors?.id).toBeDefined();
    expect(
      parseAs(problem, await put(sub.id, { messageGroupId: 1, always: true })).errors?.messageGroupId,
    ).toBeDefined();
    const [group6] = await rows<{ id: number }>(
      sql`select id from subscriptions where user_id = 103 and message_group_id = 6`,
    );
    expect((await put(group6.id, { always: true })).statusCode).toBe(404);
  });

  it('decides who gets group messages: Always, or On duty while on duty (members); SMS when asked', async () => {
    const [sub] = (await list(tech)).filter((s) => s.messageGroupId === 2);
    expect((await groupMessage(2)).to).toContain(103);
    // Never, but a member subscribed On duty: only while on duty.
    await put(sub.id, { always: false, onDuty: true });
    expect((await groupMessage(2)).to).toContain(103);
    await rows(sql`update users set is_on_duty = false where id = 103`);
    expect((await groupMessage(2)).to).not.toContain(103);
    await rows(sql`update users set is_on_duty = true where id = 103`);
    await put(sub.id, { always: false, onDuty: false });
    expect((await groupMessage(2)).to).not.toContain(103);
    // Always with SMS: an SMS is queued to the user's phone.
    await put(sub.id, { always: true, onDuty: true, useSms: true });
    const sent = await groupMessage(2);
    expect(sent.to).toContain(103);
    const sms = await rows(
      sql`select o.to_address, o.body from notify_outbox o join users u on u.phone = o.to_address
          where u.id = 103 and o.channel = 'sms' and o.record_type = 'Conversation' and o.record_id = ${sent.id}`,
    );
    expect(sms).toEqual([{ to_address: expect.any(String), body: 'New message from Marcus Bell: group' }]);
    await put(sub.id, { always: true, onDuty: true, useSms: false });
  });
});
