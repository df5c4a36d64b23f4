/** Global search texts, spec 1 §2 and §8 (verbatim). */
export const SEARCH_RESULTS_FOUND = 'search results found successfully';
export const SEARCH_FAILED = 'failed to search records';
export const PHONE_SEARCH_FAILED = 'failed to search by phone';
export const findResultTitle = (count: number) => `Find Result: ${count} records found`;
