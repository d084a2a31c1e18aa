import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import {
  imageProblem,
  NOT_AN_IMAGE,
  TOO_LARGE,
  uploadFailureText,
} from '@/lib/uploads/upload-image';

const texts = {
  failed: 'Uploaden mislukt. Probeer opnieuw.',
  network: 'Er ging iets mis bij het uploaden.',
};

describe('the text after a failed upload', () => {
  it('says the image is too large on 413, whatever the body', () => {
    expect(uploadFailureText(ApiError.fromResponse(413, '<html>'), texts)).toBe(TOO_LARGE);
  });

  it("passes on the server's refusal of the file, or says it is no image without one", () => {
    const refused = new ApiError(400, 'invalid_image', 'Alleen afbeeldingen zijn toegestaan');
    expect(uploadFailureText(refused, texts)).toBe('Alleen afbeeldingen zijn toegestaan');
    expect(uploadFailureText(ApiError.fromResponse(415, null), texts)).toBe(NOT_AN_IMAGE);
  });

  it('falls back to the page texts for other answers and for no answer', () => {
    expect(uploadFailureText(ApiError.fromResponse(500, null), texts)).toBe(texts.failed);
    expect(uploadFailureText(new Error('Network error during upload'), texts)).toBe(texts.network);
  });
});

describe('the check before an upload', () => {
  const image = (bytes: number, type = 'image/png') =>
    new File([new Uint8Array(bytes)], 'foto.png', { type });

  it("takes an image of the server's 5 MiB and refuses one byte more", () => {
    expect(imageProblem(image(5_242_880))).toBeNull();
    expect(imageProblem(image(5_242_881))).toBe(TOO_LARGE);
  });

  it('refuses what is no image', () => {
    expect(imageProblem(image(10, 'application/pdf'))).toBe(NOT_AN_IMAGE);
  });
});
