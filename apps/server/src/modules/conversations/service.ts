import type { ExpandedConversation } from '@glass/domain/contracts';
import { ConversationClass } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { App } from '../../app-type.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import { type CheckedImage, FileStore } from '../../files/file-store.js';
import { audit } from '../../http/audit.js';
import { notFound } from '../../http/errors.js';
import { runODataQuery } from '../../odata/index.js';
import { type AlertHub, hubOf } from '../../realtime/hub.js';
import { consumeAlertsWhere } from '../alerts/index.js';
import type { ReplyInput, StartInput } from './form.js';
import { linkDetails, openRequestInTx, type RequestInput } from './requests.js';
import { conversationsResource, visibleTo } from './resource.js';
import { ConversationWriter, type LinkedRecord, type Written } from './writer.js';
import type { Db } from '../../db/unit-of-work.js';

export type { RequestInput };

export class ConversationService {
  private writer: ConversationWriter;

  constructor(
    private db: Database,
    private hub: AlertHub,
    store: FileStore,
  ) {
    this.writer = new ConversationWriter(store, hub);
  }

  /** One conversation as the list shows it, with messages and recipients, if the user may see it. */
  async byId(userId: number, id: number): Promise<ExpandedConversation | undefined> {
    const query = { $filter: `id eq ${id}`, $expand: 'messages($expand=recipients),recipients' };
    const body = await runODataQuery((q) => this.db.listRows(q), conversationsResource, query, {
      baseUrl: '/api/Conversations',
      rawQuery: query,
      extraWhere: visibleTo(userId),
    });
    return JSON.parse(body).value[0];
  }

  /** The conversation just written, as listed (its writer always sees it). */
  private async written(userId: number, id: number): Promise<ExpandedConversation> {
    const conversation = await this.byId(userId, id);
    if (!conversation) throw notFound(`Conversation ${id} not found`);
    return conversation;
  }

  async start(user: SessionUser, input: StartInput, image?: CheckedImage) {
    const written = await this.db.transaction(async (tx) => {
      const sender = await this.writer.sender(tx, user.id);
      const w = await this.writer.create(tx, {
        ...input,
        classNameId: ConversationClass.Regular,
        sender,
        image,
      });
      await audit(tx, user, {
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
    return this.written(user.id, written.conversationId);
  }

  /**
   * A reply goes to the people who wrote in the conversation (its starter and the authors of its
   * messages) except the replier; if that is nobody, to everyone it was sent to. ReplyToAll adds every
   * earlier recipient and the current audience of the conversation's groups.
   */
  async reply(user: SessionUser, conversationId: number, input: ReplyInput, image?: CheckedImage) {
    await this.db.transaction(async (tx) => {
      const conv = await this.lockVisible(tx, user.id, conversationId);
      const people = await tx.rows<{ userId: number; author: boolean }>(
        sql`select p.u as "userId", bool_or(p.author) as author from (
              select started_by_user_id as u, true as author from conversations where id = ${conversationId}
              union all select message_from_user_id, true from messages where conversation_id = ${conversationId}
              union all select r.recipient_user_id, false from recipients r join messages m on m.id = r.message_id
                        where m.conversation_id = ${conversationId}) p
            join users u on u.id = p.u and u.is_active
            where p.u <> ${user.id} group by p.u order by p.u`,
      );
      const authors = people.filter((p) => p.author);
      const userIds = (input.replyToAll || authors.length === 0 ? people : authors).map((p) => p.userId);
      const groups = input.replyToAll
        ? (
            await tx.rows<{ id: number }>(
              sql`select message_group_id as id from conversation_message_groups where conversation_id = ${conversationId}`,
            )
          ).map((g) => g.id)
        : [];
      const sender = await this.writer.sender(tx, user.id);
      const recipients = await this.writer.recipients(tx, sender, userIds, groups);
      const w = await this.writer.addMessage(tx, {
        conversationId,
        subject: conv.subject,
        message: input.message,
        sender,
        recipients,
        record: conv.record,
        image,
      });
      await audit(tx, user, {
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
    return this.written(user.id, conversationId);
  }

  /**
   * Marks every message of the conversation not sent by the user as read by the user (adding the
   * recipient rows the unread rule looks for) and consumes the user's NewMessage alert for it.
   */
  async markAsRead(user: SessionUser, conversationId: number) {
    const result = await this.db.transaction(async (tx) => {
      await this.lockVisible(tx, user.id, conversationId);
      const marked = await tx.rows<{ id: number }>(
        sql`insert into recipients (message_id, recipient_user_id, conversation_id, message_read_at)
            select m.id, ${user.id}, m.conversation_id, now() from messages m
            where m.conversation_id = ${conversationId} and m.message_from_user_id <> ${user.id}
            on conflict (message_id, recipient_user_id) do update set message_read_at = now()
              where recipients.message_read_at is null
            returning id`,
      );
      await consumeAlertsWhere(
        tx,
        this.hub,
        sql`a.user_id = ${user.id} and a.type = 'NewMessage' and a.conversation_id = ${conversationId}`,
      );
      await audit(tx, user, {
        activity: 'Marked conversation read',
        type: 'action',
        recordType: 'Conversation',
        recordId: conversationId,
        details: { conversationId, messages: marked.length },
      });
      return { marked: marked.length };
    });
    return { conversationId, markedRead: result.marked };
  }

  /** Opens a system or tech request from server code, in its own unit of work; alerts are pushed on commit. */
  async openRequest(
    input: RequestInput,
    actor?: SessionUser,
  ): Promise<{ conversationId: number; messageId: number }> {
    const w = await this.db.transaction((tx) => this.openRequestInTx(tx, input, actor));
    return { conversationId: w.conversationId, messageId: w.messageId };
  }

  /** The same inside the caller's unit of work; the alerts push themselves once it commits. */
  openRequestInTx(tx: Db, input: RequestInput, actor?: SessionUser): Promise<Written> {
    return openRequestInTx(tx, this.writer, input, actor);
  }

  private async lockVisible(tx: Db, userId: number, id: number) {
    const [row] = await tx.rows<{
      subject: string;
      invoiceId: number | null;
      serviceVehicleId: number | null;
    }>(
      sql`select c.subject, c.invoice_id as "invoiceId", c.service_vehicle_id as "serviceVehicleId"
          from conversations c where c.id = ${id} and ${visibleTo(userId)} for update`,
    );
    if (!row) throw notFound(`Conversation ${id} does not exist.`);
    const record: LinkedRecord | null = row.invoiceId
      ? { recordType: 'Invoice', recordId: row.invoiceId }
      : row.serviceVehicleId
        ? { recordType: 'ServiceVehicle', recordId: row.serviceVehicleId }
        : null;
    return { subject: row.subject, record };
  }
}

/** The conversation service of an app, for other modules (system and tech requests). */
export const conversationsOf = (app: App) =>
  new ConversationService(app.deps.db, hubOf(app), new FileStore(app.deps.db, app.deps.config));
