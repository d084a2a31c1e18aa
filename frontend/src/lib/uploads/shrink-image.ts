import { MAX_IMAGE_BYTES } from '@/lib/api/vocabulary';

/**
 * The longest side, in pixels, of a photo the browser sends after shrinking it. The server makes
 * its own smaller copy from it; this only keeps a phone's 12-megapixel photo quick to send and
 * under the upload cap.
 */
export const MAX_SENT_SIDE = 2048;
/** The JPEG quality of a shrunk photo: no visible loss at this size, a fraction of the bytes. */
export const SHRINK_QUALITY = 0.85;
/** What a shrunk photo is sent as: every browser encodes JPEG. */
export const SHRUNK_TYPE = 'image/jpeg';

/** Width and height in pixels, upright (after the photo's EXIF orientation). */
export interface Dimensions {
  width: number;
  height: number;
}

/** Sent as it is, or drawn again at `width` × `height` and sent as JPEG. */
export type ShrinkPlan = { kind: 'keep' } | ({ kind: 'shrink' } & Dimensions);

/**
 * The size a photo is drawn at so that its longest side is at most `maxSide`, keeping its
 * proportions (each side at least 1 pixel). A photo that fits keeps its size.
 */
export function fitWithin({ width, height }: Dimensions, maxSide = MAX_SENT_SIDE): Dimensions {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Whether a photo goes as it is or is shrunk first. A GIF always goes as it is (drawing it again
 * would stop its animation); so does any image within both the byte cap and {@link MAX_SENT_SIDE}.
 * Anything larger is drawn again within {@link MAX_SENT_SIDE}, even when its sides already fit
 * (a photo of many bytes then becomes a JPEG of few).
 */
export function shrinkPlan(file: { size: number; type: string }, size: Dimensions): ShrinkPlan {
  if (file.type === 'image/gif') return { kind: 'keep' };
  const fitsSides = Math.max(size.width, size.height) <= MAX_SENT_SIDE;
  if (fitsSides && file.size <= MAX_IMAGE_BYTES) return { kind: 'keep' };
  return { kind: 'shrink', ...fitWithin(size) };
}

/** A decoded photo, upright, that can be drawn; `close` frees its memory. */
export interface DecodedImage extends Dimensions {
  source: CanvasImageSource;
  close: () => void;
}

/** How the browser decodes and encodes: the real canvas in the app, a stand-in in unit tests. */
export interface ImageTools {
  /** Decodes with the EXIF orientation applied; rejects when the browser cannot read the file. */
  decode: (file: Blob) => Promise<DecodedImage>;
  /** Draws `image` at `size` and encodes it as `type` at `quality`. */
  encode: (image: DecodedImage, size: Dimensions, type: string, quality: number) => Promise<Blob>;
}

/** `createImageBitmap` with `imageOrientation: 'from-image'`: a phone's portrait stays upright. */
async function decodeInBrowser(file: Blob): Promise<DecodedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return {
    source: bitmap,
    width: bitmap.width,
    height: bitmap.height,
    close: () => {
      bitmap.close();
    },
  };
}

/** Draws on an OffscreenCanvas where there is one, else on a canvas element. */
async function encodeInBrowser(
  image: DecodedImage,
  { width, height }: Dimensions,
  type: string,
  quality: number,
): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2d context on an OffscreenCanvas');
    paint(context, image, width, height);
    return canvas.convertToBlob({ type, quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2d context on a canvas');
  paint(context, image, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('The canvas gave no image'));
      },
      type,
      quality,
    );
  });
}

/** White under the photo: JPEG has no transparency, and a see-through PNG should not turn black. */
function paint(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  image: DecodedImage,
  width: number,
  height: number,
) {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image.source, 0, 0, width, height);
}

export const browserImageTools: ImageTools = { decode: decodeInBrowser, encode: encodeInBrowser };

/** `foto.heic.png` becomes `foto.heic.jpg`. */
function jpegName(name: string): string {
  const base = name.replace(/\.[^./]*$/, '');
  return `${base || 'foto'}.jpg`;
}

/**
 * The file to send for `file`: the file itself when it is small enough (see {@link shrinkPlan}) or
 * when the browser cannot read or draw it (the server then judges it), otherwise a JPEG of at most
 * {@link MAX_SENT_SIDE} pixels on its longest side, upright. A shrunk copy that came out larger
 * than the original (a small PNG drawing) is not used when the original fits the byte cap.
 */
export async function shrinkImage(
  file: File,
  tools: ImageTools = browserImageTools,
): Promise<File> {
  if (file.type === 'image/gif') return file;
  let image: DecodedImage;
  try {
    image = await tools.decode(file);
  } catch {
    return file;
  }
  try {
    const plan = shrinkPlan(file, image);
    if (plan.kind === 'keep') return file;
    let blob: Blob;
    try {
      blob = await tools.encode(image, plan, SHRUNK_TYPE, SHRINK_QUALITY);
    } catch {
      return file;
    }
    if (blob.size >= file.size && file.size <= MAX_IMAGE_BYTES) return file;
    return new File([blob], jpegName(file.name), { type: blob.type || SHRUNK_TYPE });
  } finally {
    image.close();
  }
}
