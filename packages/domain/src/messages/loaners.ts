/** Loaner phones (STA Phones) texts, spec 2 §8 (verbatim). */
export const FAILED_TO_GET_PHONES = 'Failed to get Phones';
