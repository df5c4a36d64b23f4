import type { Alert } from '@glass/domain/alert';
import {
  CONNECTION_STATUS_POLL_MS,
  REALTIME_RECONNECT_DELAYS_MS,
  REALTIME_RETRY_DELAY_MS,
  REALTIME_TIMEOUT_MS,
} from '@glass/domain/constants';
import { io, type Socket } from 'socket.io-client';
import { getToken } from '../../api/auth-token';
import { connectListeners, eventListeners, setRealtimeSocket } from './realtime-bus';
import { setConnectionStatus } from './realtime-status';

export const NEW_ALERT_EVENT = 'NewAlert';

/**
 * The real-time client (spec 1 §4): a connection attempt times out after 30 s; after a loss it
 * reconnects at the six growing delays of spec 1 §9 and then every 30 s; the status is polled every
 * 5 s into the footer; failures are logged. socket.io's own reconnection is off so these timings hold.
 */
export function startRealtime(onAlert: (alert: Alert) => void): () => void {
  let socket: Socket | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped || retry) return;
    const delay = REALTIME_RECONNECT_DELAYS_MS[attempt] ?? REALTIME_RETRY_DELAY_MS;
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, delay);
  };

  const connect = () => {
    if (stopped) return;
    const token = getToken();
    if (!token) return;
    socket?.removeAllListeners();
    socket?.disconnect();
    setConnectionStatus('connecting');
    const next = io({
      path: '/socket.io',
      auth: { token },
      reconnection: false,
      timeout: REALTIME_TIMEOUT_MS,
    });
    socket = next;
    setRealtimeSocket(next);
    next.on('connect', () => {
      attempt = 0;
      setConnectionStatus('connected');
      for (const listener of connectListeners) {
        try {
          listener();
        } catch (error) {
          console.error('Failed to handle a real-time reconnect', error);
        }
      }
    });
    next.on('connect_error', (error) => {
      console.warn('Real-time connection failed:', error.message);
      setConnectionStatus('error');
      schedule();
    });
    next.on('disconnect', (reason) => {
      console.warn('Real-time connection lost:', reason);
      setConnectionStatus('disconnected');
      if (reason !== 'io client disconnect') schedule();
    });
    next.onAny((event: string, payload: unknown) => {
      for (const listener of eventListeners.get(event) ?? []) {
        try {
          listener(payload);
        } catch (error) {
          console.error(`Failed to handle the real-time event ${event}`, error);
        }
      }
    });
    next.on(NEW_ALERT_EVENT, (alert: Alert) => {
      try {
        onAlert(alert);
      } catch (error) {
        console.error('Failed to handle a real-time alert', error);
      }
    });
  };

  const poll = setInterval(() => {
    if (!socket) return;
    if (socket.connected) setConnectionStatus('connected');
    else if (socket.active && !retry) setConnectionStatus('connecting');
  }, CONNECTION_STATUS_POLL_MS);

  connect();
  return () => {
    stopped = true;
    clearInterval(poll);
    if (retry) clearTimeout(retry);
    socket?.removeAllListeners();
    socket?.disconnect();
    setRealtimeSocket(null, socket);
    setConnectionStatus('disconnected');
  };
}
