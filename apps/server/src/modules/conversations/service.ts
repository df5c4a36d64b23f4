import { ConversationClass } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database, Orm } from '../../db/client.js';
import { type CheckedImage, FileStore } from '../../files/file-store.js';
import { audit } from '../../http/audit.js';
import { notFound } from '../../http/errors.js';
import { runODataQuery } from '../../odata/index.js';
import { type AlertHub, hubOf } from '../../realtime/hub.js';
import { consumeAlertsWhere } from '../alerts/alert-writer.js';
import type { ReplyInput, StartInput } from './form.js';
import { linkDetails, openRequestInTx, type RequestInput } from './requests.js';
import { conversationsResource, visibleTo } from './resource.js';
import { ConversationWriter, type LinkedRecord, type Written } from './writer.js';

export type { RequestInput };

export class ConversationService {
  private writer: ConversationWriter;

  constructor(
    private db: Database,
    private hub: AlertHub,
    private store: FileStore,
  ) {
    this.writer = new ConversationWriter(db, store);
  }

  /** One conversation as the list shows it, with messages and recipients, if the user may see it. */
  async byId(userId: number, id: number): Promise<Record<string, unknown> | undefined> {
    const query = { $filter: `id eq ${id}`, $expand: 'messages($expand=recipients),recipients' };
    const body = await runODataQuery((q) => this.db.listRows(q), conversationsResource, query, {
      baseUrl: '/api/Conversations',
      rawQuery: query,
      extraWhere: visibleTo(userId),
    });
    return JSON.parse(body).value[0];
  }

  async start(user: SessionUser, input: StartInput, image?: CheckedImage) {
    const written = await this.write(async (tx, files) => {
      const sender = await this.writer.sender(tx, user.id);
      const w = await this.writer.create(
        tx,
        { ...input, classNameId: ConversationClass.Regular, sender, image },
        files,
      );
      await audit(this.db, tx, user, {
        activity: 'Started conversation',
        type: 'create',
        recordType: 'Conversation',
        recordId: w.conversationId,
        details: {
          conversationId: w.conversationId,
          recipients: w.alerts.length,
          ...linkDetails(input.record),
        },
      });
      return w;
    });
    return this.byId(user.id, written.conversationId);
  }

  /**
   * A reply goes to the people who wrote in the conversation (its starter and the authors of its
   * messages) except the replier; if that is nobody, to everyone it was sent to. ReplyToAll adds every
   * earlier recipient and the current audience of the conversation's groups.
   */
  async reply(user: SessionUser, conversationId: number, input: ReplyInput, image?: CheckedImage) {
    await this.write(async (tx, files) => {
      const conv = await this.lockVisible(tx, user.id, conversationId);
      const people = await this.db.rows<{ userId: number; author: boolean }>(
        sql`select p.u as "userId", bool_or(p.author) as author from (
              select started_by_user_id as u, true as author from conversations where id = ${conversationId}
              union all select message_from_user_id, true from messages where conversation_id = ${conversationId}
              union all select r.recipient_user_id, false from recipients r join messages m on m.id = r.message_id
                        where m.conversation_id = ${conversationId}) p
            join users u on u.id = p.u and u.is_active
            where p.u <> ${user.id} group by p.u order by p.u`,
        tx,
      );
      const authors = people.filter((p) => p.author);
      const userIds = (input.replyToAll || authors.length === 0 ? people : authors).map((p) => p.userId);
      const groups = input.replyToAll
        ? (
            await this.db.rows<{ id: number }>(
              sql`select message_group_id as id from conversation_message_groups where conversation_id = ${conversationId}`,
              tx,
            )
          ).map((g) => g.id)
        : [];
      const sender = await this.writer.sender(tx, user.id);
      const recipients = await this.writer.recipients(tx, sender, userIds, groups);
      const w = await this.writer.addMessage(
        tx,
        {
          conversationId,
          subject: conv.subject,
          message: input.message,
          sender,
          recipients,
          record: conv.record,
          image,
        },
        files,
      );
      await audit(this.db, tx, user, {
        activity: 'Replied to conversation',
        type: 'create',
        recordType: 'Conversation',
        recordId: conversationId,
        details: {
          conversationId,
          messageId: w.messageId,
          replyToAll: input.replyToAll,
          ...linkDetails(conv.record),
        },
      });
      return w;
    });
    return this.byId(user.id, conversationId);
  }

