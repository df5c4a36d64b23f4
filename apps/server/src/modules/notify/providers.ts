import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { App } from '../../app-type.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { FileStore } from '../../files/file-store.js';
import { type NotifyProvider, type OutboxMessage, RecordingProvider } from './provider.js';
import { decryptSecret } from '../../resources/secrets.js';

/** What an e-mail row carries in notify_outbox.meta. */
export interface EmailMeta {
  attachments?: { filename: string; path: string }[];
  /** Copies (a clearing house's cc_email and bcc_email): addresses, each sent as its header says. */
  cc?: string[];
  bcc?: string[];
}

interface MailboxSettings {
  smtpServer: string;
  port: number;
  account: string;
  fromEmail: string;
  name: string;
  passwordSecret: string | null;
}

/**
 * E-mail over SMTP with the settings of the row's mailbox (read at send time, so a corrected mailbox
 * applies to messages still pending). The mailbox password is decrypted here and nowhere else.
 */
export class SmtpProvider implements NotifyProvider {
  readonly name = 'smtp';
  private files: FileStore;

  constructor(
    private db: Database,
    private config: Config,
    private timeoutMs = 20_000,
  ) {
    this.files = new FileStore(db, config);
  }

  async send(message: OutboxMessage): Promise<void> {
    if (message.mailboxId === null) throw new Error('No mailbox for this e-mail');
    const [box] = await this.db.rows<MailboxSettings>(
      sql`select smtp_server as "smtpServer", port, account, from_email as "fromEmail", name,
                 password_secret as "passwordSecret"
          from mailboxes where id = ${message.mailboxId}`,
    );
    if (!box) throw new Error(`Mailbox ${message.mailboxId} not found`);
    const pass = decryptSecret(box.passwordSecret, this.config.secretsKey, this.config.passwordPepper);
    const transport = nodemailer.createTransport({
      host: box.smtpServer,
      port: box.port,
      secure: box.port === 465,
      auth: pass ? { user: box.account, pass } : undefined,
      connectionTimeout: this.timeoutMs,
      greetingTimeout: this.timeoutMs,
      socketTimeout: this.timeoutMs,
    });
    const meta: EmailMeta = message.meta ? JSON.parse(message.meta) : {};
    const attachments = await Promise.all(
      (meta.attachments ?? []).map(async (a) => {
        const file = await this.files.read(a.path);
        if (!file) throw new Error(`Attachment ${a.path} is missing`);
        return {
          filename: a.filename,
          content: file.data,
          contentType: file.mime,
        };
      }),
    );
    try {
      await transport.sendMail({
        from: { name: box.name, address: box.fromEmail },
        to: message.toAddress,
        ...(meta.cc?.length ? { cc: meta.cc } : {}),
        ...(meta.bcc?.length ? { bcc: meta.bcc } : {}),
        subject: message.subject ?? '',
        text: message.body,
        attachments,
      });
    } finally {
      transport.close();
    }
  }
}

/** Texts through an HTTP gateway: POST {id, to, body} as JSON; any non-2xx answer is a failed attempt. */
export class HttpSmsProvider implements NotifyProvider {
  readonly name = 'http-sms';

  constructor(
    private url: string,
    private token?: string,
    private timeoutMs = 15_000,
  ) {}

  async send(message: OutboxMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ id: message.id, to: message.toAddress, body: message.body }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** Hands each message to the provider of its channel. */
export class ChannelProvider implements NotifyProvider {
  readonly name: string;

  constructor(private byChannel: { sms: NotifyProvider; email: NotifyProvider }) {
    this.name = `sms:${byChannel.sms.name},email:${byChannel.email.name}`;
  }

  send(message: OutboxMessage): Promise<void> {
    return this.byChannel[message.channel].send(message);
  }
}

/** The providers the configuration asks for (README "Configuration"; notify/README.md). */
export function createNotifyProvider(db: Database, config: Config, log?: App['log']): NotifyProvider {
  const record = new RecordingProvider((msg, data) => log?.info(data, msg));
  if (config.smsProvider === 'http' && !config.smsHttpUrl)
    throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
  return new ChannelProvider({
    sms:
      config.smsProvider === 'http' ? new HttpSmsProvider(config.smsHttpUrl!, config.smsHttpToken) : record,
    email: config.mailTransport === 'smtp' ? new SmtpProvider(db, config) : record,
  });
}
