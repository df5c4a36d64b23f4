/** The spec's display formats (spec 1 §9: MM/DD/YYYY hh:mm A), apart from the pickers so showing costs no picker. */
export const DATE_FORMAT = 'MM/DD/YYYY';
export const DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm A';
