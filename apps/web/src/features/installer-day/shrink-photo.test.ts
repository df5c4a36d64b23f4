import { afterEach, describe, expect, it, vi } from 'vitest';
import { shrinkPhoto } from './shrink-photo';

describe("the installer's photo before it is queued (decision 0037)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends anything but a camera still as it was picked', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const png = new File([new Uint8Array([1, 2, 3])], 'screen.png', { type: 'image/png' });
    expect(await shrinkPhoto(png)).toBe(png);
    const gif = new File([new Uint8Array([1, 2, 3])], 'a.gif', { type: 'image/gif' });
    expect(await shrinkPhoto(gif)).toBe(gif);
    expect(decode).not.toHaveBeenCalled();
  });

  it('sends the photo as it was when the browser cannot decode it', async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('unsupported')));
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'broken.jpg', { type: 'image/jpeg' });
    expect(await shrinkPhoto(jpeg)).toBe(jpeg);
  });

  it('sends a photo already within 2048 px as it was, and closes what it decoded', async () => {
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 1600, height: 1200, close }));
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'small.jpg', { type: 'image/jpeg' });
    expect(await shrinkPhoto(jpeg)).toBe(jpeg);
    expect(close).toHaveBeenCalledOnce();
  });
});
