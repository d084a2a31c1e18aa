import { Clock, Gift, HeartHandshake, ShieldCheck, type LucideIcon } from 'lucide-react';
import { IconCard } from '@/components/ui/icon-card';
import { SectionHeading } from '@/features/landing/components/section-heading';

interface Reason {
  icon: LucideIcon;
  title: string;
  text: string;
}

const reasons: Reason[] = [
  {
    icon: ShieldCheck,
    title: 'Contact via het platform',
    text: 'Je e-mailadres en telefoonnummer blijven privé: jullie schrijven elkaar via Oppasmaatje. Leer een oppas altijd eerst kennen voordat je iets afspreekt, en vertrouw je huisdier pas toe als het goed voelt.',
  },
  {
    icon: HeartHandshake,
    title: 'Persoonlijke matches',
    text: 'Je ziet oppassers en huisdieren bij jou in de buurt, met hun ervaring, beschikbaarheid en karakter. Zo vind je iemand die echt bij jouw dier past.',
  },
  {
    icon: Clock,
    title: '24/7 platform',
    text: "Zoeken, profielen bekijken en berichten sturen kan wanneer het jou uitkomt: 's ochtends vroeg, 's avonds laat en in het weekend.",
  },
  {
    icon: Gift,
    title: 'Volledig gratis',
    text: 'Aanmelden, zoeken en berichten sturen kost niets. Oppasmaatje draait op vrijwilligers en vraagt nooit commissie of abonnementsgeld.',
  },
];

export function Reasons() {
  return (
    <section aria-labelledby="reasons-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="reasons-title"
        eyebrow="Waarom Oppasmaatje"
        title="Zorgeloos weg, met een gerust hart"
      >
        Een oppas vinden draait om vertrouwen. Daarom bouwden we Oppasmaatje rond vier beloftes.
      </SectionHeading>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map((reason) => (
          <IconCard key={reason.title} {...reason} />
        ))}
      </ul>
    </section>
  );
}
