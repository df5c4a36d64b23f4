/** Phone extensions and call center texts, spec 2 §8 (verbatim). */
export const FAILED_TO_GET_PHONE_EXTENSIONS_LIST = 'Failed to get phone extensions list.';
export const FAILED_TO_LIST_PHONE_EXTENSIONS = 'Failed to list phone extensions';
export const FAILED_TO_GET_CALL_QUERIES = 'Failed to get Call Queries';
export const FAILED_TO_GET_CALL_CENTER_DASHBOARD = 'Failed to get Call Center dashboard';
