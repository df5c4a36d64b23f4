import { io as connect, type Socket } from 'socket.io-client';
import { NEW_ALERT_EVENT } from './hub.js';
import { SOCKET_PATH } from './socket-server.js';

/** Connects like the web client: long-polling first, bearer token in the handshake; no reconnection in tests. */
export function openSocket(
  base: string,
  token: string | undefined,
  transports = ['polling', 'websocket'],
): Socket {
  return connect(base, {
    path: SOCKET_PATH,
    transports,
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves once the socket is connected (at once if it already is: it may connect before anyone waits). */
export const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });

export const nextAlert = (s: Socket, timeoutMs = 10_000) =>
  new Promise<any>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${NEW_ALERT_EVENT} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    s.once(NEW_ALERT_EVENT, (alert) => {
      clearTimeout(timer);
      resolve(alert);
    });
  });

/** Resolves with the disconnect reason once the server drops the socket; rejects after timeoutMs. */
export const disconnected = (s: Socket, timeoutMs = 5_000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
