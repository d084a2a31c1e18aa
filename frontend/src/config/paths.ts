/**
 * Every route of the app, in one place. Pages, links and redirects take their paths from here;
 * the Dutch paths are part of the product: people share and bookmark them.
 */
/** The search parameter that opens the owner page's 'Nog een huisdier toevoegen' form. */
export const ADD_PET_PARAM = 'huisdier-toevoegen';

export const paths = {
  home: '/',
  authCallback: '/auth/callback',
  register: '/registreren',
  login: '/inloggen',
  /** The one-time sign-in link of a code mail: `/inloggen/link#<token>`. */
  emailLink: '/inloggen/link',
  emailRegister: '/email-registreren',
  emailVerification: '/email-verificatie',
  dashboard: '/dashboard',
  profileSetup: '/profiel-aanmaken',
  messages: '/berichten',
  favourites: '/favorieten',
  settings: '/instellingen',
  /** The link in a saved search's mail that ends it. */
  unsubscribe: '/zoekopdracht-afmelden',
  moderation: '/beheer/meldingen',
  /** Every moderator action: who, what, when and why. */
  moderationLog: '/beheer/logboek',
  profiles: '/profielen',
  /** /profielen with a search in its address, as its search form would put it there. */
  profileSearch: (search: { type?: 'huisdier' | 'vrijwilliger'; q?: string; near?: string }) => {
    const query = new URLSearchParams();
    if (search.type) query.set('type', search.type);
    if (search.q) query.set('q', search.q);
    if (search.near) query.set('near', search.near);
    const text = query.toString();
    return text ? `/profielen?${text}` : '/profielen';
  },
  forOwners: '/voor-baasjes',
  forVolunteers: '/voor-oppassers',
  /** Browse fallback detail for an id that is neither a sitter nor a pet id. */
  profileFallback: (id: string | number) => `/profielen/${String(id)}`,
  /** Detail that redirects `volunteer-N` and `pet-N` ids to their own pages. */
  profileDetail: (id: string | number) => `/profiel/${String(id)}`,
  volunteer: (volunteerId: number) => `/vrijwilliger/${volunteerId}`,
  owner: (ownerId: number) => `/eigenaar/${ownerId}`,
  /** The owner page with the form for another pet open (the wizard's last step leads there). */
  ownerAddingPet: (ownerId: number) => `/eigenaar/${ownerId}?${ADD_PET_PARAM}`,
  pet: (petId: number) => `/huisdier/${petId}`,
  /** A pet's zorgkaart: its owner fills it in, a sitter reads it during an afspraak. */
  petCare: (petId: number) => `/huisdier/${petId}/zorgkaart`,
  terms: '/voorwaarden',
  privacy: '/privacy',
  /** Where a person lands after deleting their account; public, as they are signed out. */
  accountDeleted: '/account-verwijderd',
} as const;
