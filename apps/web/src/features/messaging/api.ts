import { PARK_LINES_OPTION_ID } from '@glass/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { getAllPages, http, type ODataPage } from '../../api/http';
import type { MessageGroup } from '../../api/types';

/** Spec 1 §3 "Recipient". */
export interface Recipient {
  id: number;
  recipientUserId: number;
  messageId: number;
  messageReadAt: string | null;
  recipientName?: string | null;
}

/** Spec 1 §3 "Message". */
export interface ConversationMessage {
  id: number;
  message: string;
  messageFromUserId: number;
  messageFromName?: string | null;
  messagedAt: string | null;
  expiresAt?: string | null;
  imageAttachmentPath?: string | null;
  imageAttachmentUrl?: string | null;
  recipients?: Recipient[] | null;
}

/** Spec 1 §3 "Conversation". */
export interface Conversation {
  id: number;
  subject: string | null;
  description?: string | null;
  startedByUserId: number;
  startedByName?: string | null;
  startedAt: string | null;
  lastMessageAt: string | null;
  classNameId: number;
  titleColorId?: number | null;
  serviceVehicleId?: number | null;
  invoiceId?: number | null;
  messageGroups?: { id: number; name: string }[] | null;
  messages?: ConversationMessage[] | null;
  recipients?: Recipient[] | null;
}

export interface Subscription {
  id: number;
  userId: number;
  messageGroupId: number;
  groupName?: string | null;
  groupDescription?: string | null;
  always: boolean;
  onDuty: boolean;
  useSms: boolean;
}

export const CONVERSATIONS_KEY = ['conversations'] as const;
export const PARKED_KEY = ['parking', 'items'] as const;
export const ALERTS_KEY = ['alerts', 'mine'] as const;
export const SUBSCRIPTIONS_KEY = ['subscriptions'] as const;

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
      $filter: `lastMessageAt ge ${startOfToday().toISOString()}`,
      $orderby: 'lastMessageAt desc',
    },
  });
  return [...rows].sort(
    (a, b) => new Date(b.lastMessageAt ?? 0).getTime() - new Date(a.lastMessageAt ?? 0).getTime(),
  );
}

export function useConversations(enabled = true) {
  return useQuery({ queryKey: CONVERSATIONS_KEY, queryFn: loadConversations, enabled, retry: false });
}

export function useMessageGroups() {
  return useQuery({
    queryKey: ['message-groups'],
    queryFn: async () => {
      const body = await http.get<MessageGroup[] | ODataPage<MessageGroup>>('MessageGroups');
      return Array.isArray(body) ? body : (body?.value ?? []);
    },
    staleTime: 300_000,
  });
}

export function useSubscriptions(enabled = true) {
  return useQuery({
    queryKey: SUBSCRIPTIONS_KEY,
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
    queryKey: ['options', PARK_LINES_OPTION_ID],
    queryFn: async () => {
      try {
        const page = await http.get<ODataPage<{ id: number; value: string | number | null }>>('Options', {
          query: { $filter: `id eq ${PARK_LINES_OPTION_ID}` },
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
