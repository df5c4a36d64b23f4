import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { formPost, tokenFor } from '../modules/conversations/test-helpers.js';
import { NEW_ALERT_EVENT } from './hub.js';
import { connected, nextAlert, openSocket } from './test-helpers.js';

let app: App;
let url: string;
beforeAll(async () => {
  app = await createTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

const sockets: Socket[] = [];
const open = (token: string | undefined, transports?: string[]) => {
  const s = openSocket(url, token, transports);
  sockets.push(s);
  return s;
};

describe('real-time alert hub', () => {
  it('refuses connections without a valid token', async () => {
    await expect(connected(open(undefined))).rejects.toThrow('unauthorized');
    await expect(connected(open('not-a-token'))).rejects.toThrow('unauthorized');
  });

  it('pushes NewAlert to the recipient the moment a message is sent (polling and websocket)', async () => {
    const sender = await tokenFor(app, DEMO.adminAssistant);
    const receiver = await tokenFor(app, DEMO.leadTech);
    for (const transports of [['polling'], ['websocket']]) {
      const socket = open(receiver, transports);
      await connected(socket);
      const alert = nextAlert(socket);
      const { payload, headers } = await formPost({
        Subject: 'Live',
        Message: 'Ping',
        'RecipientUserIds[]': [103],
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/Conversations/Start',
        payload,
        headers: { ...headers, ...auth(sender) },
      });
      expect(res.statusCode).toBe(201);
      expect(await alert).toMatchObject({
        type: 'NewMessage',
        conversationId: res.json().id,
        senderName: 'Tina Nguyen',
      });
      socket.close();
    }
  });

  it("delivers only to the alert's user", async () => {
    const other = open(await tokenFor(app, DEMO.manager));
    await connected(other);
    let got = false;
    other.on(NEW_ALERT_EVENT, () => {
      got = true;
    });
    const { payload, headers } = await formPost({
      Subject: 'Private',
      Message: 'Only for 103',
      'RecipientUserIds[]': [103],
    });
    const sender = await tokenFor(app, DEMO.adminAssistant);
    await app.inject({
      method: 'POST',
      url: '/api/Conversations/Start',
      payload,
      headers: { ...headers, ...auth(sender) },
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toBe(false);
  });

  it('delivers an alert to every connected client of its user, once each (one room emit per alert)', async () => {
    const receiver = await tokenFor(app, DEMO.leadTech);
    const mine = [open(receiver, ['polling']), open(receiver, ['websocket']), open(receiver)];
    const other = open(await tokenFor(app, DEMO.manager));
    await Promise.all([...mine, other].map(connected));
    const got = new Map<Socket, unknown[]>();
    for (const s of [...mine, other]) {
      got.set(s, []);
      s.on(NEW_ALERT_EVENT, (alert) => got.get(s)!.push(alert));
    }
    const { payload, headers } = await formPost({
      Subject: 'Everywhere',
      Message: 'To each tab',
      'RecipientUserIds[]': [103],
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/Conversations/Start',
      payload,
      headers: { ...headers, ...auth(await tokenFor(app, DEMO.adminAssistant)) },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const ours = (s: Socket) =>
      got.get(s)!.filter((a: any) => a.type === 'NewMessage' && a.conversationId === id);
    for (let i = 0; i < 50 && mine.some((s) => ours(s).length === 0); i++)
      await new Promise((r) => setTimeout(r, 20));
    // Settle: a second copy (local and again through the adapter) would arrive within this.
    await new Promise((r) => setTimeout(r, 300));
    for (const s of mine) expect(ours(s)).toHaveLength(1);
    // (On a shared PostgreSQL database other test files' servers alert the demo users too: only ours count.)
    expect(ours(other)).toEqual([]);
    for (const s of [...mine, other]) s.close();
  }, 60_000);
});
