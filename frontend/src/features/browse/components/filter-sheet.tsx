import { SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/form-fields';
import { Input } from '@/components/ui/input';
import { useProfileList } from '@/features/browse/api/list-profiles';
import type { ProfileType } from '@/features/browse/api/types';
import { shownCount } from '@/features/browse/components/count-line';
import {
  NO_FILTERS,
  dayOf,
  filterCount,
  filtersFor,
  listQueryOf,
  type BrowseParams,
  type FacetFilters,
  type UpdateOptions,
} from '@/features/browse/hooks/use-browse-params';
import * as V from '@/lib/api/vocabulary';
import type { Vocabulary } from '@/lib/api/vocabulary';
import { LABELS } from '@/lib/profile-labels';
import { pick } from '@/lib/vocabulary';

/**
 * Each filter's label (the field's own label, as the profiles read it) and what its empty
 * choice reads. A sitter's offer reads as the profile pages list it ('Beschikbaar voor').
 */
const FILTER_LABELS: Record<keyof FacetFilters, { label: string; any: string }> = {
  species: { label: LABELS.petSpecies, any: 'Alle soorten' },
  size: { label: LABELS.petSize, any: 'Alle groottes' },
  lookingFor: { label: LABELS.petLookingFor, any: 'Alle hulp' },
  goodWith: { label: LABELS.petGoodWith, any: 'Maakt niet uit' },
  offers: { label: 'Beschikbaar voor', any: 'Maakt niet uit' },
  experience: { label: LABELS.experience, any: 'Elke ervaring' },
  availableOn: { label: 'Beschikbaar op', any: 'Elke dag' },
  dayPart: { label: 'Dagdeel', any: 'De hele dag' },
  availableFrom: { label: 'Beschikbaar van', any: 'Elke dag' },
  availableUntil: { label: 'Tot en met', any: 'Elke dag' },
};

/** The filters that are a day rather than a choice from a list. */
type DayKey = 'availableOn' | 'availableFrom' | 'availableUntil';

/** The filters chosen from a list; 'Beschikbaar op' is a day. */
type ChoiceKey = Exclude<keyof FacetFilters, DayKey>;

const DAY = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** '24 december' of a day written `YYYY-MM-DD`, with its weekday ('donderdag 24 december'). */
function dayLabel(day: string): string {
  return DAY.format(new Date(`${day}T12:00:00Z`));
}

/** Today as a date field writes it, in the reader's own time zone. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The filters a search of `type` offers: those of every kind, and those of its own kind. */
function offeredFor(type: ProfileType | null): (keyof FacetFilters)[] {
  return (Object.keys(V.SEARCH_FILTERS) as (keyof FacetFilters)[]).filter((key) => {
    const only = V.SEARCH_FILTERS[key].only;
    return only === null || only === type;
  });
}

const VOCABULARIES: { [Key in ChoiceKey]: Vocabulary<NonNullable<FacetFilters[Key]>> } = {
  species: V.Species,
  size: V.PetSize,
  lookingFor: V.LookingFor,
  goodWith: V.GoodWith,
  offers: V.Availability,
  experience: V.Experience,
  dayPart: V.DayPart,
};

/** What a chosen filter value reads, on its chip and in its list ('Ervaren of meer'). */
function valueLabel(key: keyof FacetFilters, value: string): string {
  if (key === 'availableOn') return `Beschikbaar op ${dayLabel(value)}`;
  if (key === 'availableFrom') return `Beschikbaar van ${dayLabel(value)}`;
  if (key === 'availableUntil') return `Tot en met ${dayLabel(value)}`;
  const vocabulary = VOCABULARIES[key] as Vocabulary<string>;
  const label = vocabulary.labels[value] ?? value;
  const atLeast = V.SEARCH_FILTERS[key].atLeast;
  const highest = vocabulary.values[vocabulary.values.length - 1];
  return atLeast !== null && value !== highest ? `${label} ${atLeast}` : label;
}

/**
 * The choices of a filter; the help looked for only as far as the species chosen allows it (no
 * 'Uitlaten' with 'Kat').
 */
function optionsOf(
  key: ChoiceKey,
  species: FacetFilters['species'],
): { value: string; label: string }[] {
  const vocabulary = VOCABULARIES[key] as Vocabulary<string>;
  const allowed: readonly string[] | null =
    key === 'lookingFor' && species ? V.SPECIES_RULES[species].lookingFor : null;
  return [
    { value: '', label: FILTER_LABELS[key].any },
    ...vocabulary.values
      .filter((value) => allowed === null || allowed.includes(value))
      .map((value) => ({
        value,
        label: valueLabel(key, value),
      })),
  ];
}

/** 'Toon 37 oppassers': what applying the filters shows, in the words of the kind. */
function showLabel(type: ProfileType | null, total: number, capped: boolean): string {
  const one = total === 1 && !capped;
  const noun =
    type === 'huisdier'
      ? one
        ? 'huisdier'
        : 'huisdieren'
      : type === 'vrijwilliger'
        ? one
          ? 'oppasser'
          : 'oppassers'
        : one
          ? 'profiel'
          : 'profielen';
  return `Toon ${shownCount(total, capped)} ${noun}`;
}

export interface FilterSheetProps {
  params: BrowseParams;
  update: (patch: Partial<BrowseParams>, options?: UpdateOptions) => void;
}

/**
 * 'Filters': the facet filters of the search's kind in a sheet (from the bottom on a phone),
 * counting live what they would show ('Toon 37 oppassers') before they are applied; and the
 * chosen filters as chips that each take one away.
 */
export function FilterSheet({ params, update }: FilterSheetProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FacetFilters>(params.filters);
  const offered = offeredFor(params.type);
  // The same call the page makes once applied, so its answer is ready when the sheet closes.
  const preview = useProfileList(listQueryOf({ ...params, filters: draft, page: 1 }), {
    enabled: open,
  });
  const chosen = filterCount(params.filters);

  const close = () => {
    setOpen(false);
  };

  let apply = 'Toon resultaten';
  if (preview.data && !preview.isPlaceholderData) {
    apply = showLabel(params.type, preview.data.total, preview.data.totalCapped);
  } else if (preview.isFetching) {
    apply = 'Resultaten tellen...';
  }

  const chips = (Object.keys(params.filters) as (keyof FacetFilters)[]).flatMap((key) => {
    const value = params.filters[key];
    return value === null ? [] : [{ key, text: valueLabel(key, value) }];
  });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        onClick={() => {
          setDraft(params.filters);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        <SlidersHorizontal aria-hidden="true" className="size-5" />
        Filters
        {chosen > 0 && (
          <span className="rounded-full bg-orange-700 px-2 py-0.5 text-sm text-white">
            <span className="sr-only">, gekozen: </span>
            {chosen}
          </span>
        )}
      </Button>
      {chips.length > 0 && (
        <ul aria-label="Gekozen filters" className="flex flex-wrap gap-2">
          {chips.map(({ key, text }) => (
            <li key={key}>
              <button
                type="button"
                aria-label={`Filter ${text} weghalen`}
                onClick={() => {
                  // Its chip goes: the focus goes to the results it changed.
                  update(
                    { filters: filtersFor(params.type, { ...params.filters, [key]: null }) },
                    { reveal: 'focus' },
                  );
                }}
                className="inline-flex items-center gap-1.5 rounded-full bg-teal-50 px-3 py-1.5 text-sm font-semibold text-teal-900 ring-1 ring-teal-200 ring-inset hover:bg-teal-100"
              >
                {text}
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={open}
        onClose={close}
        title="Filters"
        sheet
        footer={
          <>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(NO_FILTERS);
              }}
              disabled={filterCount(draft) === 0}
            >
              Filters wissen
            </Button>
            <Button
              onClick={() => {
                update({ filters: draft }, { reveal: 'focus' });
                close();
              }}
            >
              {apply}
            </Button>
          </>
        }
      >
        {offered.map((key) => {
          if (key === 'availableOn') {
            return (
              <Input
                key={key}
                type="date"
                label={FILTER_LABELS[key].label}
                hint="Oppassers die dan meestal kunnen en niet weg zijn."
                min={today()}
                value={draft.availableOn ?? ''}
                onChange={(event) => {
                  const day = dayOf(event.target.value);
                  // One day or a range of days, not both.
                  setDraft({
                    ...draft,
                    availableOn: day,
                    dayPart: day ? draft.dayPart : null,
                    ...(day ? { availableFrom: null, availableUntil: null } : {}),
                  });
                }}
              />
            );
          }
          if (key === 'availableFrom' || key === 'availableUntil') {
            const from = key === 'availableFrom';
            return (
              <Input
                key={key}
                type="date"
                label={FILTER_LABELS[key].label}
                hint={
                  from
                    ? 'Voor een oppas van meerdere dagen: oppassers die elke dag daarvan meestal kunnen, niet weg zijn en geen andere afspraak hebben.'
                    : undefined
                }
                min={from ? today() : (draft.availableFrom ?? today())}
                value={draft[key] ?? ''}
                onChange={(event) => {
                  const day = dayOf(event.target.value);
                  setDraft({
                    ...draft,
                    [key]: day,
                    ...(day ? { availableOn: null, dayPart: null } : {}),
                  });
                }}
              />
            );
          }
          // A part of the day only once a day is chosen.
          if (key === 'dayPart' && draft.availableOn === null) return null;
          return (
            <Select
              key={key}
              label={FILTER_LABELS[key].label}
              placeholder={null}
              options={optionsOf(key, draft.species)}
              value={draft[key] ?? ''}
              onChange={(event) => {
                const value = pick(VOCABULARIES[key] as Vocabulary<string>, event.target.value);
                const next = { ...draft, [key]: value };
                // A species that does not allow the help chosen drops it.
                if (
                  next.species &&
                  next.lookingFor &&
                  !V.SPECIES_RULES[next.species].lookingFor.includes(next.lookingFor)
                ) {
                  next.lookingFor = null;
                }
                setDraft(next);
              }}
            />
          );
        })}
        <p role="status" className="sr-only">
          {apply}
        </p>
        {params.type === null && (
          <p className="text-stone-700">
            Kies bij ‘Soort profiel’ Huisdieren of Vrijwilligers voor meer filters.
          </p>
        )}
      </Dialog>
    </div>
  );
}
