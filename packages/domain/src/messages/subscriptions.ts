/** Subscription Settings dialog texts, spec 1 §2 and §8 (verbatim). */
export const FAILED_TO_GET_USER_SUBSCRIPTIONS = 'Failed to get user subscriptions';
export const FAILED_TO_SAVE_SUBSCRIPTIONS = 'failed to save subscriptions';
export const FAILED_TO_UPDATE_SUBSCRIPTION_SETTINGS = 'Failed to update subscription settings';
export const SUBSCRIPTION_SETTINGS_TITLE = 'Subscription Settings';
export const NEVER = 'Never';
export const ALWAYS = 'Always';
