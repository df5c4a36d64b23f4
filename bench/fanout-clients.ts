// A worker of `npm run fanout -w bench`: opens its share of the socket.io clients (like the web client:
// long-polling, then the WebSocket upgrade) and tells the parent, per conversation, when each of its clients
// received that conversation's NewMessage alert (epoch milliseconds, comparable across processes).
import { io as connect, type Socket } from 'socket.io-client';

const [base, tokensJson, countText] = process.argv.slice(2);
const tokens = JSON.parse(tokensJson) as string[];
const count = Number(countText);
const now = () => performance.timeOrigin + performance.now();
const send = (m: unknown) => process.send?.(m);

const arrivals = new Map<number, number[]>();
const sockets: Socket[] = [];

async function main() {
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, k) =>
      connect(base, {
        path: '/socket.io',
        transports: ['polling', 'websocket'],
        auth: { token: tokens[(i + k) % tokens.length] },
        reconnection: false,
        forceNew: true,
      }),
    );
    await Promise.all(
      batch.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          }),
      ),
    );
    sockets.push(...batch);
  }
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.io.engine.transport.name === 'websocket') return resolve();
          s.io.engine.once('upgrade', () => resolve());
        }),
    ),
  );
  let disconnects = 0;
  for (const s of sockets) {
    s.on('disconnect', () => {
      disconnects++;
      send({ type: 'disconnects', n: disconnects });
    });
    s.on('NewAlert', (alert: { type?: string; conversationId?: number }) => {
      const t = now();
      if (alert?.type !== 'NewMessage' || typeof alert.conversationId !== 'number') return;
      let times = arrivals.get(alert.conversationId);
      if (!times) arrivals.set(alert.conversationId, (times = []));
      times.push(t);
      if (times.length === sockets.length) {
        send({ type: 'round', conversationId: alert.conversationId, times });
        arrivals.delete(alert.conversationId);
      }
    });
  }
  send({ type: 'ready', sockets: sockets.length });
}

process.on('message', (m: { type?: string }) => {
  if (m?.type === 'close') {
    for (const s of sockets) s.close();
    process.exit(0);
  }
});
main().catch((err) => {
  send({ type: 'error', message: String(err?.message ?? err) });
  process.exit(1);
});