  /**
   * Marks every message of the conversation not sent by the user as read by the user (adding the
   * recipient rows the unread rule looks for) and consumes the user's NewMessage alert for it.
   */
  async markAsRead(user: SessionUser, conversationId: number) {
    const result = await this.write(async (tx) => {
      await this.lockVisible(tx, user.id, conversationId);
      const marked = await this.db.rows<{ id: number }>(
        sql`insert into recipients (message_id, recipient_user_id, conversation_id, message_read_at)
            select m.id, ${user.id}, m.conversation_id, now() from messages m
            where m.conversation_id = ${conversationId} and m.message_from_user_id <> ${user.id}
            on conflict (message_id, recipient_user_id) do update set message_read_at = now()
              where recipients.message_read_at is null
            returning id`,
        tx,
      );
      const alerts = await consumeAlertsWhere(
        this.db,
        tx,
        sql`a.user_id = ${user.id} and a.type = 'NewMessage' and a.conversation_id = ${conversationId}`,
      );
      await audit(this.db, tx, user, {
        activity: 'Marked conversation read',
        type: 'action',
        recordType: 'Conversation',
        recordId: conversationId,
        details: { conversationId, messages: marked.length },
      });
      return { alerts, marked: marked.length };
    });
    return { conversationId, markedRead: result.marked };
  }

  /** Opens a system or tech request from server code, in its own transaction; alerts are pushed on commit. */
  async openRequest(
    input: RequestInput,
    actor?: SessionUser,
  ): Promise<{ conversationId: number; messageId: number }> {
    const w = await this.write((tx) => this.openRequestInTx(tx, input, actor));
    return { conversationId: w.conversationId, messageId: w.messageId };
  }

  /** The same inside the caller's transaction: push `alerts` with hubOf(app).push() after it commits. */
  openRequestInTx(tx: Orm, input: RequestInput, actor?: SessionUser): Promise<Written> {
    return openRequestInTx(this.db, this.writer, tx, input, actor);
  }

  private async lockVisible(tx: Orm, userId: number, id: number) {
    const [row] = await this.db.rows<{
      subject: string;
      invoiceId: number | null;
      serviceVehicleId: number | null;
    }>(
      sql`select c.subject, c.invoice_id as "invoiceId", c.service_vehicle_id as "serviceVehicleId"
          from conversations c where c.id = ${id} and ${visibleTo(userId)} for update`,
      tx,
    );
    if (!row) throw notFound(`Conversation ${id} does not exist.`);
    const record: LinkedRecord | null = row.invoiceId
      ? { recordType: 'Invoice', recordId: row.invoiceId }
      : row.serviceVehicleId
        ? { recordType: 'ServiceVehicle', recordId: row.serviceVehicleId }
        : null;
    return { subject: row.subject, record };
  }

  /** Runs a write transaction, removes its files if it fails, and pushes its alerts once it commits. */
  private async write<T extends { alerts: Written['alerts'] }>(
    fn: (tx: Orm, files: string[]) => Promise<T>,
  ): Promise<T> {
    const files: string[] = [];
    let result: T;
    try {
      result = await this.db.orm.transaction((txn) => fn(txn as unknown as Orm, files));
    } catch (err) {
      await this.store.discard(files);
      throw err;
    }
    this.hub.push(result.alerts);
    return result;
  }
}

/** The conversation service of an app, for other modules (system and tech requests). */
export const conversationsOf = (app: App) =>
  new ConversationService(app.deps.db, hubOf(app), new FileStore(app.deps.db, app.deps.config));
