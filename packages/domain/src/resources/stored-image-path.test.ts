import { describe, expect, it } from 'vitest';
import { STORED_IMAGE_PATH } from './facility.js';

describe('STORED_IMAGE_PATH: the picture paths a facility or user may point at', () => {
  it("accepts the file store's shape and the older uuid shape", () => {
    for (const ok of [
      'facilities/2026/05/icon_20260512T143005123_0123456789abcdef.png',
      'users/2026/11/My_Photo_1_20261101T000000000_fedcba9876543210.jpg',
      'facilities/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b.webp',
      'users/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b.gif',
    ])
      expect(STORED_IMAGE_PATH.test(ok), ok).toBe(true);
  });

  it('refuses other folders, traversal, other extensions and thumbnails', () => {
    for (const bad of [
      'messages/2026/05/icon_20260512T143005123_0123456789abcdef.png',
      'facilities/../users/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b.png',
      'facilities/2026/05/../../etc_20260512T143005123_0123456789abcdef.png',
      'facilities/2026/05/icon_20260512T143005123_0123456789abcdef.svg',
      'facilities/2026/05/icon_20260512T143005123_0123456789abcdef.png.thumb.webp',
      'facilities/2026/05/icon_20260512T143005123_0123456789abcdeg.png',
      '/facilities/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b.png',
    ])
      expect(STORED_IMAGE_PATH.test(bad), bad).toBe(false);
  });
});
