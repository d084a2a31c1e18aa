/** Query keys of the signed-in user and of the profile that belongs to a user. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  profileLookups: () => [...authKeys.all, 'profile-lookup'] as const,
  profileLookup: (userId: number | null) => [...authKeys.profileLookups(), userId] as const,
};
