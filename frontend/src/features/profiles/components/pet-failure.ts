import { ApiError } from '@/lib/api/api-error';

export const ADD_PET_FAILED = 'Er ging iets mis bij het toevoegen. Probeer het opnieuw.';
export const REMOVE_PET_FAILED = 'Er ging iets mis bij het verwijderen. Probeer het opnieuw.';

/** The server's own Dutch text where it refused for a reason people can act on. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [403, 409, 422, 429].includes(error.status)) {
    return error.message;
  }
  return fallback;
}
