import type { Alert } from '@glass/domain/alert';
import {
  CONNECTION_STATUS_POLL_MS,
  REALTIME_RECONNECT_DELAYS_MS,
  REALTIME_RETRY_DELAY_MS,
  REALTIME_TIMEOUT_MS,
} from '@glass/domain/constants';
import { io, type Socket } from 'socket.io-client';
import { getToken } from '../../api/auth-token';
import { setConnectionStatus } from './realtime-status';

export const NEW_ALERT_EVENT = 'NewAlert';

type EventListener = (payload: unknown) => void;
const eventListeners = new Map<string, Set<EventListener>>();

/**
 * Listens to another real-time event of the one connection (the progress of a DMS import the user started);
 * returns the function that stops listening.
 */
export function onRealtimeEvent(event: string, listener: EventListener): () => void {
  let set = eventListeners.get(event);
  if (!set) eventListeners.set(event, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

type ConnectListener = () => void;
const connectListeners = new Set<ConnectListener>();
let current: Socket | null = null;

/**
 * Runs `listener` each time the connection is (re)established, so a screen can re-join its rooms and read
 * again what it may have missed; returns the function that stops listening.
 */
export function onRealtimeConnect(listener: ConnectListener): () => void {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
}

/**
 * Runs `refresh` when any of `events` arrives and each time the connection is (re)established: an event sent
 * while the connection was still being made (a screen opened just before its socket joined) or down is
 * otherwise lost, and the screen would show stale figures until the next one. Returns the function that
 * stops listening. For screens that reread on a change rather than apply the event's payload.
 */
export function onRealtimeChange(events: readonly string[], refresh: () => void): () => void {
  const stops = [...events.map((event) => onRealtimeEvent(event, refresh)), onRealtimeConnect(refresh)];
  return () => {
    for (const stop of stops) stop();
  };
}

/** Sends an event on the connection when it is up (with an acknowledgement callback); false when it is not. */
export function emitRealtime(event: string, payload: unknown, ack?: (answer: unknown) => void): boolean {
  if (!current?.connected) return false;
  if (ack) current.emit(event, payload, ack);
  else current.emit(event, payload);
  return true;
}

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
    current = next;
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
    if (current === socket) current = null;
    setConnectionStatus('disconnected');
  };
}
