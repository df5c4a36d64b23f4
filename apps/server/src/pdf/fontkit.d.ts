// fontkit (pdfkit's font parser) ships no types; the server only parses a font file once with it (unicode-fonts.ts)
// and hands the result to pdfkit, which knows its shape.
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
