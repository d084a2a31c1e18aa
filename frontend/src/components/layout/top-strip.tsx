import { Heart, Mail, Sparkles } from 'lucide-react';
import { SocialIcon } from '@/components/ui/social-icon';
import { contact, socialLinks, type SocialNetwork } from '@/config/contact';

const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

/** The thin band above the header: the promise, the contact address and the social pages. */
export function TopStrip() {
  const networks = (Object.keys(socialLinks) as SocialNetwork[]).filter(
    (network) => socialLinks[network] !== '',
  );

  return (
    <aside aria-label="Oppasmaatje in het kort" className="bg-teal-900 text-sm text-teal-50">
      {/* One line on every width: a phone shows the promise alone. */}
      <div className="mx-auto flex max-w-6xl items-center justify-center gap-x-6 px-4 py-2 sm:justify-between sm:px-6">
        <p className="flex items-center gap-2 truncate">
          <Sparkles aria-hidden="true" className="size-4 text-amber-300" />
          Gratis aanmelden en direct matches vinden
        </p>
        <a
          href={`mailto:${contact.email}`}
          className="hidden items-center gap-2 rounded whitespace-nowrap underline-offset-4 hover:underline sm:flex"
        >
          <Mail aria-hidden="true" className="size-4 text-amber-300" />
          {contact.email}
        </a>
        <div className="hidden items-center gap-4 md:flex">
          <p className="flex items-center gap-2 whitespace-nowrap">
            <Heart aria-hidden="true" className="size-4 text-amber-300" />
            Volledig gratis platform
          </p>
          {networks.length > 0 && (
            <ul className="flex items-center gap-1" aria-label="Volg ons">
              {networks.map((network) => (
                <li key={network}>
                  <a
                    href={socialLinks[network]}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={`${networkNames[network]} (opent in een nieuw venster)`}
                    className="flex size-8 items-center justify-center rounded-full hover:bg-teal-800"
                  >
                    <SocialIcon network={network} className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </aside>
  );
}
