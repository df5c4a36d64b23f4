import { ConversationClass, NEW_CONVERSATION_TITLE_COLOR_ID } from '@glass/domain';
import type { SessionUser } from '../../auth/sessions.js';
import { audit } from '../../http/audit.js';
import type { ConversationWriter, LinkedRecord, Written } from './writer.js';
import type { Db } from '../../db/unit-of-work.js';

/** What server code passes to open a system request (1, its own notices) or a tech request (2, help asked from a record). */
export interface RequestInput {
  classNameId: typeof ConversationClass.SystemRequest | typeof ConversationClass.TechRequest;
  fromUserId: number;
  subject: string;
  message: string;
  recipientUserIds?: readonly number[];
  messageGroupIds?: readonly number[];
  record?: LinkedRecord;
}

export const linkDetails = (record?: LinkedRecord | null) =>
  record ? { [record.recordType === 'Invoice' ? 'invoiceId' : 'serviceVehicleId']: record.recordId } : {};

/**
 * Opens a system request (1) or a tech request (2) inside the caller's unit of work. Like Start, it
 * reaches the named users and the groups' audience; the alerts push themselves once the work commits.
 */
export async function openRequestInTx(
  tx: Db,
  writer: ConversationWriter,
  input: RequestInput,
  actor?: SessionUser,
): Promise<Written> {
  const sender = await writer.sender(tx, input.fromUserId);
  const w = await writer.create(tx, {
    ...input,
    titleColorId: NEW_CONVERSATION_TITLE_COLOR_ID,
    sender,
    recipientUserIds: input.recipientUserIds ?? [],
    messageGroupIds: input.messageGroupIds ?? [],
  });
  await audit(tx, actor, {
    activity:
      input.classNameId === ConversationClass.TechRequest ? 'Opened tech request' : 'Opened system request',
    type: 'create',
    recordType: 'Conversation',
    recordId: w.conversationId,
    details: { conversationId: w.conversationId, ...linkDetails(input.record) },
  });
  return w;
}
