/**
 * The screen routes built from resource declarations, kept free of zod so the web's router can
 * import it without pulling the declarations into its first chunk. A test checks it against the
 * registry (`RESOURCE_ROUTES`).
 */
export const DECLARED_RESOURCE_ROUTES = [
  '/brands',
  '/clearing-houses',
  '/insurance-companies',
  '/vendors',
  '/vendors-ctd',
  '/materials',
  '/windshield-accessories',
  '/phone-extensions',
  '/sta-phones',
  '/loaner-reservations',
  '/mailboxes',
  '/email-templates',
  '/attributes',
  '/options',
] as const;
