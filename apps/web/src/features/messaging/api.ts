import { PARK_LINES_OPTION_ID } from '@glass/domain/constants';
import type { RecordTypeName } from '@glass/domain/enums';
import { useQuery } from '@tanstack/react-query';
import { getAllPages, http, type ODataPage } from '../../api/http';
import type {
  ExpandedConversation as Conversation,
  MessageGroup,
  Subscription,
} from '@glass/domain/contracts';
import { conversationKeys } from '../../query/query-keys';
import { odataFilter } from '../../query/odata-filter';

// Spec 1 §3 "Conversation", "Message", "Recipient" and "Subscription": the contracts' types. The screens
// always read conversations expanded (messages with their recipients, and recipients).
export type {
  ExpandedConversation as Conversation,
  ConversationMessage,
  Recipient,
  Subscription,
} from '@glass/domain/contracts';

function startOfToday(): Date {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d;
}

/** Today's conversations of the user, newest first (the server filters to the user). */
export async function loadConversations(): Promise<Conversation[]> {
  const rows = await getAllPages<Conversation>('Conversations', {
    query: {
      $expand: 'Messages($expand=Recipients),Recipients',
      $filter: odataFilter<Conversation>().ge('lastMessageAt', startOfToday()).build(),
      $orderby: 'lastMessageAt desc',
    },
  });
  return [...rows].sort(
    (a, b) => new Date(b.lastMessageAt ?? 0).getTime() - new Date(a.lastMessageAt ?? 0).getTime(),
  );
}

export function useConversations(enabled = true) {
  return useQuery({ queryKey: conversationKeys.all, queryFn: loadConversations, enabled, retry: false });
}

export function useMessageGroups() {
  return useQuery({
    queryKey: conversationKeys.groups,
    queryFn: () => http.get<MessageGroup[]>('MessageGroups'),
    staleTime: 300_000,
  });
}

export function useSubscriptions(enabled = true) {
  return useQuery({
    queryKey: conversationKeys.subscriptions,
    queryFn: () => getAllPages<Subscription>('Subscriptions'),
    enabled,
    retry: false,
  });
}

export const DEFAULT_PARK_LINES = 8;

/**
 * The number of park lines, option 36. Roles that may not read options get a refusal; the footer then
 * falls back to 8 lines (a choice: the spec does not say what a refused read shows).
 */
export function useParkLineCount() {
  return useQuery({
    queryKey: conversationKeys.option(PARK_LINES_OPTION_ID),
    queryFn: async () => {
      try {
        const page = await http.get<ODataPage<{ id: number; value: string | number | null }>>('Options', {
          query: { $filter: odataFilter<{ id: number }>().eq('id', PARK_LINES_OPTION_ID).build() },
        });
        const value = Number(page?.value?.[0]?.value);
        return Number.isInteger(value) && value > 0 ? value : DEFAULT_PARK_LINES;
      } catch {
        return DEFAULT_PARK_LINES;
      }
    },
    staleTime: 300_000,
    retry: false,
  });
}

export function consumeAlert(alertId: number): Promise<unknown> {
  return http.post('self/consumeAlert', { alertIdToConsume: alertId });
}

/** The messaging writes (spec 1 §3); each caller refreshes the conversationKeys it changed. */
export const messagingApi = {
  /** POST Conversations/Start: multipart (subject, message, recipients, groups, record, image). */
  start: (form: FormData) => http.post('Conversations/Start', form),
  reply: (conversationId: number, form: FormData) => http.post(`Conversations/${conversationId}/Reply`, form),
  markAsRead: (conversationId: number) => http.post(`Conversations/${conversationId}/MarkAsRead`),
  /** PUT Subscriptions/{id}: the row with its new "always" choice. */
  saveSubscription: (row: Subscription, always: boolean) =>
    http.put(`Subscriptions/${row.id}`, {
      id: row.id,
      userId: row.userId,
      messageGroupId: row.messageGroupId,
      always,
      onDuty: row.onDuty,
      useSms: row.useSms,
    }),
  /** Parks an invoice or a service vehicle on a line, for a user or a message group. */
  park: (
    recordType: RecordTypeName,
    recordId: number,
    body: { parkLine?: number; parkedForUserId?: number; parkedForMessageGroupId?: number },
  ) =>
    http.post(
      recordType === 'Invoice' ? `Invoices/${recordId}/park` : `ServiceVehicle/${recordId}/park`,
      body,
    ),
  unpark: (parkedItemId: number) => http.delete(`ParkedItemsOdata/${parkedItemId}`),
};
