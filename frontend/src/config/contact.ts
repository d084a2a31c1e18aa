/** How people reach the organisation behind the platform. */
export const contact = {
  email: 'info@oppasmaatje.nl',
} as const;

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin';

/**
 * The organisation's pages on social media. An empty address hides its icon, so the site shows
 * only the networks where the organisation is actually present.
 */
export const socialLinks: Readonly<Record<SocialNetwork, string>> = {
  facebook: '',
  instagram: '',
  linkedin: '',
};
