import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the socket.io connection: handlers by event, and `onAny`'s catch-all. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  let any: ((event: string, payload: unknown) => void) | undefined;
  const socket = {
    connected: false,
    active: true,
    on: (event: string, fn: (...args: unknown[]) => void) => handlers.set(event, fn),
    onAny: (fn: (event: string, payload: unknown) => void) => {
      any = fn;
    },
    removeAllListeners: () => handlers.clear(),
    disconnect: () => undefined,
    emit: () => undefined,
  };
  return {
    socket,
    fire: (event: string, payload?: unknown) => {
      handlers.get(event)?.(payload);
      any?.(event, payload);
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

const { setToken } = await import('../../api/auth-token');
const { startRealtime } = await import('./realtime');
const { onRealtimeChange } = await import('./realtime-bus');

describe('onRealtimeChange', () => {
  let stopRealtime: (() => void) | undefined;
  afterEach(() => stopRealtime?.());

  it('rereads on its events and on every (re)connection, which may have missed one; not on other events', () => {
    setToken('t');
    stopRealtime = startRealtime(() => undefined);
    const refresh = vi.fn();
    const stop = onRealtimeChange(['CallLogged'], refresh);

    fake.fire('connect');
    expect(refresh).toHaveBeenCalledTimes(1);
    fake.fire('CallLogged', { count: 1 });
    expect(refresh).toHaveBeenCalledTimes(2);
    fake.fire('AppointmentChanged', {});
    expect(refresh).toHaveBeenCalledTimes(2);
    fake.fire('disconnect', 'transport close');
    fake.fire('connect');
    expect(refresh).toHaveBeenCalledTimes(3);

    stop();
    fake.fire('CallLogged', { count: 1 });
    fake.fire('connect');
    expect(refresh).toHaveBeenCalledTimes(3);
  });
});
