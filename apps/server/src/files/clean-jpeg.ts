import { IMAGE_MAX_PIXELS } from './limits.js';

/**
 * Whether a JPEG is already what the server's re-encode would make of it (decision 0043): nothing but the
 * picture, so it can be stored as sent. The installer app's photos are drawn on a canvas and written by the
 * browser (shrink-photo.ts): no EXIF, no GPS, no comment, nothing after the end. Re-encoding those costs
 * about 40 ms of CPU per photo and loses a generation of quality for nothing.
 *
 * Clean means, walking the file's markers (ITU T.81, annex B), and nothing else:
 * - it starts with SOI and ends with EOI, the last two bytes of the file (nothing appended);
 * - before the first scan only a JFIF APP0 of 16 bytes without its own thumbnail, one colour profile of a
 *   display (ICC, in one APP2 of at most ICC_MAX bytes: Chromium's canvas writes its sRGB profile of 456 bytes
 *   into every JPEG it makes; a profile is not about the person, and kept it shows the colours the phone saw),
 *   quantisation and Huffman tables, a restart interval, and one frame header: baseline, extended or
 *   progressive Huffman (SOF0–2) with 1 (grey) or 3 (YCbCr) components, of at most IMAGE_MAX_PIXELS and a
 *   height given in the header;
 * - between scans only tables, a restart interval and the next scan;
 * - no other APPn (EXIF, XMP, IPTC, Adobe), no comment, no fill bytes between segments.
 * Anything else answers undefined and goes through the full re-encode (reencode.ts), which is never wrong.
 * The pixel data is checked by the caller: the thumbnail is decoded from it with every libjpeg warning
 * an error, so a clean file is also one libjpeg reads without a complaint.
 */
export interface CleanJpeg {
  width: number;
  height: number;
}

/** The largest colour profile kept (sRGB's own is 3 KB; a phone's display profile about 0.5 KB). */
export const ICC_MAX = 8 * 1024;

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** Tables and restart interval: DHT, DQT, DRI. */
const TABLES = new Set([0xc4, 0xdb, 0xdd]);
const JFIF = Buffer.from('JFIF\0', 'latin1');
const ICC = Buffer.from('ICC_PROFILE\0', 'latin1');

export function cleanJpeg(file: Buffer): CleanJpeg | undefined {
  if (file.length < 4 || file[0] !== 0xff || file[1] !== SOI) return undefined;
  let at = 2;
  let frame: CleanJpeg | undefined;
  let scans = 0;
  let profile = false;
  while (at + 2 <= file.length) {
    if (file[at] !== 0xff) return undefined;
    const marker = file[at + 1];
    if (marker === EOI) return at + 2 === file.length && scans > 0 ? frame : undefined;
    if (at + 4 > file.length) return undefined;
    const length = file.readUInt16BE(at + 2);
    const body = at + 4;
    const end = at + 2 + length;
    if (length < 2 || end > file.length) return undefined;
    if (marker === APP0) {
      if (frame || scans || length !== 16 || !file.subarray(body, body + 5).equals(JFIF)) return undefined;
      if (file[body + 12] !== 0 || file[body + 13] !== 0) return undefined;
    } else if (marker === APP2) {
      if (frame || scans || profile || !displayProfile(file.subarray(body, end))) return undefined;
      profile = true;
    } else if (FRAMES.has(marker)) {
      if (frame || length < 8) return undefined;
      const height = file.readUInt16BE(body + 1);
      const width = file.readUInt16BE(body + 3);
      const components = file[body + 5];
      if (!height || !width || (components !== 1 && components !== 3) || length !== 8 + 3 * components)
        return undefined;
      if (width * height > IMAGE_MAX_PIXELS) return undefined;
      frame = { width, height };
    } else if (marker === SOS) {
      if (!frame) return undefined;
      scans++;
      at = entropyEnd(file, end);
      if (at < 0) return undefined;
      continue;
    } else if (!TABLES.has(marker)) {
      return undefined;
    }
    at = end;
  }
  return undefined;
}

/** Where the scan's entropy-coded data ends: the next marker that is not a stuffed 0xFF or a restart. */
function entropyEnd(file: Buffer, from: number): number {
  let at = file.indexOf(0xff, from);
  while (at >= 0 && at + 1 < file.length) {
    const next = file[at + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at = file.indexOf(0xff, at + 2);
    else return at;
  }
  return -1;
}

/** An APP2 holding a whole ICC profile (chunk 1 of 1) of a display, in RGB or grey, whose header adds up. */
function displayProfile(segment: Buffer): boolean {
  if (segment.length < ICC.length + 2 + 128 || !segment.subarray(0, ICC.length).equals(ICC)) return false;
  if (segment[ICC.length] !== 1 || segment[ICC.length + 1] !== 1) return false;
  const icc = segment.subarray(ICC.length + 2);
  const space = icc.toString('latin1', 16, 20);
  return (
    icc.length <= ICC_MAX &&
    icc.readUInt32BE(0) === icc.length &&
    icc.toString('latin1', 36, 40) === 'acsp' &&
    icc.toString('latin1', 12, 16) === 'mntr' &&
    (space === 'RGB ' || space === 'GRAY')
  );
}
