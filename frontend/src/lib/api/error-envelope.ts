import * as z from 'zod/mini';
import type { components } from '@/lib/api/openapi';
import { VALUES } from '@/lib/api/vocabulary';

type ApiErrorBody = components['schemas']['ApiErrorBody'];

// Loaded with the first failed call (`ApiError.fromResponse`): zod's checks are no part of the
// first download.

/**
 * The `{error, code, field?}` envelope of a failed response. A proxy or a crashed server may
 * answer with HTML or nothing at all, and a newer server with a code this version does not know:
 * those are no envelope of ours.
 */
const errorEnvelope = z.object({
  error: z.string(),
  code: z.enum(VALUES.ErrorCode),
  field: z.optional(z.nullable(z.string())),
});

export function readErrorBody(
  body: unknown,
): Pick<ApiErrorBody, 'error' | 'code' | 'field'> | null {
  const envelope = errorEnvelope.safeParse(body);
  return envelope.success ? { ...envelope.data, field: envelope.data.field ?? null } : null;
}
