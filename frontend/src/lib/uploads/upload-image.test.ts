import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { MAX_IMAGE_BYTES } from '@/lib/api/vocabulary';
import type { ImageTools } from '@/lib/uploads/shrink-image';
import {
  imageProblem,
  NOT_AN_IMAGE,
  TOO_LARGE,
  uploadFailureText,
  uploadImage,
  UploadRefused,
  type UploadProgress,
} from '@/lib/uploads/upload-image';

const texts = {
  failed: 'Uploaden mislukt. Probeer opnieuw.',
  network: 'Er ging iets mis bij het uploaden.',
};

describe('the text after a failed upload', () => {
  it("says the browser's own refusal as it is", () => {
    expect(uploadFailureText(new UploadRefused(TOO_LARGE), texts)).toBe(TOO_LARGE);
    expect(uploadFailureText(new UploadRefused(NOT_AN_IMAGE), texts)).toBe(NOT_AN_IMAGE);
  });

  it('says the image is too large on 413, whatever the body', async () => {
    expect(uploadFailureText(await ApiError.fromResponse(413, '<html>'), texts)).toBe(TOO_LARGE);
  });

  it("passes on the server's refusal of the file, or says it is no image without one", async () => {
    const refused = new ApiError(400, 'not_an_image', 'Alleen afbeeldingen zijn toegestaan');
    expect(uploadFailureText(refused, texts)).toBe('Alleen afbeeldingen zijn toegestaan');
    expect(uploadFailureText(await ApiError.fromResponse(415, null), texts)).toBe(NOT_AN_IMAGE);
  });

  it('falls back to the page texts for other answers and for no answer', async () => {
    expect(uploadFailureText(await ApiError.fromResponse(500, null), texts)).toBe(texts.failed);
    expect(uploadFailureText(new Error('Network error during upload'), texts)).toBe(texts.network);
  });
});

describe('the check before an upload', () => {
  const image = (bytes: number, type = 'image/png') =>
    new File([new Uint8Array(bytes)], 'foto.png', { type });

  it("takes an image of the server's 5 MiB and refuses one byte more", () => {
    expect(imageProblem(image(MAX_IMAGE_BYTES))).toBeNull();
    expect(imageProblem(image(MAX_IMAGE_BYTES + 1))).toBe(TOO_LARGE);
  });

  it('refuses what is no image', () => {
    expect(imageProblem(image(10, 'application/pdf'))).toBe(NOT_AN_IMAGE);
  });
});

/** A stand-in XMLHttpRequest: the test plays the upload's events and the server's answer. */
class FakeRequest {
  static last: FakeRequest | null = null;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  responseType = '';
  status = 0;
  response: unknown = null;
  sent: FormData | null = null;

  constructor() {
    FakeRequest.last = this;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  send(body: FormData) {
    this.sent = body;
  }

  /** `loaded` of `total` bytes are out. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }

  /** Every byte is out; the server works on it. */
  uploaded() {
    this.upload.dispatchEvent(new Event('load'));
  }

  answer(status: number, body: unknown) {
    this.status = status;
    this.response = body;
    this.events.dispatchEvent(new Event('load'));
  }

  breakOff() {
    this.events.dispatchEvent(new Event('error'));
  }
}

/** The request the upload made; fails the test when it made none. */
function lastRequest(): FakeRequest {
  const request = FakeRequest.last;
  if (request === null) throw new Error('No request was made');
  return request;
}

/** Waits until the upload has sent its request. */
async function requestSent(): Promise<FakeRequest> {
  await vi.waitFor(() => {
    expect(FakeRequest.last?.sent).toBeInstanceOf(FormData);
  });
  return lastRequest();
}

/** The file the request carries in its `file` field. */
function sentFile(): File {
  const file = lastRequest().sent?.get('file');
  if (!(file instanceof File)) throw new Error('No file was sent');
  return file;
}

/** Canvas stand-ins: the photo decodes at `size`; a shrunk copy has `encodedBytes`. */
function imageTools(size: { width: number; height: number }, encodedBytes: number): ImageTools {
  return {
    decode: () =>
      Promise.resolve({ source: {} as CanvasImageSource, ...size, close: () => undefined }),
    encode: (_image, _size, type) =>
      Promise.resolve(new Blob([new Uint8Array(encodedBytes)], { type })),
  };
}

const MB = 1024 * 1024;
const file = (bytes: number, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], 'foto.jpg', { type });

