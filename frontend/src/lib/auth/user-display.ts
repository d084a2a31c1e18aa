import type { SessionUser } from '@/lib/auth/api/get-current-user';

/** The name to greet a user by: the provider's given name, else the first name, else the e-mail's local part. */
export function firstNameOf(user: SessionUser): string {
  return (
    nonEmpty(user.google_user_data?.given_name) ??
    nonEmpty(user.first_name) ??
    user.email.split('@')[0] ??
    user.email
  );
}

/** The picture to show for a user: the provider's picture, else the uploaded avatar, else none. */
export function avatarUrlOf(user: SessionUser): string | null {
  return nonEmpty(user.google_user_data?.picture) ?? nonEmpty(user.avatar_url);
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
