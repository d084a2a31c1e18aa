import type { ProfileListQuery } from '@/features/browse/api/types';
import { listKeys } from '@/lib/browse/keys';

/** Query keys of the browse pages: one list per query. */
export const browseKeys = {
  ...listKeys,
  list: (query: ProfileListQuery) => [...listKeys.lists(), query] as const,
};
