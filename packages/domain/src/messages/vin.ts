/** VIN validation texts. The specs give none, so these are ours (kept short for form help lines). */
export const VIN_LENGTH = 'VIN must have 17 characters';
export const VIN_CHARACTERS = 'VIN can only have letters and digits, without I, O or Q';
export const VIN_CHECK_DIGIT = 'VIN check digit does not match';
