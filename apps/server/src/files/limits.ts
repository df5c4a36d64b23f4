import { DMS_MAX_FILE_BYTES, IMAGE_UPLOAD_MAX_BYTES } from '@glass/domain';

/**
 * Every limit on what the server reads out of a file a user uploads, in one place (issue #31;
 * docs/security.md "File limits"). A file past any of them is refused with a 400 naming its form field,
 * and the reader stops at the limit: nothing is inflated, decoded or held beyond it. Each limit is far
 * above what a real upload needs (a dealer's DMS export, a phone photo) and far below what would stall or
 * bloat the process.
 */

/** Bytes of one upload: pictures (every image route; also the multipart default in app.ts). */
export const UPLOAD_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
/** Bytes of one DMS export (CSV or XLSX), the one route with a larger limit. */
export { DMS_MAX_FILE_BYTES };

// ---- Images (files/image-type.ts reads the size from the header; files/reencode.ts decodes) ----

/** Pixels of one picture (width × height, all frames of an animation): a 48 MP phone photo fits. */
export const IMAGE_MAX_PIXELS = 70_000_000;
/** Width or height of one picture, in pixels. */
export const IMAGE_MAX_SIDE = 30_000;

// ---- Tables: a DMS export as CSV or XLSX (modules/dms-imports/readers.ts, xlsx-reader.ts) ----

/** Columns of one row (a DMS export has a few dozen); a cell further right refuses the file. */
export const TABLE_MAX_COLUMNS = 1_000;
/** Characters of one CSV record (one line, or several inside quotes). */
export const CSV_MAX_LINE_CHARS = 1024 * 1024;

// ---- XLSX: a zip of XML parts (modules/dms-imports/xlsx-reader.ts) ----

/** Entries in the zip's directory (a workbook has a few dozen parts). */
export const ZIP_MAX_ENTRIES = 10_000;
/** Bytes one zip entry may unpack to, counted as it inflates (the header's claim is checked first). */
export const ZIP_MAX_ENTRY_BYTES = 512 * 1024 * 1024;
/** Unpacked ÷ packed size of one entry (a zip bomb is ~1,000); applies to entries above ZIP_RATIO_FROM_BYTES. */
export const ZIP_MAX_RATIO = 200;
/** Entries that unpack to less than this are not held to ZIP_MAX_RATIO (a small, very regular part). */
export const ZIP_RATIO_FROM_BYTES = 1024 * 1024;
/** The last column of a worksheet: XFD, column 16,384 (a reference beyond it is no cell). */
export const XLSX_MAX_COLUMN = 16_384;
/** The last row of a worksheet. */
export const XLSX_MAX_ROW = 1_048_576;
/** Characters of one cell or one shared string (Excel's own limit). */
export const XLSX_MAX_CELL_CHARS = 32_767;
/** Strings in the shared-strings part (the only part held in memory). */
export const XLSX_MAX_SHARED_STRINGS = 1_000_000;
/** Characters of all shared strings together. */
export const XLSX_MAX_SHARED_STRINGS_CHARS = 32 * 1024 * 1024;
/** Bytes the XML parser may take in without completing a tag, text, comment or CDATA section. */
export const XML_MAX_TOKEN_BYTES = 1024 * 1024;
