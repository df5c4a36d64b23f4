import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number for people to read, one formatter for the screens and the PDF (issue #15):
 * US numbers as (832) 555-0199, other countries' numbers in international form (+44 20 7946 0958),
 * anything that is not a phone number as stored. Stored numbers are mostly bare US digits.
 */
export function formatPhone(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const raw = String(value).trim();
  if (!raw) return '';
  const parsed = parsePhoneNumberFromString(raw, 'US');
  if (!parsed?.isPossible()) return raw;
  const extension = parsed.ext ? ` ext. ${parsed.ext}` : '';
  if (parsed.country === 'US' || (!parsed.country && parsed.countryCallingCode === '1'))
    return `${parsed.formatNational().replace(/ ext\. .*$/, '')}${extension}`;
  return parsed.formatInternational();
}

/** The digits to dial (tel: links): '+18325550199', or the stored digits when it does not parse. */
export function dialablePhone(value: string | null | undefined): string {
  const raw = (value ?? '').trim();
  const parsed = raw ? parsePhoneNumberFromString(raw, 'US') : undefined;
  return parsed?.isPossible() ? parsed.number : raw.replace(/[^\d+]/g, '');
}
