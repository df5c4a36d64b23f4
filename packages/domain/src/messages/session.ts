/** Login, session start-up, duty and facility texts, spec 1 §4 and §8 (verbatim). */
export const LOGIN_FAILED = 'Failed to login! Check your user name or password!';
export const STARTUP_LOAD_FAILED = 'Failed to load data. Please refresh the page.';
export const FAILED_TO_GET_SELF = 'Failed to get self';
export const FAILED_TO_GET_GROUP_ROLES = 'Failed to get group roles';
export const FAILED_TO_GET_USER_TILES = 'Failed to get user tiles';
export const FAILED_TO_GET_USER_INFORMATION = 'Failed to get User Information.';
export const FAILED_TO_GET_DUTY_STATUS = 'Failed to get duty status';
export const DUTY_STATUS_UPDATED = 'duty status updated successfully';
export const DUTY_STATUS_UPDATE_FAILED = 'failed to update duty status';
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by your browser';
export const failedToChangeFacility = (id: number | string) => `failed to change facility #${id}`;
/** Spec 1 §2 names the labels of the top bar switch and login button. */
export const ON_DUTY = 'On Duty';
export const OFF_DUTY = 'Off Duty';
export const CONFIRM_OFF_DUTY_TITLE = 'Confirm Off Duty';
export const LOGIN_BUTTON = 'Login';
