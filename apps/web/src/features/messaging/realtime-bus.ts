// The real-time events as the screens see them: listeners by event and on (re)connection, and sending on the
// connection when it is up. No socket.io here: the client (realtime.ts) loads with the footer, after the first
// screen, and a screen that only listens (the installer's day on a phone) does not wait for its code.
import type { Socket } from 'socket.io-client';

type EventListener = (payload: unknown) => void;
export const eventListeners = new Map<string, Set<EventListener>>();

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
export const connectListeners = new Set<ConnectListener>();
let current: Socket | null = null;

/** The connection the client (realtime.ts) made, or null; emitRealtime sends on it. */
export function setRealtimeSocket(socket: Socket | null, only?: Socket | null): void {
  if (only !== undefined && current !== only) return;
  current = socket;
}

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
