/** Administrative list texts, spec 2 §8 (verbatim, typos included: "Logss" is spelled so). */
export const FAILED_TO_GET_MAILBOXES = 'Failed to get Mailboxes';
export const FAILED_TO_GET_EMAIL_TEMPLATES = 'Failed to get Email Templates';
export const FAILED_TO_GET_ACTIVITY_LOGS = 'Failed to get Activity Logss';
export const FAILED_TO_GET_MATERIALS_LIST = 'Failed to get materials list';
export const FAILED_TO_GET_ATTRIBUTES = 'Failed to get Attributes';
export const FAILED_TO_GET_ATTRIBUTE_TYPES = 'Failed to get Attribute Types';
export const FAILED_TO_GET_OBJECT_NAMES = 'Failed to get Object Names';
export const FAILED_TO_GET_BRANDS = 'Failed to get Brands';
export const FAILED_TO_GET_CLEARING_HOUSES = 'Failed to get Clearing Houses';
export const FAILED_TO_GET_PAGE_ATTRIBUTES = 'Failed to get page attributes';
export const FAILED_TO_GET_OPTIONS = 'Failed to get Options';
export const FAILED_TO_GET_VENDORS = 'Failed to get Vendors';
export const FAILED_TO_GET_EMPLOYEES = 'Failed to get employees';
export const FAILED_TO_GET_WINDSHIELD_ACCESSORIES_LIST = 'Failed to get windshield accessories list.';
export const FAILED_TO_GET_INSURANCE_COMPANIES = 'Failed to get Insurance Companies';
/**
 * Ours, not the spec's: spec 2 §8 gives no list failure text for these two lists, so they follow
 * the pattern of the others.
 */
export const FAILED_TO_GET_DISPOSITION_REASONS = 'Failed to get Disposition Reasons';
export const FAILED_TO_GET_LOST_REASONS = 'Failed to get Lost Reasons';
