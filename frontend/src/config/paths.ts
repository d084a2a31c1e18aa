/**
 * Every route of the app, in one place. Pages, links and redirects take their paths from here;
 * the Dutch paths are part of the product (spec section 2).
 */
export const paths = {
  home: '/',
  register: '/registreren',
  login: '/inloggen',
  dashboard: '/dashboard',
  messages: '/berichten',
  profiles: '/profielen',
  forOwners: '/voor-baasjes',
  forSitters: '/voor-oppassers',
  volunteer: (volunteerId: number) => `/vrijwilliger/${volunteerId}`,
  owner: (ownerId: number) => `/eigenaar/${ownerId}`,
  terms: '/voorwaarden',
  privacy: '/privacy',
} as const;
