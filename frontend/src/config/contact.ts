import { CONTACT_EMAIL } from '@/lib/api/vocabulary';

/** How people reach the organisation behind the platform: the address the server publishes. */
export const contact = {
  email: CONTACT_EMAIL,
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
