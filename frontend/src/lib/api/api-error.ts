import { z } from 'zod/mini';
import type { components } from '@/lib/api/openapi';

type ApiErrorBody = components['schemas']['ApiErrorBody'];

// Checked at run time: a proxy or a crashed server may answer with HTML or nothing at all.
const apiErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  field: z.optional(z.nullable(z.string())),
}) satisfies z.ZodMiniType<
  Pick<ApiErrorBody, 'error' | 'code'> & { field?: ApiErrorBody['field'] | undefined }
>;

/** Shown when a failed response carries no envelope of ours. */
const FALLBACK_MESSAGE = 'Er ging iets mis. Probeer het opnieuw.';

/**
 * A non-success answer of the backend. `message` is Dutch text fit for people (the envelope's
 * `error`); screens switch on `code`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** For invalid input (422): the request field at fault, e.g. `postalCode`. */
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }

  /** Reads the `{error, code}` envelope of a failed response; any other body becomes a generic error. */
  static fromResponse(status: number, body: unknown): ApiError {
    const parsed = apiErrorBody.safeParse(body);
    return parsed.success
      ? new ApiError(status, parsed.data.code, parsed.data.error, parsed.data.field ?? undefined)
      : new ApiError(status, 'unexpected_response', FALLBACK_MESSAGE);
  }
}

/** What every call of the openapi-fetch client resolves to. */
interface ClientResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** Resolves to the body of a successful call and rejects with an {@link ApiError} otherwise. */
export async function unwrap<Data>(call: Promise<ClientResult<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) {
    throw ApiError.fromResponse(response.status, error);
  }
  // openapi-fetch fills `data` for every OK response; it is undefined only for an empty body
  // (204), which the contract types as having no content.
  return data as Data;
}

/**
 * The log line for a failed call: `{prefix}: API responded with HTTP status {status}` for an
 * answer of the backend, the cause for a network failure or an unreadable body.
 */
export function failureMessage(prefix: string, error: unknown): string {
  if (error instanceof ApiError) {
    return `${prefix}: API responded with HTTP status ${error.status}`;
  }
  return `${prefix}: ${error instanceof Error ? error.message : String(error)}`;
}
