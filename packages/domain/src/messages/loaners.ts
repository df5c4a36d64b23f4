/** Loaner phones (STA Phones) texts, spec 2 §8 (verbatim). */
export const FAILED_TO_GET_PHONES = 'Failed to get Phones';

/** Not in the spec's catalogue; worded like its list failures. */
export const FAILED_TO_GET_LOANER_CARS = 'Failed to get Loaner Cars';
export const FAILED_TO_GET_LOANER_RESERVATIONS = 'Failed to get Loaner Reservations';
export const FAILED_TO_SAVE_LOANER_USAGE = 'Failed to save loaner car usage';
