import { List, Map as MapIcon, SearchX, Users } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { useProfileList } from '@/features/browse/api/list-profiles';
import { BrowseFilters } from '@/features/browse/components/browse-filters';
import { ClosingCta } from '@/features/browse/components/closing-cta';
import { countLine } from '@/features/browse/components/count-line';
import { FilterSheet } from '@/features/browse/components/filter-sheet';
import { ListLoadError, ListLoading } from '@/features/browse/components/list-states';
import { pageCount, Pagination } from '@/features/browse/components/pagination';
import { ProfileGrid } from '@/features/browse/components/profile-card';
import { ResultsMap } from '@/features/browse/components/results-map';
import { SaveSearch } from '@/features/browse/components/save-search';
import {
  defaultSort,
  hasFilters,
  listQueryOf,
  useBrowseParams,
  writeBrowseParams,
  type BrowseParams,
  type BrowseView,
  type UpdateOptions,
} from '@/features/browse/hooks/use-browse-params';
import { useRevealResults } from '@/features/browse/hooks/use-reveal-results';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/cn';
import { pick } from '@/lib/vocabulary';

export const SHOW_ALL_PROFILES = 'Alle profielen tonen';

/** Where 'Profiel aanmaken' leads: the wizard when signed in, otherwise sign-up first. */
function useCreateProfilePath(): string {
  const { user } = useAuth();
  return user ? paths.profileSetup : paths.register;
}