describe('uploading a photo', () => {
  const saved = globalThis.XMLHttpRequest;
  beforeEach(() => {
    FakeRequest.last = null;
    globalThis.XMLHttpRequest = FakeRequest as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = saved;
  });

  it('goes through Verkleinen, Uploaden with the share sent, and Verwerken', async () => {
    const stages: UploadProgress[] = [];
    const done = uploadImage(
      file(6 * MB),
      (progress) => stages.push(progress),
      imageTools({ width: 4000, height: 3000 }, 800_000),
    );
    expect(stages).toEqual([{ stage: 'verkleinen', percent: 0 }]);
    const request = await requestSent();
    expect([request.method, request.url]).toEqual(['POST', '/api/upload']);

    request.progress(320_000, 800_000);
    request.progress(800_000, 800_000);
    request.uploaded();
    request.answer(201, { url: '/uploads/abc.jpg' });

    expect(await done).toEqual({ url: '/uploads/abc.jpg' });
    expect(stages).toEqual([
      { stage: 'verkleinen', percent: 0 },
      { stage: 'uploaden', percent: 0 },
      { stage: 'uploaden', percent: 40 },
      { stage: 'uploaden', percent: 99 },
      { stage: 'verwerken', percent: 100 },
    ]);
  });

  it('sends the shrunk JPEG of a 6 MB photo, not the photo itself', async () => {
    const done = uploadImage(
      file(6 * MB),
      undefined,
      imageTools({ width: 4000, height: 3000 }, 800_000),
    );
    await requestSent();

    expect(sentFile().size).toBe(800_000);
    expect(sentFile().type).toBe('image/jpeg');
    lastRequest().answer(201, { url: '/uploads/abc.jpg' });
    await done;
  });

  it('sends a small photo as it is', async () => {
    const small = file(200_000);
    const done = uploadImage(small, undefined, imageTools({ width: 1024, height: 768 }, 1));
    await requestSent();

    expect(sentFile()).toBe(small);
    lastRequest().answer(201, { url: '/uploads/klein.jpg' });
    await done;
  });

  it('refuses a photo that is still over 5 MB after shrinking, without sending it', async () => {
    const stages: UploadProgress[] = [];
    const upload = uploadImage(
      file(40 * MB),
      (progress) => stages.push(progress),
      imageTools({ width: 8000, height: 6000 }, 5_242_881),
    );

    await expect(upload).rejects.toEqual(new UploadRefused(TOO_LARGE));
    expect(FakeRequest.last).toBeNull();
    expect(stages.map((progress) => progress.stage)).toEqual(['verkleinen']);
  });

  it('refuses what is no image before shrinking or sending anything', async () => {
    const decode = vi.fn<ImageTools['decode']>();
    const upload = uploadImage(file(10, 'application/pdf'), undefined, {
      decode,
      encode: vi.fn<ImageTools['encode']>(),
    });

    await expect(upload).rejects.toEqual(new UploadRefused(NOT_AN_IMAGE));
    expect(decode).not.toHaveBeenCalled();
    expect(FakeRequest.last).toBeNull();
  });

  it("rejects with the server's refusal, and with a plain error when the connection breaks", async () => {
    const refused = uploadImage(file(1000), undefined, imageTools({ width: 10, height: 10 }, 1));
    (await requestSent()).answer(413, { error: TOO_LARGE, code: 'payload_too_large' });
    await expect(refused).rejects.toMatchObject({ status: 413 });

    FakeRequest.last = null;
    const broken = uploadImage(file(1000), undefined, imageTools({ width: 10, height: 10 }, 1));
    (await requestSent()).breakOff();
    await expect(broken).rejects.toThrow('Network error during upload');
  });
});
