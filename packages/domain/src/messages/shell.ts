/** Shell texts: notices, dialogs, the error screen and empty states, spec 1 §2, §8 and spec 2 §2. */
export const UNSAVED_CHANGES_TITLE = 'Unsaved Changes';
export const UNSAVED_CHANGES_TEXT = 'You have unsaved changes. Are you sure you want to leave this page?';
export const PROCEED = 'Proceed';
export const CANCEL = 'Cancel';
export const OK = 'OK';
export const SUBMIT = 'Submit';
export const CLOSE = 'Close';
export const REFRESH = 'Refresh';

export const ERROR_SCREEN_TITLE = 'Something went wrong';
export const ERROR_SCREEN_TEXT = 'An unexpected error occurred';
export const TRY_AGAIN = 'Try Again';

export const NO_NOTIFICATIONS = 'No notifications';
export const ALL_CAUGHT_UP = "You're all caught up!";

/** Progress notice, then 'Success' (or a custom success text) for 1 s. */
export const PROCESSING = 'Processing...';
export const SUCCESS = 'Success';
/** 400 notice title, shown with the first server validation error for 2 s. */
export const BAD_REQUEST = 'Bad Request';
/** Other failures, shown with the response body or a fallback text for 4 s. */
export const ERROR = 'Error';

/** "A page title that gets a prefix "(N)" when N alerts are pending" — see rules/alerts.ts. */
export const pendingTitlePrefix = (pending: number) => `(${pending})`;
