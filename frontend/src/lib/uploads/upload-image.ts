import { ApiError, UNEXPECTED_RESPONSE } from '@/lib/api/api-error';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE as REFUSED } from '@/lib/api/vocabulary';
import { shrinkImage, type ImageTools } from '@/lib/uploads/shrink-image';

export const NOT_AN_IMAGE = REFUSED;
export const TOO_LARGE = IMAGE_TOO_LARGE;

/**
 * What to tell after a failed upload: the browser's own refusal (no image, still too large after
 * shrinking), 'too large' for 413, the server's own refusal of the file
 * (400, 415, 422) or 'not an image' when that answer carried no text of ours, `failed` for any
 * other answer and `network` when none came.
 */
export function uploadFailureText(
  error: unknown,
  { failed, network }: { failed: string; network: string },
): string {
  if (error instanceof UploadRefused) return error.message;
  if (!(error instanceof ApiError)) return network;
  if (error.status === 413) return TOO_LARGE;
  if (error.status === 400 || error.status === 415 || error.status === 422) {
    return error.code === UNEXPECTED_RESPONSE ? NOT_AN_IMAGE : error.message;
  }
  return failed;
}

/** Whether the browser calls the file an image (the server judges the bytes themselves). */
export function isImage(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

/**
 * The browser-side check of a photo before it is sent: an image, at most the server's upload
 * limit (5 MB), so that nobody waits for a refusal. Null when fine.
 */
export function imageProblem(file: File): string | null {
  if (!isImage(file)) return NOT_AN_IMAGE;
  if (file.size > MAX_IMAGE_BYTES) return TOO_LARGE;
  return null;
}

/** A file the browser refuses before sending it; the message is the Dutch text the form shows. */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/** What an upload is doing: shrinking the photo, sending it, waiting for the server to store it. */
export type UploadStage = 'verkleinen' | 'uploaden' | 'verwerken';

/** How each stage reads on screen. */
export const UPLOAD_STAGE_LABELS: Record<UploadStage, string> = {
  verkleinen: 'Verkleinen',
  uploaden: 'Uploaden',
  verwerken: 'Verwerken',
};

export interface UploadProgress {
  stage: UploadStage;
  /** The share of the bytes sent, 0 to 100: 0 while shrinking, 100 once the server works on it. */
  percent: number;
}

/**
 * Sends one image to `POST /api/upload` (multipart field `file`) and resolves to its URL on this
 * server. First the browser shrinks a large photo (see {@link shrinkImage}); what is no image, or
 * still over the cap after shrinking, is refused with an {@link UploadRefused} and never sent.
 * `onProgress` hears each stage: 'verkleinen', 'uploaden' with the share sent, 'verwerken' while
 * the server checks and stores the image. Rejects with an {@link ApiError} carrying the server's
 * Dutch text, or a plain Error on a network failure.
 */
export async function uploadImage(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  tools?: ImageTools,
): Promise<{ url: string }> {
  if (!isImage(file)) throw new UploadRefused(NOT_AN_IMAGE);
  onProgress?.({ stage: 'verkleinen', percent: 0 });
  const sent = await shrinkImage(file, tools);
  const problem = imageProblem(sent);
  if (problem !== null) throw new UploadRefused(problem);
  return send(sent, onProgress);
}

/** The request itself: XMLHttpRequest, because fetch tells nothing of the bytes sent. */
function send(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        // 100 only once every byte is out: then the stage becomes 'verwerken'.
        const percent = Math.min(99, Math.floor((event.loaded / event.total) * 100));
        onProgress?.({ stage: 'uploaden', percent });
      }
    });
    request.upload.addEventListener('load', () => {
      onProgress?.({ stage: 'verwerken', percent: 100 });
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300 && isUploaded(body)) {
        resolve({ url: body.url });
      } else {
        void ApiError.fromResponse(request.status, body).then(reject);
      }
    });
    request.addEventListener('error', () => {
      reject(new Error('Network error during upload'));
    });
    const form = new FormData();
    form.append('file', file);
    onProgress?.({ stage: 'uploaden', percent: 0 });
    request.send(form);
  });
}

function isUploaded(body: unknown): body is { url: string } {
  return typeof body === 'object' && body !== null && 'url' in body && typeof body.url === 'string';
}
