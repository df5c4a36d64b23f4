import type { Alert } from '@glass/domain';
import type { Server } from 'socket.io';

/** An alert for one user, as created by the alerts writer and pushed by the hub. */
export interface UserAlert {
  userId: number;
  alert: Alert;
}

export const NEW_ALERT_EVENT = 'NewAlert';
export const userRoom = (userId: number) => `user:${userId}`;

/**
 * Pushes alerts to the sockets of their users (room `user:{id}`), on this process and, through the
 * PostgreSQL adapter, on every other one. Services call push() after their transaction commits,
 * so nobody is told about an alert that was rolled back. Before socket.io is attached (or when it
 * never is, as in API tests) pushes are dropped: the alerts stay readable through GET self/alerts.
 */
export class AlertHub {
  private io?: Server;
  private listeners = new Set<(alerts: readonly UserAlert[]) => void>();

  bind(io: Server | undefined) {
    this.io = io;
  }

  push(alerts: readonly UserAlert[]) {
    if (alerts.length === 0) return;
    for (const listener of this.listeners) listener(alerts);
    if (!this.io) return;
    for (const { userId, alert } of alerts) this.io.to(userRoom(userId)).emit(NEW_ALERT_EVENT, alert);
  }

  /** In-process observers (tests, metrics); the real delivery is the socket push. */
  onPush(listener: (alerts: readonly UserAlert[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const hubs = new WeakMap<object, AlertHub>();

/** The hub of an app: one per app instance, shared by every module that creates alerts. */
export function hubOf(app: object): AlertHub {
  let hub = hubs.get(app);
  if (!hub) {
    hub = new AlertHub();
    hubs.set(app, hub);
  }
  return hub;
}
