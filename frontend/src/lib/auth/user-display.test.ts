import { describe, expect, it } from 'vitest';
import { avatarUrlOf, firstNameOf } from '@/lib/auth/user-display';
import { aUser } from '@/testing/fake-api';
import { aVolunteerLookup, anOwnerLookup } from '@/testing/profiles';

describe('avatarUrlOf', () => {
  const google = { given_name: 'Gerrit', name: 'Gerrit Google', picture: 'https://lh3/g' };

  it("shows the person's own profile photo once there is one", () => {
    const user = aUser({ google_user_data: google, avatar_url: '/uploads/account.png' });
    expect(avatarUrlOf(user, aVolunteerLookup({ avatar_url: '/uploads/lotte.png' }))).toBe(
      '/uploads/lotte.png',
    );
    // An owner's own photo, not their pet's.
    expect(
      avatarUrlOf(
        user,
        anOwnerLookup({ avatar_url: '/uploads/bobby.png' }, { avatar_url: '/uploads/sanne.png' }),
      ),
    ).toBe('/uploads/sanne.png');
  });

  it("falls back to the provider's picture, then the account's, then none", () => {
    const withoutPhoto = aVolunteerLookup({ avatar_url: null });
    expect(avatarUrlOf(aUser({ google_user_data: google }), withoutPhoto)).toBe('https://lh3/g');
    expect(avatarUrlOf(aUser({ avatar_url: '/uploads/account.png' }))).toBe('/uploads/account.png');
    expect(avatarUrlOf(aUser({ avatar_url: '  ' }))).toBeNull();
  });
});

describe('firstNameOf', () => {
  it('greets by the given name, else the first name, else the address', () => {
    expect(firstNameOf(aUser({ first_name: 'Anna' }))).toBe('Anna');
    expect(firstNameOf(aUser({ first_name: null, email: 'bram@example.nl' }))).toBe('bram');
  });
});
