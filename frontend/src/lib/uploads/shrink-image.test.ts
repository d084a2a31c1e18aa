import { describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@/lib/api/vocabulary';
import {
  browserImageTools,
  fitWithin,
  shrinkImage,
  shrinkPlan,
  type DecodedImage,
  type Dimensions,
  type ImageTools,
} from '@/lib/uploads/shrink-image';

const MB = 1024 * 1024;

describe('the size a photo is drawn at', () => {
  it('brings the long side of a landscape photo to 2048 px, keeping its proportions', () => {
    expect(fitWithin({ width: 4000, height: 3000 })).toEqual({ width: 2048, height: 1536 });
  });

  it('does the same for a portrait photo', () => {
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
  });

  it('keeps a photo that fits, and never makes a side 0', () => {
    expect(fitWithin({ width: 2048, height: 100 })).toEqual({ width: 2048, height: 100 });
    expect(fitWithin({ width: 20_000, height: 3 })).toEqual({ width: 2048, height: 1 });
  });
});

describe('which photos are shrunk', () => {
  const jpeg = (size: number) => ({ size, type: 'image/jpeg' });

  it('sends a small photo within 2048 px as it is', () => {
    expect(shrinkPlan(jpeg(800_000), { width: 2048, height: 1536 })).toEqual({ kind: 'keep' });
    expect(shrinkPlan(jpeg(MAX_IMAGE_BYTES), { width: 640, height: 480 })).toEqual({
      kind: 'keep',
    });
  });

  it("shrinks a phone's 12-megapixel photo of 6 MB to 2048 px", () => {
    expect(shrinkPlan(jpeg(6 * MB), { width: 4000, height: 3000 })).toEqual({
      kind: 'shrink',
      width: 2048,
      height: 1536,
    });
  });

  it('shrinks a photo under the byte cap whose sides are too long', () => {
    expect(shrinkPlan(jpeg(3 * MB), { width: 4032, height: 3024 })).toEqual({
      kind: 'shrink',
      width: 2048,
      height: 1536,
    });
  });

  it('draws a photo over the byte cap again at its own size when its sides fit', () => {
    expect(shrinkPlan(jpeg(MAX_IMAGE_BYTES + 1), { width: 1800, height: 1200 })).toEqual({
      kind: 'shrink',
      width: 1800,
      height: 1200,
    });
  });

  it('never draws a GIF again (it would lose its animation)', () => {
    expect(shrinkPlan({ size: 6 * MB, type: 'image/gif' }, { width: 4000, height: 3000 })).toEqual({
      kind: 'keep',
    });
  });
});

/** Stand-in canvas tools: the decoded size is given, the encoded JPEG has `encodedBytes`. */
function tools(size: Dimensions, encodedBytes: number) {
  const close = vi.fn();
  const decoded: DecodedImage = { source: {} as CanvasImageSource, ...size, close };
  const decode = vi.fn<ImageTools['decode']>(() => Promise.resolve(decoded));
  const encode = vi.fn<ImageTools['encode']>((_image, _size, type) =>
    Promise.resolve(new Blob([new Uint8Array(encodedBytes)], { type })),
  );
  return { decode, encode, close };
}

const photo = (bytes: number, type = 'image/jpeg', name = 'IMG_0001.JPG') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('shrinking before the upload', () => {
  it('sends a JPEG of 2048 px at quality 0.85 instead of a 6 MB 4000x3000 photo', async () => {
    const stand = tools({ width: 4000, height: 3000 }, 900_000);
    const original = photo(6 * MB);

    const sent = await shrinkImage(original, stand);

    expect(stand.encode).toHaveBeenCalledWith(
      expect.objectContaining({ width: 4000, height: 3000 }),
      { kind: 'shrink', width: 2048, height: 1536 },
      'image/jpeg',
      0.85,
    );
    expect(sent).not.toBe(original);
    expect(sent.type).toBe('image/jpeg');
    expect(sent.name).toBe('IMG_0001.jpg');
    expect(sent.size).toBe(900_000);
    expect(stand.close).toHaveBeenCalledOnce();
  });

  it('names a shrunk PNG as the JPEG it becomes', async () => {
    const sent = await shrinkImage(
      photo(7 * MB, 'image/png', 'scherm.png'),
      tools({ width: 3000, height: 3000 }, 1_000_000),
    );
    expect(sent.name).toBe('scherm.jpg');
    expect(sent.type).toBe('image/jpeg');
  });

  it('sends a small image as it is, without drawing it', async () => {
    const stand = tools({ width: 1200, height: 900 }, 1);
    const original = photo(300_000);

    expect(await shrinkImage(original, stand)).toBe(original);
    expect(stand.encode).not.toHaveBeenCalled();
    expect(stand.close).toHaveBeenCalledOnce();
  });

  it('sends a GIF as it is without decoding it', async () => {
    const stand = tools({ width: 4000, height: 3000 }, 1);
    const gif = photo(6 * MB, 'image/gif', 'dans.gif');

    expect(await shrinkImage(gif, stand)).toBe(gif);
    expect(stand.decode).not.toHaveBeenCalled();
  });

  it('keeps the original when the shrunk copy came out no smaller and the original fits', async () => {
    const original = photo(2 * MB, 'image/png', 'tekening.png');
    expect(await shrinkImage(original, tools({ width: 4000, height: 100 }, 3 * MB))).toBe(original);
  });

  it('leaves a file the browser cannot read to the checks after it', async () => {
    const unreadable = photo(6 * MB, 'image/heic', 'foto.heic');
    const stand = tools({ width: 1, height: 1 }, 1);
    stand.decode.mockRejectedValue(new DOMException('The source image could not be decoded.'));

    expect(await shrinkImage(unreadable, stand)).toBe(unreadable);
  });

  it('keeps the original when drawing fails, and frees the decoded image', async () => {
    const original = photo(6 * MB);
    const stand = tools({ width: 4000, height: 3000 }, 1);
    stand.encode.mockRejectedValue(new Error('No 2d context on an OffscreenCanvas'));

    expect(await shrinkImage(original, stand)).toBe(original);
    expect(stand.close).toHaveBeenCalledOnce();
  });

  it("decodes with the photo's EXIF orientation applied, so a portrait stays upright", async () => {
    const bitmap = { width: 3000, height: 4000, close: vi.fn() };
    const fake = vi.fn(() => Promise.resolve(bitmap));
    const saved = globalThis.createImageBitmap;
    globalThis.createImageBitmap = fake;
    const original = photo(1000);
    try {
      const decoded = await browserImageTools.decode(original);

      expect(fake).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
      expect(decoded).toMatchObject({ width: 3000, height: 4000 });
      decoded.close();
      expect(bitmap.close).toHaveBeenCalledOnce();
    } finally {
      globalThis.createImageBitmap = saved;
    }
  });
});
