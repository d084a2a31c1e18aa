import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

export type SiteInfo = components['schemas']['SiteInfo'];

/** `GET /api/site`: which ways in this installation offers, and who runs it. */
export const siteInfoQueryOptions = queryOptions({
  queryKey: ['site', 'info'] as const,
  queryFn: () => unwrap(api.GET('/api/site')),
  // Set by the installation's settings: the same for as long as the page is open.
  staleTime: Infinity,
});

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions);
}

/** Who runs the platform (`site.organisation`), as the legal pages name it. */
export function useOrganisation(): string {
  return useSiteInfo().data?.organisation ?? 'de beheerders van Oppasmaatje';
}

/**
 * Whether signing in with Google is offered: `true` only once the server said so, so that no page
 * shows a Google button that cannot work (not even for a moment while the answer is on its way).
 */
export function useGoogleSignIn(): boolean {
  return useSiteInfo().data?.googleSignIn === true;
}
