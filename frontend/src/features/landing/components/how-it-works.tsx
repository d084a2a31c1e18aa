import { MessageCircleHeart, NotebookPen, UserPlus, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';
import { SectionHeading } from '@/features/landing/components/section-heading';
import { StartButton } from '@/features/landing/components/start-button';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

const steps: Step[] = [
  {
    icon: UserPlus,
    title: 'Meld je gratis aan',
    text: 'Maak in een paar minuten een account aan, met je Google-account of met je e-mailadres.',
  },
  {
    icon: NotebookPen,
    title: 'Vul je profiel in',
    text: 'Vertel wie je bent. Als baasje over je huisdier en wat het nodig heeft, als oppas over je ervaring en wanneer je kunt.',
  },
  {
    icon: MessageCircleHeart,
    title: 'Vind je match',
    text: 'Zoek in je buurt, stuur een bericht via het platform en spreek af voor een eerste kennismaking. Klikt het? Dan regelen jullie samen de rest.',
  },
];

export function HowItWorks() {
  return (
    <section
      aria-labelledby="hoe-werkt-het-title"
      id="hoe-werkt-het"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6"
    >
      <SectionHeading
        id="hoe-werkt-het-title"
        eyebrow="Hoe werkt het"
        title="In drie stappen een oppasmaatje"
      >
        Geen ingewikkelde formulieren of wachtlijsten: je bent zo op weg.
      </SectionHeading>
      <ol className="mt-12 grid gap-8 md:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex flex-col items-center gap-4 text-center">
            <span className="relative flex size-20 items-center justify-center rounded-full bg-orange-700 text-white shadow-md">
              <Icon aria-hidden="true" className="size-9" />
              <span
                aria-hidden="true"
                className="absolute -top-1 -right-1 flex size-8 items-center justify-center rounded-full bg-teal-700 text-sm font-bold text-white ring-4 ring-white"
              >
                {index + 1}
              </span>
            </span>
            <h3 className="text-xl font-bold text-stone-900">
              <span className="sr-only">Stap {index + 1}: </span>
              {title}
            </h3>
            <p className="max-w-xs leading-relaxed text-stone-700">{text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-12 flex justify-center">
        <StartButton
          signedOutLabel="Inloggen om te beginnen"
          signedInLabel="Naar Dashboard"
          withoutGoogleTo={paths.login}
        />
      </div>
    </section>
  );
}
