import createClient from 'openapi-fetch';
import type { paths } from '@/lib/api/openapi';

/**
 * The typed client for the backend. Paths and bodies are checked against the OpenAPI contract
 * (`openapi.json`); the backend serves this app itself, so every call is same-origin and carries
 * the session cookie.
 */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
