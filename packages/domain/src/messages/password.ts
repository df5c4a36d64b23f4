/** Change-password texts, spec 1 §5 (verbatim). */
export const CURRENT_PASSWORD_REQUIRED = 'Current Password Required';
export const NEW_PASSWORD_REQUIRED = 'New Password Required';
export const NEW_PASSWORD_SIX_DIGITS = 'New Password must have 6 digits';
export const NEW_PASSWORD_CONSECUTIVE = 'New Password cannot have consecutive digits';
export const NEW_PASSWORD_REPEATED = 'New Password cannot have the same digits repeated';
export const NEW_PASSWORD_CONFIRMATION_REQUIRED = 'New Password Confirmation Required';
export const PASSWORD_DOES_NOT_MATCH = 'Password does not match';
export const CHANGE_PASSWORD_TITLE = 'Change Password';
export const FILL_MISSING_MANDATORY_FIELDS = 'Please fill the missing mandatory fields.';
export const REVIEW_FOLLOWING_FIELDS = 'Please review the following fields.';
export const PASSWORD_UPDATED = 'password updated successfully';
export const PASSWORD_UPDATE_FAILED = 'failed to update password';
