import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/auth/api/get-current-user';
import type { ProfileLookup } from '@/lib/auth/api/get-profile-lookup';

export interface NavItem {
  label: string;
  to: string;
  /** Active only on its own path, not on the paths below it (Home). */
  end?: boolean;
  /** Unread messages (Berichten); no badge when 0 or unknown. */
  unread?: number;
}

/**
 * The main navigation for a visitor, a signed-in user without a known profile, a sitter or an
 * owner, as the header and the footer show it.
 */
export function navItems(
  user: SessionUser | null,
  lookup: ProfileLookup | null,
  unread?: number,
): NavItem[] {
  if (user === null) {
    return [
      { label: 'Home', to: paths.home, end: true },
      { label: 'Profielen', to: paths.profiles },
      { label: 'Voor Baasjes', to: paths.forOwners },
      { label: 'Voor Oppassers', to: paths.forVolunteers },
    ];
  }

  const items: NavItem[] = [
    { label: 'Home', to: paths.dashboard, end: true },
    searchItem(lookup),
    { label: 'Berichten', to: paths.messages, ...(unread ? { unread } : {}) },
  ];
  const ownProfile = ownProfilePath(lookup);
  if (ownProfile !== null) {
    items.push({ label: 'Mijn profiel', to: ownProfile });
  }
  return items;
}

/**
 * What the phone menu adds under the main navigation for a signed-in user: on wider screens the
 * user widget's icons lead there. Meldingen only for moderators.
 */
export function phoneMenuItems(user: SessionUser | null): NavItem[] {
  if (user === null) {
    return [];
  }
  const items: NavItem[] = [
    { label: 'Favorieten', to: paths.favourites },
    { label: 'Instellingen', to: paths.settings },
  ];
  if (user.is_moderator) {
    items.push({ label: 'Meldingen', to: paths.moderation });
  }
  return items;
}

/** Sitters search for pets, owners for sitters; anyone else browses every profile. */
function searchItem(lookup: ProfileLookup | null): NavItem {
  switch (lookup?.type) {
    case 'vrijwilliger':
      return { label: 'Zoeken', to: paths.forVolunteers };
    case 'huisdier':
      return { label: 'Profielen', to: paths.forOwners };
    case undefined:
      return { label: 'Profielen', to: paths.profiles };
  }
}

function ownProfilePath(lookup: ProfileLookup | null): string | null {
  if (lookup?.type === 'vrijwilliger') {
    return paths.volunteer(lookup.profile.id);
  }
  if (lookup?.type === 'huisdier') {
    return paths.owner(lookup.profile.owner_id);
  }
  return null;
}
