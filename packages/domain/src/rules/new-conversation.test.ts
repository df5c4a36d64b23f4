import { describe, expect, it } from 'vitest';
import {
  newConversationProblems,
  recordFromPath,
  replyProblem,
  startConversationPayload,
} from './new-conversation.js';

describe('new conversation (spec 1 §5 "New conversation")', () => {
  it("Subject required: 'Please enter a subject'. Message required: 'Please enter a message'", () => {
    expect(newConversationProblems({})).toEqual({
      subject: 'Please enter a subject',
      message: 'Please enter a message',
    });
    expect(newConversationProblems({ subject: 'Hi', message: 'There' })).toEqual({});
  });

  it('Groups and recipients are optional; empty lists are omitted', () => {
    expect(
      startConversationPayload({ subject: 'S', message: 'M', recipientUserIds: [], messageGroupIds: [] }, 1),
    ).toEqual({ Subject: 'S', Message: 'M', TitleColorId: 3 });
  });

  it('The current user is excluded from the recipients, and message group id 6 is excluded from the groups', () => {
    const p = startConversationPayload(
      { subject: 'S', message: 'M', recipientUserIds: [1, 2], messageGroupIds: [6, 4] },
      1,
    );
    expect(p.RecipientUserIds).toEqual([2]);
    expect(p.MessageGroupIds).toEqual([4]);
  });

  it('a list left empty by the exclusions is omitted too', () => {
    const p = startConversationPayload(
      { subject: 'S', message: 'M', recipientUserIds: [1], messageGroupIds: [6] },
      1,
    );
    expect(p).not.toHaveProperty('RecipientUserIds');
    expect(p).not.toHaveProperty('MessageGroupIds');
  });

  it("'Insert Current URL' attaches the invoice or service-vehicle id taken from the current address", () => {
    expect(recordFromPath('/invoices/42')).toEqual({ recordType: 'Invoice', recordId: 42 });
    expect(recordFromPath('/service-vehicles/7?alertId=3')).toEqual({
      recordType: 'ServiceVehicle',
      recordId: 7,
    });
    expect(recordFromPath('/invoices')).toBeUndefined();
    expect(recordFromPath('/employees')).toBeUndefined();
    const record = recordFromPath('/invoices/42') ?? null;
    expect(startConversationPayload({ subject: 'S', message: 'M', record }, 1)).toMatchObject({
      RecordId: 42,
      RecordType: 'Invoice',
    });
  });
});

describe('reply (spec 1 §5 "Reply")', () => {
  it("Text is required: 'Please enter your reply'", () => {
    expect(replyProblem('  ')).toBe('Please enter your reply');
    expect(replyProblem('ok')).toBeUndefined();
  });
});
