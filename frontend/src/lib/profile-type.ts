import type { components } from '@/lib/api/openapi';

/** An owner looking for a sitter (`huisdier`) or a sitter (`vrijwilliger`). */
export type ProfileType = components['schemas']['ProfileType'];

/**
 * Where the dashboard leaves the kind of profile someone chose, for the wizard to read.
 */
export const SELECTED_TYPE_KEY = 'selectedProfileType';

/** Whatever was stored as a profile type; anything unknown means an owner. */
export function profileTypeFrom(value: string | null | undefined): ProfileType {
  return value === 'vrijwilliger' ? 'vrijwilliger' : 'huisdier';
}
