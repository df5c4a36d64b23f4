/** Insurers, clearing houses, vendors and mail settings of the demo chain. */
export const CLEARING_HOUSES = [
  { name: 'Lynx Claim Services', city: 'Tampa', state: 'FL', zip: '33637', address1: '6351 Bayshore Rd', email: 'claims@lynxclaims.example.com', requiresFinalization: true },
  { name: 'National Glass Claims', city: 'Columbus', state: 'OH', zip: '43219', address1: '4200 Easton Commons', email: 'submit@nationalglassclaims.example.com', requiresFinalization: true },
  { name: 'Gulf States Glass Network', city: 'Houston', state: 'TX', zip: '77042', address1: '10000 Richmond Ave Ste 400', email: 'invoices@gsgn.example.com', requiresFinalization: false },
  { name: 'ClaimLink Auto Glass', city: 'Dallas', state: 'TX', zip: '75247', address1: '2900 Stemmons Fwy', email: 'ap@claimlink.example.com', requiresFinalization: false },
];

/** [name, clearing house index + 1 or null, repair rates, inactive] */
export const INSURANCE_COMPANIES: readonly (readonly [string, number | null, [string, string, string], boolean])[] = [
  ['State Farm', 1, ['69.95', '29.95', '19.95'], false],
  ['GEICO', 1, ['64.95', '24.95', '19.95'], false],
  ['Progressive', 2, ['69.95', '29.95', '24.95'], false],
  ['Allstate', 2, ['64.95', '29.95', '19.95'], false],
  ['USAA', 1, ['74.95', '34.95', '24.95'], false],
  ['Farmers Insurance', 3, ['64.95', '24.95', '14.95'], false],
  ['Liberty Mutual', 2, ['69.95', '29.95', '19.95'], false],
  ['Nationwide', 4, ['64.95', '29.95', '19.95'], false],
  ['Texas Farm Bureau', 3, ['59.95', '24.95', '14.95'], false],
  ['Travelers', 4, ['69.95', '29.95', '19.95'], false],
  ['Germania Insurance', 3, ['59.95', '24.95', '14.95'], false],
  ['Root Insurance', null, ['59.95', '19.95', '14.95'], false],
  ['Safeco', 2, ['64.95', '24.95', '19.95'], false],
  ['The Hartford', 4, ['69.95', '29.95', '19.95'], false],
  ['Dairyland', null, ['54.95', '19.95', '14.95'], true],
  ['Old Gulf Mutual', null, ['49.95', '19.95', '9.95'], true],
];

export const VENDORS = [
  { name: 'Mygrant Glass Houston', phone: '7136901200', city: 'Houston', zip: '77041', addressLine1: '7315 Fairview St', latitude: 29.8462, longitude: -95.5275 },
  { name: 'Pilkington Classics Distribution', phone: '2815871000', city: 'Houston', zip: '77064', addressLine1: '11603 Jones Rd', latitude: 29.9431, longitude: -95.5851 },
  { name: 'Coastal Auto Glass Supply', phone: '7134620045', city: 'Houston', zip: '77040', addressLine1: '6501 Gessner Rd', latitude: 29.8671, longitude: -95.5431 },
  { name: 'Harris County Glass Distributors', phone: '2814408800', city: 'Houston', zip: '77086', addressLine1: '4302 W Little York Rd', latitude: 29.8763, longitude: -95.4513 },
  { name: 'Equalizer Tools & Supplies', phone: '5122441111', city: 'Round Rock', zip: '78664', addressLine1: '2611 Oakmont Dr', latitude: 30.5335, longitude: -97.6523 },
  { name: 'Lone Star Urethane Co', phone: '8328120090', city: 'Katy', zip: '77449', addressLine1: '20202 Park Row', latitude: 29.8123, longitude: -95.7351 },
  { name: 'Sprint Glass Parts', phone: '3465550144', city: 'Cypress', zip: '77429', addressLine1: '13010 Louetta Rd', latitude: 29.9912, longitude: -95.6143 },
  { name: 'Gulf Freeway Glass', phone: '7139440100', city: 'Houston', zip: '77017', addressLine1: '8110 Gulf Fwy', latitude: 29.6862, longitude: -95.2801, inactive: true },
];

export const MAILBOXES = [
  { name: 'LSAG Service', brandId: 1, smtpServer: 'smtp.office365.com', port: 587, account: 'service@lonestarautoglass.com', fromEmail: 'service@lonestarautoglass.com' },
  { name: 'GCWR Service', brandId: 2, smtpServer: 'smtp.office365.com', port: 587, account: 'service@gulfcoastwindshield.com', fromEmail: 'service@gulfcoastwindshield.com' },
  { name: 'BCG Service', brandId: 3, smtpServer: 'smtp.gmail.com', port: 587, account: 'hello@bayoucityglass.com', fromEmail: 'hello@bayoucityglass.com' },
  { name: 'Claims Desk', brandId: 1, smtpServer: 'smtp.office365.com', port: 587, account: 'claims@lonestarautoglass.com', fromEmail: 'claims@lonestarautoglass.com' },
];

type Usage = 'RI' | 'PI' | 'RS' | 'PS' | 'CT' | 'CE' | 'TT' | 'CH';
export const EMAIL_TEMPLATES: readonly (readonly [name: string, subject: string, body: string, usages: Usage[]])[] = [
  ['Repair Invoice', 'Your windshield repair invoice #{invoiceId}', 'Thank you for choosing us. Your repair invoice is attached.', ['RI', 'CE']],
  ['Replacement Invoice', 'Your windshield replacement invoice #{invoiceId}', 'Thank you for choosing us. Your replacement invoice is attached.', ['PI', 'CE']],
  ['Repair Approval Text', '', 'Hi {firstName}, please approve the windshield repair for your {vehicle}: {link}', ['RI', 'RS', 'CT']],
  ['Replacement Approval Text', '', 'Hi {firstName}, please approve the windshield replacement for your {vehicle}: {link}', ['PI', 'PS', 'CT']],
  ['Appointment Reminder', 'Your appointment on {date}', 'This is a reminder of your glass appointment on {date} at {time}.', ['RI', 'PI', 'CE', 'CT']],
  ['Tech Dispatch', '', 'Job #{invoiceId}: {vehicle} at {address}. {instructions}', ['TT']],
  ['Clearing House Submission', 'Invoice #{invoiceId} - claim {claimNumber}', 'Please find attached the invoice for the claim referenced above.', ['CH', 'RI', 'PI']],
  ['Service Drive Quote', 'Windshield quote for stock #{stockNumber}', 'Here is the quote for the vehicle in your service drive.', ['RS', 'PS', 'CE']],
];
