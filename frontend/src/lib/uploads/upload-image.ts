import { ApiError } from '@/lib/api/api-error';
import { MAX_IMAGE_BYTES } from '@/lib/api/vocabulary';

export const NOT_AN_IMAGE = 'Alleen afbeeldingen zijn toegestaan';
export const TOO_LARGE = 'Afbeelding mag maximaal 5MB groot zijn';

/**
 * What to tell after a failed upload: 'too large' for 413, the server's own refusal of the file
 * (400, 415, 422) or 'not an image' when that answer carried no text of ours, `failed` for any
 * other answer and `network` when none came.
 */
export function uploadFailureText(
  error: unknown,
  { failed, network }: { failed: string; network: string },
): string {
  if (!(error instanceof ApiError)) return network;
  if (error.status === 413) return TOO_LARGE;
  if (error.status === 400 || error.status === 415 || error.status === 422) {
    return error.code === 'unexpected_response' ? NOT_AN_IMAGE : error.message;
  }
  return failed;
}

/**
 * The browser-side check of spec section 5: an image, at most the server's upload limit (5 MB), so
 * that nobody waits for a refusal. Null when fine.
 */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > MAX_IMAGE_BYTES) return TOO_LARGE;
  return null;
}

/**
 * Sends one image to `POST /api/upload` (multipart field `file`) and resolves to its URL on this
 * server. `onProgress` gets the share sent so far, 0 to 100. Rejects with an {@link ApiError}
 * carrying the server's Dutch text, or a plain Error on a network failure.
 */
export function uploadImage(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && onProgress) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300 && isUploaded(body)) {
        onProgress?.(100);
        resolve({ url: body.url });
      } else {
        reject(ApiError.fromResponse(request.status, body));
      }
    });
    request.addEventListener('error', () => {
      reject(new Error('Network error during upload'));
    });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

function isUploaded(body: unknown): body is { url: string } {
  return typeof body === 'object' && body !== null && 'url' in body && typeof body.url === 'string';
}
