import { ArrowRight, Check, Dog, HandHeart, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { SectionHeading } from '@/features/landing/components/section-heading';
import { StartButton } from '@/features/landing/components/start-button';

interface Audience {
  icon: LucideIcon;
  title: string;
  subtitle: string;
  points: string[];
  link: { label: string; to: string };
  tone: { icon: string; check: string };
}

const audiences: Audience[] = [
  {
    icon: Dog,
    title: 'Voor baasjes',
    subtitle: 'Je huisdier in goede handen, ook als jij er even niet bent.',
    points: [
      'Vind een oppas bij jou in de buurt',
      'Bekijk vooraf ervaring en beschikbaarheid',
      'Maak eerst kennis via berichten op het platform',
      'Voor uitlaten, dagopvang, weekenden en vakanties',
    ],
    link: { label: 'Meer voor baasjes', to: paths.forOwners },
    tone: { icon: 'bg-orange-100 text-orange-800', check: 'text-orange-700' },
  },
  {
    icon: HandHeart,
    title: 'Voor oppassers',
    subtitle: 'Tijd met dieren doorbrengen, ook zonder eigen huisdier.',
    points: [
      'Maak gratis een vrijwilligersprofiel',
      'Kies zelf wanneer en hoe vaak je kunt',
      'Leer dieren en mensen in je buurt kennen',
      'Help baasjes die er even geen tijd voor hebben',
    ],
    link: { label: 'Meer voor oppassers', to: paths.forVolunteers },
    tone: { icon: 'bg-teal-100 text-teal-800', check: 'text-teal-700' },
  },
];

export function Audiences() {
  return (
    <section aria-labelledby="audiences-title" className="bg-amber-50">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="audiences-title"
          eyebrow="Voor wie"
          title="Baasjes en oppassers vinden elkaar"
        >
          Heb je een huisdier dat af en toe gezelschap nodig heeft, of heb je zelf tijd en liefde
          over voor dieren? Op Oppasmaatje ontmoeten beide kanten elkaar.
        </SectionHeading>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {audiences.map(({ icon: Icon, title, subtitle, points, link, tone }) => (
            <Card as="article" key={title} className="flex flex-col gap-5">
              <span className={`flex size-14 items-center justify-center rounded-2xl ${tone.icon}`}>
                <Icon aria-hidden="true" className="size-7" />
              </span>
              <div className="flex flex-col gap-2">
                <h3 className="text-2xl font-bold text-stone-900">{title}</h3>
                <p className="text-lg text-stone-700">{subtitle}</p>
              </div>
              <ul className="flex flex-col gap-3">
                {points.map((point) => (
                  <li key={point} className="flex items-start gap-3 text-stone-800">
                    <Check aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${tone.check}`} />
                    {point}
                  </li>
                ))}
              </ul>
              <Link
                to={link.to}
                className="mt-auto inline-flex items-center gap-2 self-start rounded font-semibold text-teal-800 underline-offset-4 hover:underline"
              >
                {link.label}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Card>
          ))}
        </div>
        <div className="mt-10 flex justify-center">
          <StartButton
            signedOutLabel="Direct Beginnen"
            signedInLabel="Oppas Zoeken"
            signedInTo={paths.profileSearch({ type: 'vrijwilliger' })}
            variant="accent"
          />
        </div>
      </div>
    </section>
  );
}
