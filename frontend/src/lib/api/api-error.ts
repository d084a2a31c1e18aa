import type { components } from '@/lib/api/openapi';
import { fieldsOf } from '@/lib/api/read-json';
import { ERROR_CODE } from '@/lib/api/vocabulary';

type ApiErrorBody = components['schemas']['ApiErrorBody'];

/** The code of a server's error answer (generated from the OpenAPI document). */
export type ErrorCode = components['schemas']['ErrorCode'];

/** The code of a failure that carries no envelope of the server's: HTML, nothing, or an unknown code. */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODE));

function isErrorCode(code: string): code is ErrorCode {
  return KNOWN_CODES.has(code);
}

/**
 * The `{error, code, field?}` envelope of a failed response, or null for any other body: a proxy
 * or a crashed server may answer with HTML or nothing at all.
 */
function readErrorBody(body: unknown): Pick<ApiErrorBody, 'error' | 'code' | 'field'> | null {
  const fields = fieldsOf(body);
  if (!fields) return null;
  const { error, code, field } = fields;
  if (typeof error !== 'string' || typeof code !== 'string' || !isErrorCode(code)) return null;
  if (field !== undefined && field !== null && typeof field !== 'string') return null;
  return { error, code, field: field ?? null };
}

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

  /** Reads the `{error, code}` envelope of a failed response; any other body becomes a generic error. */
  static fromResponse(status: number, body: unknown): ApiError {
    const envelope = readErrorBody(body);
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
