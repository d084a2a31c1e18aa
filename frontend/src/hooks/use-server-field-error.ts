import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/api-error';

/**
 * Puts the server's refusal of one field (422 naming `field`) at that field of the form, when it
 * is one of `shown` (the fields on screen); returns the field, or null when the error is anything
 * else and belongs above the form.
 */
export function useServerFieldError<Values extends FieldValues>(setError: UseFormSetError<Values>) {
  return useCallback(
    <Field extends Path<Values>>(error: unknown, shown: readonly Field[]): Field | null => {
      if (!(error instanceof ApiError) || error.status !== 422 || error.field === undefined) {
        return null;
      }
      const field = shown.find((name) => name === error.field);
      if (field === undefined) return null;
      setError(field, { type: 'server', message: error.message });
      return field;
    },
    [setError],
  );
}
