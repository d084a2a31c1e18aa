import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { SEARCHED } from '@/lib/browse/searched';
import { cn } from '@/lib/cn';
import type { ProfileType } from '@/lib/profile-type';

/** What someone looks for, and which profiles that means. */
const CHOICES: { label: string; shows: ProfileType }[] = [
  { label: 'Ik zoek een oppas', shows: 'vrijwilliger' },
  { label: 'Ik wil oppassen', shows: 'huisdier' },
];

/**
 * The landing page's main action: a postcode or place and what you look for, leading straight to
 * the nearest profiles of that kind (for visitors too).
 */
export function HeroSearch() {
  const navigate = useNavigate();
  const id = useId();
  const [shows, setShows] = useState<ProfileType>('vrijwilliger');
  const [near, setNear] = useState('');

  return (
    <form
      role="search"
      aria-label="Zoek in de buurt"
      className="flex w-full max-w-xl flex-col gap-4 rounded-3xl bg-white p-5 shadow-md ring-1 ring-stone-200"
      onSubmit={(event) => {
        event.preventDefault();
        const search = new URLSearchParams({ type: shows });
        const place = near.trim();
        if (place !== '') search.set('near', place);
        void navigate(`${paths.profiles}?${search.toString()}`, { state: SEARCHED });
      }}
    >
      <fieldset className="grid grid-cols-2 gap-1 rounded-full bg-stone-100 p-1">
        <legend className="sr-only">Wat zoek je?</legend>
        {CHOICES.map((choice) => (
          <label
            key={choice.shows}
            className={cn(
              'cursor-pointer rounded-full px-3 py-2 text-center text-sm font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-700 sm:text-base',
              shows === choice.shows
                ? 'bg-white text-orange-800 shadow-sm'
                : 'text-stone-700 hover:text-stone-900',
            )}
          >
            <input
              type="radio"
              name={`${id}-soort`}
              value={choice.shows}
              checked={shows === choice.shows}
              className="sr-only"
              onChange={() => {
                setShows(choice.shows);
              }}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Input
          label="Postcode of plaats"
          className="grow"
          placeholder="Bijvoorbeeld 3512 of Utrecht"
          autoComplete="postal-code"
          value={near}
          onChange={(event) => {
            setNear(event.currentTarget.value);
          }}
        />
        <Button type="submit" size="lg">
          <Search aria-hidden="true" className="size-5" />
          Zoeken
        </Button>
      </div>
    </form>
  );
}
