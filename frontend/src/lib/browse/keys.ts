/**
 * The query keys of every list of cards (/profielen, /voor-baasjes, /voor-oppassers): a save that
 * changes what a card shows marks them all stale (the list's own key per query is in
 * features/browse).
 */
export const listKeys = {
  all: ['browse'] as const,
  lists: () => [...listKeys.all, 'list'] as const,
};
