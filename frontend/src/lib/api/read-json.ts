/**
 * The fields of a JSON object, or null for anything else (an array, a string, null). The readers
 * of what the app receives before any page has loaded (error envelopes, live events) check their
 * shapes with it by hand: zod stays out of the first download and loads with the forms.
 */
export function fieldsOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
