import { Dog, HandHeart, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { SELECTED_TYPE_KEY, type ProfileType } from '@/lib/profile-type';

interface Choice {
  type: ProfileType;
  label: string;
  description: string;
  icon: LucideIcon;
  tone: string;
}

const choices: Choice[] = [
  {
    type: 'huisdier',
    label: 'Ik zoek een oppas',
    description: 'Maak een profiel voor je huisdier en vind een oppas bij jou in de buurt.',
    icon: Dog,
    tone: 'bg-orange-100 text-orange-800',
  },
  {
    type: 'vrijwilliger',
    label: 'Ik wil oppassen',
    description: 'Maak een oppasprofiel en help baasjes met uitlaten, dagopvang of logeren.',
    icon: HandHeart,
    tone: 'bg-teal-100 text-teal-800',
  },
];

/** The dashboard of someone without a profile: choose the kind of profile to make. */
export function ChooseProfileType({ name }: { name: string }) {
  const navigate = useNavigate();
  const baseId = useId();
  const choose = (type: ProfileType) => {
    window.localStorage.setItem(SELECTED_TYPE_KEY, type);
    void navigate(paths.profileSetup);
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-8">
      <div className="flex flex-col gap-2 text-center">
        <h1
          id={`${baseId}-title`}
          className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl"
        >
          Welkom, {name}!
        </h1>
        <p className="text-lg text-stone-700">
          Je hebt nog geen profiel. Wat wil je doen op Oppasmaatje?
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        {choices.map(({ type, label, description, icon: Icon, tone }) => {
          const descriptionId = `${baseId}-${type}`;
          return (
            <Card key={type} className="flex flex-col items-center gap-4 text-center">
              <span className={cn('flex size-16 items-center justify-center rounded-full', tone)}>
                <Icon aria-hidden="true" className="size-8" />
              </span>
              <p id={descriptionId} className="text-stone-700">
                {description}
              </p>
              <button
                type="button"
                aria-describedby={descriptionId}
                onClick={() => {
                  choose(type);
                }}
                className={cn(
                  'w-full rounded-full px-6 py-3.5 text-lg font-semibold shadow-sm transition-colors',
                  type === 'huisdier'
                    ? 'bg-orange-700 text-white hover:bg-orange-800'
                    : 'bg-teal-700 text-white hover:bg-teal-800',
                )}
              >
                {label}
              </button>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
