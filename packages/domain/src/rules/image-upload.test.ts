import { describe, expect, it } from 'vitest';
import { imageUploadProblem, timestampedFileName } from './image-upload.js';

describe('image attachment (spec 1 §5 "Reply")', () => {
  it("An image attachment must be an image type ('You can only upload image files!')", () => {
    expect(imageUploadProblem({ type: 'application/pdf', size: 10 })).toBe(
      'You can only upload image files!',
    );
    expect(imageUploadProblem({ size: 10 })).toBe('You can only upload image files!');
  });
  it("and smaller than 5 MB ('Image must be smaller than 5MB!')", () => {
    expect(imageUploadProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBe(
      'Image must be smaller than 5MB!',
    );
    expect(imageUploadProblem({ type: 'image/png', size: 5 * 1024 * 1024 - 1 })).toBeUndefined();
  });
  it('The file is renamed with a timestamp', () => {
    const now = new Date('2024-06-15T12:00:00.123Z');
    expect(timestampedFileName('photo.jpg', now)).toBe('photo_20240615T120000123.jpg');
    expect(timestampedFileName('noext', now)).toBe('noext_20240615T120000123');
  });
});
