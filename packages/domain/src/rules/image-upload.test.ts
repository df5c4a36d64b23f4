import { describe, expect, it } from 'vitest';
import { imageUploadProblem, PHOTO_MAX_EDGE, shrunkSize, timestampedFileName } from './image-upload.js';

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

describe("the installer's photo shrunk on the phone (decision 0037)", () => {
  it('draws a 12 MP photo at 2048 px on its long edge, keeping its shape', () => {
    expect(PHOTO_MAX_EDGE).toBe(2048);
    expect(shrunkSize(4032, 3024)).toEqual({ width: 2048, height: 1536, shrunk: true });
    expect(shrunkSize(3024, 4032)).toEqual({ width: 1536, height: 2048, shrunk: true });
    expect(shrunkSize(4000, 1000)).toEqual({ width: 2048, height: 512, shrunk: true });
    expect(shrunkSize(100_000, 1)).toEqual({ width: 2048, height: 1, shrunk: true });
  });

  it('never enlarges a photo already small enough', () => {
    expect(shrunkSize(2048, 1536)).toEqual({ width: 2048, height: 1536, shrunk: false });
    expect(shrunkSize(640, 480)).toEqual({ width: 640, height: 480, shrunk: false });
  });
});
