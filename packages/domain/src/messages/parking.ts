/** Parked-alert removal texts, spec 1 §8 (verbatim). */
export const REMOVING_PARKED_ALERT = 'Removing parked alert';
export const ALERT_REMOVED = 'Alert removed successfully';
export const FAILED_TO_REMOVE_ALERT = 'Failed to remove alert';
