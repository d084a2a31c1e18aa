import type { components } from '@/lib/api/openapi';

/** The code of a server's error answer (generated from the OpenAPI document). */
export type ErrorCode = components['schemas']['ErrorCode'];

/** The code of a failure that carries no envelope of the server's: HTML, nothing, or an unknown code. */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

/** Shown when a failed response carries no envelope of ours. */
const FALLBACK_MESSAGE = 'Er ging iets mis. Probeer het opnieuw.';

/**
 * A non-success answer of the backend. `message` is Dutch text fit for people (the envelope's
 * `error`); screens switch on `code`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | typeof UNEXPECTED_RESPONSE;
  /** For invalid input (422): the request field at fault, e.g. `postalCode`. */
  readonly field: string | undefined;

  constructor(
    status: number,
    code: ErrorCode | typeof UNEXPECTED_RESPONSE,
    message: string,
    field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }

  /**
   * Reads the `{error, code}` envelope of a failed response; any other body becomes a generic
   * error, and so does every body when the checks cannot load (a connection gone, or a new
   * version of the app on the server).
   */
  static async fromResponse(status: number, body: unknown): Promise<ApiError> {
    const envelope = await import('@/lib/api/error-envelope').then(
      ({ readErrorBody }) => readErrorBody(body),
      () => null,
    );
    return envelope
      ? new ApiError(status, envelope.code, envelope.error, envelope.field ?? undefined)
      : new ApiError(status, UNEXPECTED_RESPONSE, FALLBACK_MESSAGE);
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
    throw await ApiError.fromResponse(response.status, error);
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
