/** Short free texts for notes, history and messages. */
export const WINDSHIELD_NOTES = [
  'Chip in driver view', 'Long crack from edge, replace', 'Two chips passenger side', 'Star break near wiper line',
  'Pitting across lower third', 'Crack under 6 in, repairable', 'Bullseye by mirror', 'Edge crack, customer declined repair',
];

export const NOTE_SUBJECTS = ['Customer call', 'Insurance', 'Parts', 'Scheduling', 'Billing', 'Dealer'];
export const NOTES = [
  'Left voicemail for customer about approval.', 'Customer confirmed appointment time.', 'Insurance verified coverage, zero deductible.',
  'Part ordered from vendor, ETA tomorrow morning.', 'Dealer asked to hold until RO is closed.', 'Customer prefers text messages.',
  'Claim number updated per adjuster.', 'Calibration required after install.', 'Customer will pay deductible by card on site.',
  'Rescheduled because of rain.', 'Advisor approved repair on RO.', 'Sent invoice to clearing house.',
];

export const MESSAGE_SUBJECTS = [
  'Parts arrived', 'Customer waiting in lobby', 'Need approval on RO', 'Calibration question', 'Schedule change',
  'Rain delay', 'Missing claim number', 'Loaner car return', 'Dealer request', 'Follow-up needed',
];
export const MESSAGE_TEXTS = [
  'Can you take a look when you get a chance?', 'Done, thanks!', 'Customer is here now.', 'Windshield is in, installing at 2.',
  'Advisor approved two repairs.', 'Please call the customer back.', 'On my way.', 'Need the VIN for the part lookup.',
  'Rescheduled to tomorrow morning.', 'Claim approved, go ahead.', 'Loaner is back, full tank.', 'Which bay should I use?',
];

export const ADVERTISEMENT_SOURCES = ['Google', 'Yelp', 'Referral from a friend', 'Drove by', 'Insurance referral', 'Facebook', 'Repeat customer', 'Radio'];
export const REPAIR_DESCRIPTIONS = ['Chip repair', 'Star break repair', 'Bullseye repair', 'Combination break repair', 'Crack repair'];
