import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * SMS text and numbers as carriers bill and route them.
 *
 * A text in the GSM 03.38 alphabet (GSM-7) costs one segment up to 160 characters (153 per segment when it
 * is split); a single character outside it turns the whole text into UCS-2: 70 per segment, 67 when split.
 * Typographic punctuation (curly quotes, dashes, the ellipsis) is the usual culprit, so it is replaced by its
 * GSM-7 equivalent; letters are never changed (a customer's name keeps its accents, and the text goes as
 * UCS-2 if it must).
 */

/** GSM 03.38 basic character set (one septet each). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: an escape plus the character, two septets each. */
const GSM7_EXTENDED = new Set('^{}\\[~]|€\f');

/** Typographic characters and their GSM-7 spelling. */
const GSM7_EQUIVALENTS: Record<string, string> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201A': "'", // ‚
  '\u201B': "'", // ‛
  '\u2032': "'", // ′
  '\u00B4': "'", // ´
  '`': "'",
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u201E': '"', // „
  '\u201F': '"', // ‟
  '\u2033': '"', // ″
  '\u00AB': '"', // «
  '\u00BB': '"', // »
  '\u2010': '-', // ‐
  '\u2011': '-', // ‑
  '\u2012': '-', // ‒
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u2015': '-', // ―
  '\u2212': '-', // −
  '\u2026': '...', // …
  '\u2022': '*', // •
  '\u00B7': '.', // ·
  '\u200B': '', // zero-width space
  '\u200C': '',
  '\u200D': '',
  '\u2060': '',
};
const EQUIVALENT_RE = new RegExp(`[${Object.keys(GSM7_EQUIVALENTS).join('')}]`, 'gu');

export type SmsEncoding = 'gsm7' | 'ucs2';

/** Septets of one character in GSM-7, or undefined when it is outside the alphabet. */
function septets(ch: string): number | undefined {
  if (GSM7_BASIC.has(ch)) return 1;
  if (GSM7_EXTENDED.has(ch)) return 2;
  return undefined;
}

/** Whitespace runs to one space, typographic punctuation to its GSM-7 equivalent. */
export function normalizeSmsText(text: string): string {
  return text
    .replace(EQUIVALENT_RE, (ch) => GSM7_EQUIVALENTS[ch] ?? ch)
    .replace(/\s+/g, ' ')
    .trim();
}

export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (septets(ch) === undefined) return 'ucs2';
  return 'gsm7';
}

/** Length in the encoding's units: septets for GSM-7, UTF-16 code units for UCS-2. */
export function smsUnits(text: string, encoding = smsEncoding(text)): number {
  if (encoding === 'ucs2') return text.length;
  let n = 0;
  for (const ch of text) n += septets(ch) ?? 1;
  return n;
}

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  units: number;
  segments: number;
}

/** How many segments a carrier bills for the text (GSM-7: 160, or 153 each; UCS-2: 70, or 67 each). */
export function countSmsSegments(text: string): SmsSegments {
  const encoding = smsEncoding(text);
  const units = smsUnits(text, encoding);
  const [single, multi] = encoding === 'gsm7' ? [160, 153] : [70, 67];
  return { encoding, units, segments: units === 0 ? 1 : units <= single ? 1 : Math.ceil(units / multi) };
}

/** Longest text kept for one SMS (the former limit): one GSM-7 segment. */
export const SMS_MAX_CHARS = 160;

/**
 * The text as it goes out: normalised to GSM-7 where the alphabet allows, and cut to one GSM-7 segment
 * (160 septets, an extension character counting two) ending with '...' (GSM-7; never '…', which would make
 * the whole text UCS-2). A text that needs UCS-2 anyway (letters outside GSM-7) keeps up to 160 characters,
 * at most three segments, so a name in another script does not cost the rest of the message.
 */
export function smsText(text: string): string {
  const flat = normalizeSmsText(text);
  const encoding = smsEncoding(flat);
  if (smsUnits(flat, encoding) <= SMS_MAX_CHARS) return flat;
  const budget = SMS_MAX_CHARS - 3;
  let out = '';
  let used = 0;
  for (const ch of flat) {
    const cost = encoding === 'gsm7' ? (septets(ch) ?? 1) : ch.length;
    if (used + cost > budget) break;
    out += ch;
    used += cost;
  }
  return `${out.trimEnd()}...`;
}

/** A number that cannot be texted; the message fails with this reason instead of being sent. */
export class InvalidPhoneNumberError extends Error {
  readonly permanent = true;
}

/**
 * The number in E.164 (`+17135550199`), read as a US number unless it carries its own country code.
 * Throws InvalidPhoneNumberError for anything that is not a valid number.
 */
export function toE164(raw: string, defaultCountry: 'US' = 'US'): string {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry);
  if (!parsed?.isValid())
    throw new InvalidPhoneNumberError(`'${raw}' is not a valid phone number for texts (E.164)`);
  return parsed.number;
}

/** Whether a number typed by staff can be texted (toE164 accepts it): checked before anything is queued. */
export function isTextable(raw: string): boolean {
  try {
    toE164(raw);
    return true;
  } catch {
    return false;
  }
}
