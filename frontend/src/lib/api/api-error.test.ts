import { describe, expect, it } from 'vitest';
import { ApiError, UNEXPECTED_RESPONSE } from '@/lib/api/api-error';
import { ERROR_CODE } from '@/lib/api/vocabulary';

describe('ApiError.fromResponse', () => {
  it('reads the envelope of every code the server declares', async () => {
    for (const code of Object.values(ERROR_CODE)) {
      const error = await ApiError.fromResponse(400, { error: 'Tekst', code, field: 'email' });
      expect(error.code).toBe(code);
      expect(error.message).toBe('Tekst');
      expect(error.field).toBe('email');
    }
  });

  it('reads a body without our envelope, or with a code the server never sends, as unexpected', async () => {
    for (const body of [
      '<html>Bad gateway</html>',
      null,
      { error: 'Tekst' },
      { error: 'Tekst', code: 'rate_limited' },
      { error: 3, code: ERROR_CODE.busy },
    ]) {
      const error = await ApiError.fromResponse(502, body);
      expect(error.code).toBe(UNEXPECTED_RESPONSE);
      expect(error.message).toBe('Er ging iets mis. Probeer het opnieuw.');
    }
  });
});
