import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-type.js';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImage: image types by content (magic bytes)', () => {
  it('recognizes PNG, JPEG, GIF and WebP', () => {
    expect(sniffImage(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0]))?.mime).toBe('image/png');
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))?.ext).toBe('jpg');
    expect(sniffImage(bytes('GIF89a', [1, 0, 1, 0]))?.mime).toBe('image/gif');
    expect(sniffImage(bytes('GIF87a', [1, 0]))?.mime).toBe('image/gif');
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))?.mime).toBe('image/webp');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffImage(bytes('%PDF-1.7\n'))).toBeUndefined();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
    expect(sniffImage(bytes([0x89, 0x50]))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
  });
});
