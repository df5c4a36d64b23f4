/** Query keys of messaging: conversations, groups, subscriptions, parked items and alerts. */
export const conversationKeys = {
  all: ['conversations'] as const,
  groups: ['message-groups'] as const,
  subscriptions: ['subscriptions'] as const,
  parked: ['parking', 'items'] as const,
  alerts: ['alerts', 'mine'] as const,
  option: (optionId: number) => ['options', optionId] as const,
};
