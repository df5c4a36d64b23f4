import { describe, expect, it } from 'vitest';
import {
  countSmsSegments,
  InvalidPhoneNumberError,
  normalizeSmsText,
  SMS_MAX_CHARS,
  smsEncoding,
  smsText,
  toE164,
} from './sms.js';

describe('SMS text in GSM-7', () => {
  it('replaces typographic quotes, dashes and the ellipsis by their GSM-7 equivalents', () => {
    const text = normalizeSmsText('“Ready” – it’s ‘done’ — see you… ‚ok‛ „x‟ a−b ·');
    expect(text).toBe("\"Ready\" - it's 'done' - see you... 'ok' \"x\" a-b .");
    expect(smsEncoding(text)).toBe('gsm7');
  });

  it('keeps letters as they are: a name outside GSM-7 makes the text UCS-2', () => {
    expect(normalizeSmsText('Nguyễn Văn Thủy')).toBe('Nguyễn Văn Thủy');
    expect(smsEncoding('Nguyễn')).toBe('ucs2');
    expect(smsEncoding('Jörg Müller Ñandé')).toBe('gsm7');
    expect(smsEncoding('Ñandú')).toBe('ucs2');
  });

  it('counts segments: GSM-7 160 then 153 each, extension characters as two; UCS-2 70 then 67', () => {
    expect(countSmsSegments('')).toEqual({ encoding: 'gsm7', units: 0, segments: 1 });
    expect(countSmsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(countSmsSegments('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(countSmsSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
    expect(countSmsSegments('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(countSmsSegments('{'.repeat(81)).segments).toBe(2);
    expect(countSmsSegments('ễ'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(countSmsSegments('ễ'.repeat(71)).segments).toBe(2);
    expect(countSmsSegments('ễ'.repeat(135)).segments).toBe(3);
    // The typographic ellipsis alone would bill a 100-character text as 2 UCS-2 segments; normalised it is 1.
    const typographic = `${'x'.repeat(99)}…`;
    expect(countSmsSegments(typographic)).toMatchObject({ encoding: 'ucs2', segments: 2 });
    expect(countSmsSegments(smsText(typographic))).toMatchObject({ encoding: 'gsm7', segments: 1 });
  });

  it('cuts a long text to one GSM-7 segment ending with "..." and never "…"', () => {
    const cut = smsText(`Parked “now” ${'x'.repeat(300)}`);
    expect(cut).toHaveLength(SMS_MAX_CHARS);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut).not.toContain('…');
    expect(countSmsSegments(cut)).toMatchObject({ encoding: 'gsm7', segments: 1 });
    // Extension characters count two septets: the cut still fits one segment.
    const braces = smsText('{'.repeat(200));
    expect(countSmsSegments(braces)).toMatchObject({ encoding: 'gsm7', units: 159, segments: 1 });
    // Whitespace runs become one space; a short text is left whole.
    expect(smsText('  a \n\t b  ')).toBe('a b');
  });

  it('a text that must be UCS-2 keeps up to 160 characters (at most three segments)', () => {
    const cut = smsText(`Thủy ${'y'.repeat(300)}`);
    expect(cut).toHaveLength(SMS_MAX_CHARS);
    expect(cut.endsWith('...')).toBe(true);
    expect(countSmsSegments(cut)).toMatchObject({ encoding: 'ucs2', segments: 3 });
  });
});

describe('E.164 numbers', () => {
  it('formats US numbers as typed and keeps international ones', () => {
    expect(toE164('7135550199')).toBe('+17135550199');
    expect(toE164('(832) 555-0101')).toBe('+18325550101');
    expect(toE164('1-713-555-0199')).toBe('+17135550199');
    expect(toE164(' +1 713 555 0199 ')).toBe('+17135550199');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what is not a phone number, with the reason', () => {
    for (const bad of ['000', '555-0199', '123456789012345', 'call me', '', '+1 000 000 0000']) {
      expect(() => toE164(bad)).toThrow(InvalidPhoneNumberError);
    }
    expect(() => toE164('000')).toThrow("'000' is not a valid phone number for texts (E.164)");
  });
});
