import { Mail, MapPin, PawPrint } from 'lucide-react';
import { Link } from 'react-router';
import { Input } from '@/components/ui/input';
import { contact } from '@/config/contact';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/** Each service leads to the volunteers whose profile speaks of it. */
const services = [
  { label: 'Hondenoppas', q: 'hond' },
  { label: 'Kattenverzorging', q: 'kat' },
  { label: 'Uitlaatservice', q: 'uitlaten' },
  { label: 'Dagopvang', q: 'dagopvang' },
] as const;

// Underlined, so a link reads as one beside plain text ('Actief in heel Nederland').
const linkClass =
  'rounded underline decoration-stone-500 underline-offset-4 hover:text-white hover:decoration-white';

export function Footer() {
  const { user } = useAuth();

  return (
    <footer className="bg-stone-900 text-stone-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <section aria-labelledby="footer-contact" className="flex flex-col gap-4">
          <p className="flex items-center gap-2 text-xl font-extrabold text-white">
            <PawPrint aria-hidden="true" className="size-6 text-amber-400" />
            Oppasmaatje
          </p>
          <p>
            Het gratis platform waar baasjes en vrijwillige oppassers elkaar vinden. Gedragen door
            vrijwilligers, voor dieren en hun mensen.
          </p>
          <h2 id="footer-contact" className="sr-only">
            Contact
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <a
                href={`mailto:${contact.email}`}
                className={`inline-flex items-center gap-2 ${linkClass}`}
              >
                <Mail aria-hidden="true" className="size-4 text-amber-400" />
                {contact.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 text-amber-400" />
              Actief in heel Nederland
            </li>
          </ul>
        </section>

        <nav aria-labelledby="footer-services" className="flex flex-col gap-4">
          <h2 id="footer-services" className="text-lg font-bold text-white">
            Diensten
          </h2>
          <ul className="flex flex-col gap-2">
            {services.map(({ label, q }) => (
              <li key={label}>
                <Link to={paths.profileSearch({ type: 'vrijwilliger', q })} className={linkClass}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-account" className="flex flex-col gap-4">
          <h2 id="footer-account" className="text-lg font-bold text-white">
            Je account
          </h2>
          <Input
            inverse
            readOnly
            type="email"
            label="Je e-mailadres"
            value={user?.email ?? ''}
            placeholder="Nog niet ingelogd"
            hint={
              user
                ? 'Berichten over je account sturen we naar dit adres.'
                : 'Log in om te zien welk e-mailadres bij je account hoort.'
            }
          />
        </section>

        <nav aria-labelledby="footer-info" className="flex flex-col gap-4">
          <h2 id="footer-info" className="text-lg font-bold text-white">
            Informatie
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <Link to={paths.terms} className={linkClass}>
                Algemene voorwaarden
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className={linkClass}>
                Privacyverklaring
              </Link>
            </li>
          </ul>
        </nav>
      </div>

      <div className="border-t border-stone-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-stone-400 sm:flex-row sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Oppasmaatje. Gratis, door en voor vrijwilligers.</p>
          <p>Postcodegegevens: GeoNames (CC BY 4.0)</p>
        </div>
      </div>
    </footer>
  );
}
