import type { NotifyChannel } from './outbox.js';

/** A message as the sender hands it to a provider (one notify_outbox row). */
export interface OutboxMessage {
  id: number;
  channel: NotifyChannel;
  toAddress: string;
  subject: string | null;
  body: string;
  meta: string | null;
  mailboxId: number | null;
  recordType: string | null;
  recordId: number | null;
}

/**
 * Delivers one message (an SMS gateway, SMTP …). Throwing marks the attempt failed; the sender retries
 * until its attempt limit. Implementations must be safe to call again for the same id (at-least-once).
 */
export interface NotifyProvider {
  readonly name: string;
  send(message: OutboxMessage): Promise<void>;
}

/**
 * The default provider: delivers nothing, keeps the latest messages in memory and logs them. It lets
 * the whole flow (queue → drain → sent) run without an SMS or mail account; production swaps in a real one.
 */
export class RecordingProvider implements NotifyProvider {
  readonly name = 'recording';
  readonly sent: OutboxMessage[] = [];

  constructor(
    private log?: (msg: string, data: Record<string, unknown>) => void,
    private keep = 1000,
  ) {}

  async send(message: OutboxMessage): Promise<void> {
    this.sent.push(message);
    if (this.sent.length > this.keep) this.sent.splice(0, this.sent.length - this.keep);
    this.log?.('notify: recorded message', {
      id: message.id,
      channel: message.channel,
      to: message.toAddress,
    });
  }
}
