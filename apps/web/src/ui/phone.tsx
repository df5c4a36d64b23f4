import { dialablePhone, formatPhone } from '@glass/domain/rules/phone-format';
import './ui.css';

/**
 * The one phone display of the screens (issue #15): the domain's formatter (libphonenumber-js, the
 * same the invoice PDF uses), so a number reads (832) 555-0199 everywhere and never as raw digits.
 * Screens import it from here; a number that is not a phone number shows as stored.
 */
export { dialablePhone, formatPhone };

/** Several numbers as one line: '(832) 555-0199, (713) 555-0142'; blanks are left out. */
export const formatPhones = (values: ReadonlyArray<string | number | null | undefined>): string =>
  values.map(formatPhone).filter(Boolean).join(', ');

/** A phone number as text (no call action: that is PhoneLink in features/phone). */
export function PhoneText({ phone }: { phone: string | number | null | undefined }) {
  const shown = formatPhone(phone);
  return shown ? <span className="gs-phone-text">{shown}</span> : null;
}
