/**
 * PostgreSQL's text form of a timestamptz ('2026-12-12 20:38:31.771+00', DateStyle ISO) as ISO 8601 with its
 * offset ('2026-12-12T20:38:31.771+00:00'), the one form every answer uses (issue #34 item 5): Safari on an
 * iPhone does not parse the text form (`new Date('2026-12-12 20:38:31.771+00')` is Invalid Date in WebKit).
 * The JSON PostgreSQL builds (to_json of a timestamptz) is already in this form; this is for rows read as
 * values. Anything else (infinity, BC dates, an offset with seconds from before standard time) passes unchanged.
 */
const TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::(\d{2}))?$/;

export function isoTimestamp(text: string): string {
  const m = TIMESTAMPTZ.exec(text);
  return m ? `${m[1]}T${m[2]}${m[3]}:${m[4] ?? '00'}` : text;
}

/** A timestamp without time zone as ISO 8601 without offset ('2026-12-12T20:38:31'; the schema has none). */
export function isoLocalTimestamp(text: string): string {
  return /^\d{4}-\d{2}-\d{2} \d/.test(text) ? text.replace(' ', 'T') : text;
}
