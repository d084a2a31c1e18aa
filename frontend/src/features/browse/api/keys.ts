import type { ProfileListQuery } from '@/features/browse/api/types';

/** Query keys of the browse pages: one list per query. */
export const browseKeys = {
  all: ['browse'] as const,
  lists: () => [...browseKeys.all, 'list'] as const,
  list: (query: ProfileListQuery) => [...browseKeys.lists(), query] as const,
};
