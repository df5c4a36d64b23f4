/** Business constants and limits of spec 1 §9 and spec 2 §9, plus the fixed ids both documents name. */

// Fixed ids
export const IGNORED_MESSAGE_GROUP_ID = 6;
export const PARK_LINES_OPTION_ID = 36;
export const NEW_CONVERSATION_TITLE_COLOR_ID = 3;
/** A facility saved with this id is created, not updated (spec 2 §5). */
export const NEW_FACILITY_ID = -1;
/** Activity log details are also looked up by this parameter id (spec 2 §7). */
export const ACTIVITY_LOG_DETAIL_PARAM_ID = 443;

// Caches and timing
export const USER_CACHE_TTL_MS = 300_000;
export const RECONCILE_CACHE_TTL_MS = 300_000;
export const REALTIME_TIMEOUT_MS = 30_000;
export const REALTIME_RETRY_DELAY_MS = 30_000;
/**
 * Spec: six growing reconnect intervals starting at 1 s. The growth is ours: roughly doubling and
 * capped at the 30 s retry delay, so the automatic steps never wait longer than a manual retry.
 */
export const REALTIME_RECONNECT_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000];
export const CONNECTION_STATUS_POLL_MS = 5_000;
export const PHONE_POPUP_CLOSE_MS = 2_000;

// Notices (durations in ms; antd `message` takes seconds, so divide by 1000 there)
export const ERROR_TOAST_SHORT_MS = 800;
export const ERROR_NOTICE_MS = 4_000;
export const INFO_NOTICE_MS = 1_000;
export const SUCCESS_NOTICE_MS = 1_000;
export const BAD_REQUEST_NOTICE_MS = 2_000;

// Uploads: "5 MB" is read as 5 MiB, the usual antd `file.size / 1024 / 1024 < 5` check.
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_NEW_CONVERSATION_IMAGES = 1;

// Layout
export const MESSAGES_DRAWER_WIDTH = 600;
export const NEW_CONVERSATION_DRAWER_WIDTH = 520;
export const NOTIFICATIONS_DRAWER_WIDTH = '25vw';
export const SUBSCRIPTIONS_DIALOG_WIDTH = 1000;
/** Screens narrower than this open conversations' records on /my-requests instead of in place. */
export const NARROW_SCREEN_MAX_PX = 900;
export const MAX_SHORTCUT_TILES = 3;
export const SKELETON_ROWS = 8;

// Input rules
export const REPLACEMENT_REPAIR_COUNT = 4;
export const PASSWORD_LENGTH = 6;
export const LOGIN_USERNAME_FOCUS_LENGTH = 3;
export const LOGIN_AUTO_SUBMIT_LENGTH = 6;
export const QUICK_PHONE_MAX_LENGTH = 11;
export const QUICK_PHONE_LOOKUP_MIN_CHARS = 4;

// List sizes
export const INVOICES_LIST_TOP = 250;
export const SERVICE_VEHICLES_LIST_TOP = 100;
export const SERVICE_DRIVE_LIST_TOP = 50;
export const OUTSTANDING_INVOICES_TOP = 25;
export const ACTIVITY_LOGS_TOP = 20;
export const ACTIVITY_LOGS_DEFAULT_WINDOW_MINUTES = 10;
export const MY_LISTS_PAGE_SIZE = 10;
/** My Service Vehicles and My Requests send this fixed TZO (minutes, `Date#getTimezoneOffset` sign). */
export const MY_LISTS_TZO = 300;

// Dates and places
export const DATE_DISPLAY_FORMAT = 'MM/DD/YYYY hh:mm A';
export const CONVERSATION_HEADER_FORMAT = 'ddd MMM DD, YYYY h:mmA';
export const CALENDAR_DEFAULT_START = '08:00';
export const RECONCILE_DEFAULT_RANGE_YEARS = 1;
export const DEFAULT_MAP_POSITION = { latitude: 29.940498, longitude: -95.522003 } as const;

// Parked badge age thresholds (minutes)
export const PARKED_GREEN_UNDER_MINUTES = 10;
export const PARKED_YELLOW_UNDER_MINUTES = 30;

// Phone bridge window messages (spec 2 §4)
export const PHONE_BRIDGE_READY = 'phone-extensions-ready';
export const PHONE_BRIDGE_CALL_PREFIX = 'makePhoneCall?';
export const PHONE_BRIDGE_CALLED = 'phone-called';
/**
 * What /phone-requests posts to its parent after a call request, once it has looked the number up (issue #22;
 * apps/web/src/features/phone-bridge/README.md): `openRecord?{"kind":"serviceVehicle"|"invoice","id":N,"path":"/…","phone":"digits"}`
 * when exactly one record matches, else `openPhoneDialog?{"phone":"digits"}`.
 */
export const PHONE_BRIDGE_OPEN_RECORD_PREFIX = 'openRecord?';
export const PHONE_BRIDGE_OPEN_PHONE_DIALOG_PREFIX = 'openPhoneDialog?';
