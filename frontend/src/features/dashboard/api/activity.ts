/** The favourites the dashboard's activity counts: this week, the last seven days. */
export const ACTIVITY_DAYS = 7;

/**
 * Where the activity box starts counting favourites: seven days before the page opened, to the
 * minute, so that the route's loader and the box ask the same question.
 */
export function weekAgo(now = Date.now()): string {
  const minute = 60 * 1000;
  return new Date(
    Math.floor(now / minute) * minute - ACTIVITY_DAYS * 24 * 60 * minute,
  ).toISOString();
}
