/** Facilities texts, spec 2 §8 (verbatim). The spec spells this one two ways; both are kept. */
export const FAILED_TO_GET_FACILITIES = 'Failed to get Facilities';
export const FAILED_TO_GET_FACILITIES_LC = 'Failed to get facilities';
