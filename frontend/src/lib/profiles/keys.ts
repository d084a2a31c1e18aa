/** Query keys of the owner, volunteer and pet pages, and of the own profile an edit starts from. */
export const profileKeys = {
  all: ['profiles'] as const,
  pages: () => [...profileKeys.all, 'page'] as const,
  owner: (ownerId: number) => [...profileKeys.pages(), 'owner', ownerId] as const,
  volunteer: (volunteerId: number) => [...profileKeys.pages(), 'volunteer', volunteerId] as const,
  pet: (petId: number) => [...profileKeys.pages(), 'pet', petId] as const,
  own: (userId: number) => [...profileKeys.all, 'own', userId] as const,
  references: (userId: number) => [...profileKeys.pages(), 'references', userId] as const,
};
