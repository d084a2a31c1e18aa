import type { SessionUser } from '@/lib/auth/api/get-current-user';
import type { ProfileLookup } from '@/lib/auth/api/get-profile-lookup';

/** The name to greet a user by: the provider's given name, else the first name, else the e-mail's local part. */
export function firstNameOf(user: SessionUser): string {
  return (
    nonEmpty(user.google_user_data?.given_name) ??
    nonEmpty(user.first_name) ??
    user.email.split('@')[0] ??
    user.email
  );
}

/**
 * The picture to show for a user: their own profile photo (a sitter's, or an owner's of
 * themselves), else the provider's picture, else the account's, else none.
 */
export function avatarUrlOf(
  user: SessionUser,
  profile: ProfileLookup | null = null,
): string | null {
  const own =
    profile?.type === 'vrijwilliger'
      ? profile.profile.avatar_url
      : profile?.type === 'huisdier'
        ? profile.profile.owner.avatar_url
        : null;
  return nonEmpty(own) ?? nonEmpty(user.google_user_data?.picture) ?? nonEmpty(user.avatar_url);
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
