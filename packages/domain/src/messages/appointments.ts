/** Appointment texts, spec 2 §2 and §8 (verbatim). */
export const FAILED_TO_LIST_MY_APPOINTMENTS = 'Failed to list my appointments';
export const FAILED_TO_LIST_FACILITY_APPOINTMENTS = 'Failed to list facility appointments';
export const FAILED_TO_LIST_APPOINTMENTS = 'Failed to list appointments';
export const FAILED_TO_GET_INSTALLERS = 'Failed to get installers';
export const NO_APPOINTMENTS_FOR_DAY = 'No appointments found for this day';