function ViewSwitch({
  view,
  onChange,
}: {
  view: BrowseView;
  onChange: (view: BrowseView) => void;
}) {
  const choices = [
    { value: 'lijst', label: 'Lijst', icon: List },
    { value: 'kaart', label: 'Kaart', icon: MapIcon },
  ] as const;
  return (
    <div
      role="group"
      aria-label="Weergave"
      className="inline-flex rounded-full bg-white p-1 ring-1 ring-stone-300"
    >
      {choices.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => {
            onChange(value);
          }}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-4 py-1.5 text-sm font-semibold transition-colors',
            view === value ? 'bg-teal-700 text-white' : 'text-stone-700 hover:bg-stone-100',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}

/** `/profielen`: every profile, searched, filtered and paged on the server. */
export function BrowsePage() {
  useDocumentTitle(
    'Profielen',
    'Vind oppassers en huisdieren bij jou in de buurt: zoek op naam, plaats of postcode.',
  );
  const { params, update: search, clear, pageSearch } = useBrowseParams();
  const list = useProfileList(listQueryOf(params));
  const createProfilePath = useCreateProfilePath();
  const resultsRef = useRef<HTMLElement>(null);
  const countRef = useRef<HTMLParagraphElement>(null);

  // A search the server refuses (an unknown place, a term too long) is said at its field.
  const invalid = list.error instanceof ApiError && list.error.status === 422 ? list.error : null;
  const searchError = invalid?.field === 'q' ? invalid.message : undefined;
  const placeError = invalid && invalid.field !== 'q' ? invalid.message : undefined;

  // After a search or a filter, the count of its results comes into view (on a phone the form
  // above them fills the first screen): once they are there, or where the search was refused.
  const target = useCallback(() => countRef.current ?? resultsRef.current, []);
  const revealResults = useRevealResults({
    target,
    ready: !list.isPending && !list.isPlaceholderData,
    refused: invalid !== null,
  });
  const update = (patch: Partial<BrowseParams>, options: UpdateOptions = {}) => {
    const changed = search(patch, options);
    if (options.reveal) revealResults(options.reveal, changed);
  };

  let results;
  if (invalid) {
    results = (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        {/* The text shows at its field; this announces it where focus stays (Enter, 'Zoeken'). */}
        <p role="alert" className="sr-only">
          {invalid.message}
        </p>
        <p className="text-lg text-stone-700">Pas je zoekopdracht aan om profielen te zien.</p>
        <Button variant="secondary" size="lg" onClick={clear}>
          {SHOW_ALL_PROFILES}
        </Button>
      </div>
    );
  } else if (list.isPending) {
    results = <ListLoading label="Profielen laden..." />;
  } else if (list.isError) {
    results = (
      <ListLoadError
        error={list.error}
        text="Er ging iets mis bij het laden van de profielen"
        onRetry={() => {
          void list.refetch();
        }}
      />
    );
  } else if (list.data.total === 0 && !hasFilters(params)) {
    results = (
      <EmptyState
        icon={Users}
        title="Nog geen profielen"
        description="Er staan nog geen profielen op Oppasmaatje. Maak als eerste een profiel aan, voor je huisdier of als oppas."
        className="py-12"
        action={
          <Link to={createProfilePath} className={buttonStyles({ size: 'lg' })}>
            Profiel aanmaken
          </Link>
        }
      />
    );
  } else {
    const { total, totalCapped, profiles, perPage } = list.data;
    const pages = pageCount(total, perPage);
    let body;
    if (total === 0) {
      body = (
        <EmptyState
          icon={SearchX}
          title="Geen profielen gevonden"
          description="Probeer een andere zoekterm, een ander soort profiel of een grotere straal."
          className="py-12"
          action={
            <Button size="lg" onClick={clear}>
              {SHOW_ALL_PROFILES}
            </Button>
          }
        />
      );
    } else if (profiles.length === 0) {
      body = (
        <EmptyState
          icon={SearchX}
          title="Geen profielen op deze pagina"
          description={`Deze zoekopdracht heeft ${pages} ${pages === 1 ? 'pagina' : "pagina's"}.`}
          className="py-12"
          action={
            <Link to={{ search: pageSearch(1) }} className={buttonStyles({ size: 'lg' })}>
              Naar de eerste pagina
            </Link>
          }
        />
      );
    } else {
      body = (
        <>
          {params.view === 'kaart' ? (
            <ResultsMap items={profiles} />
          ) : (
            <ProfileGrid items={profiles} />
          )}
          <Pagination
            page={params.page}
            pages={pages}
            searchFor={pageSearch}
            results={resultsRef}
          />
        </>
      );
    }
    results = (
      <div
        aria-busy={list.isPlaceholderData}
        className={cn('flex flex-col gap-6', list.isPlaceholderData && 'opacity-60')}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p
            ref={countRef}
            aria-live="polite"
            // Focused after a search, for a screen reader to read; below the sticky header.
            tabIndex={-1}
            className="scroll-mt-24 text-lg font-semibold text-stone-800 focus:outline-none"
          >
            {countLine(total, params, totalCapped)}
          </p>
          {total > 0 && (
            <Select
              label="Sorteren"
              placeholder={null}
              className="sm:ml-auto sm:w-48"
              options={V.SearchSort.values
                .filter((value) => params.near || !V.SEARCH_SORT_RULES[value].needsPlace)
                .map((value) => ({
                  value,
                  label: V.SearchSort.labels[value],
                }))}
              value={params.sort ?? defaultSort(params.near)}
              onChange={(event) => {
                update({ sort: pick(V.SearchSort, event.target.value) });
              }}
            />
          )}
          {total > 0 && (
            <ViewSwitch
              view={params.view}
              onChange={(view) => {
                update({ view, page: params.page });
              }}
            />
          )}
        </div>
        {body}
      </div>
    );
  }

  return (
    <>
      <section
        aria-labelledby="browse-title"
        className="bg-linear-to-b from-amber-50 to-white px-4 pt-10 pb-8 sm:px-6 sm:pt-14"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-6">
          <div className="flex max-w-2xl flex-col gap-3">
            <h1
              id="browse-title"
              className="text-4xl font-extrabold tracking-tight text-stone-900 sm:text-5xl"
            >
              Vind jouw match!
            </h1>
            <p className="text-lg leading-relaxed text-stone-700">
              Bekijk huisdieren die een oppas zoeken en vrijwilligers die graag helpen, bij jou in
              de buurt.
            </p>
          </div>
          <div className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-stone-200/80 sm:p-6">
            <BrowseFilters
              params={params}
              update={update}
              searchError={searchError}
              placeError={placeError}
            />
            <div className="mt-4 flex flex-col gap-3 border-t border-stone-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
              <FilterSheet params={params} update={update} />
              <SaveSearch key={writeBrowseParams(params).toString()} params={params} />
            </div>
          </div>
        </div>
      </section>

      <section
        ref={resultsRef}
        tabIndex={-1}
        aria-labelledby="results-title"
        // Below the sticky header when paging brings it into view.
        className="scroll-mt-20 px-4 pt-2 pb-16 focus:outline-none sm:px-6"
      >
        <div className="mx-auto max-w-6xl">
          <h2 id="results-title" className="sr-only">
            Zoekresultaten
          </h2>
          {results}
        </div>
      </section>

      <ClosingCta
        id="browse-cta-title"
        title="Nog geen profiel?"
        text="Maak gratis een profiel aan voor je huisdier of als vrijwillige oppas, en vind je maatje in de buurt."
      >
        <Link to={createProfilePath} className={buttonStyles({ variant: 'inverse', size: 'lg' })}>
          Profiel Aanmaken
        </Link>
        <Link
          to={`${paths.home}#hoe-werkt-het`}
          className="inline-flex items-center justify-center gap-2 rounded-full px-6 py-3.5 text-lg font-semibold text-white ring-1 ring-white/70 transition-colors ring-inset hover:bg-teal-700"
        >
          Meer Informatie
        </Link>
      </ClosingCta>
    </>
  );
}
