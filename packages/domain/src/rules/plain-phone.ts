/**
 * A North American number shown and dialled without libphonenumber (about 26 KB): the installer's stops draw
 * their phone links with it before that formatter has loaded (apps/web installer-day/stop-card.tsx), and the
 * number must read the same before and after (plain-phone.test.ts checks it against formatPhone/dialablePhone).
 * Anything that is not ten digits (or eleven starting with 1) is shown as stored and dialled as its digits.
 */
export function plainPhone(phone: string): { shown: string; dial: string } {
  const digits = phone.replace(/\D/g, '');
  const nanp = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (nanp.length !== 10) return { shown: phone, dial: digits };
  return { shown: `(${nanp.slice(0, 3)}) ${nanp.slice(3, 6)}-${nanp.slice(6)}`, dial: `+1${nanp}` };
}
