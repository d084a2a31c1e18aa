import { paths } from '@/config/paths';
import type { ProfileListItem } from '@/features/browse/api/types';
import * as V from '@/lib/api/vocabulary';

/** The number after a `volunteer-` or `pet-` prefix, or null when the id has another form. */
function numberAfter(id: string, prefix: string): number | null {
  if (!id.startsWith(prefix)) {
    return null;
  }
  const rest = id.slice(prefix.length);
  return /^\d+$/.test(rest) ? Number(rest) : null;
}

/**
 * Where a card leads: the volunteer's or the pet's own page,
 * the owner's page for another pet with owner info, otherwise the fallback detail.
 */
export function profileHref(item: ProfileListItem): string {
  const volunteerId = numberAfter(item.id, 'volunteer-');
  if (volunteerId !== null) {
    return paths.volunteer(volunteerId);
  }
  const petId = numberAfter(item.id, 'pet-');
  if (petId !== null) {
    return paths.pet(petId);
  }
  if (item.type === 'huisdier' && item.ownerInfo) {
    return paths.owner(item.ownerInfo.id);
  }
  return paths.profileFallback(item.id);
}

/**
 * '3,4 km': one decimal with the Dutch decimal comma; under 1 km '< 1 km' (the distance runs
 * between postcode centres, so '0,0 km' would claim a precision it does not have).
 */
export function formatDistance(km: number): string {
  if (km < 1) return '< 1 km';
  return `${km.toFixed(1).replace('.', ',')} km`;
}

/** 'Vrijwilliger' or 'Huisdier', as the type badge reads. */
export function typeLabel(type: ProfileListItem['type']): string {
  return V.ProfileType.labels[type];
}

/** '1 referentie', '4 referenties'. */
export function referencesLabel(count: number): string {
  return count === 1 ? '1 referentie' : `${String(count)} referenties`;
}
