import type { LucideIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useProfileList } from '@/features/browse/api/list-profiles';
import type { ProfileType } from '@/features/browse/api/types';
import { Benefits, type Benefit } from '@/features/browse/components/benefits';
import { BrowseFilters } from '@/features/browse/components/browse-filters';
import { ClosingCta } from '@/features/browse/components/closing-cta';
import { FilterSheet } from '@/features/browse/components/filter-sheet';
import { ListLoadError, ListLoading } from '@/features/browse/components/list-states';
import { pageCount, Pagination } from '@/features/browse/components/pagination';
import { ProfileGrid } from '@/features/browse/components/profile-card';
import {
  readBrowseParams,
  useBrowseParams,
  writeBrowseParams,
  type BrowseParams,
} from '@/features/browse/hooks/use-browse-params';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SEARCH_PER_PAGE } from '@/lib/api/vocabulary';
import { SEARCHED } from '@/lib/browse/searched';
import { cn } from '@/lib/cn';

interface EmptyTexts {
  icon: LucideIcon;
  title: string;
  description: string;
  /** The button or link that leads on. */
  action: string;
}

/** Everything that differs between /voor-baasjes and /voor-oppassers. */
export interface AudiencePageProps {
  /** The page's h1, also its document title. */
  title: string;
  /** What search results say of the page. */
  description: string;
  intro: ReactNode;
  search: { label: string; placeholder: string };
  benefits: { title: string; items: readonly Benefit[] };
  /** The kind of profile the page lists. */
  type: ProfileType;
  list: {
    title: string;
    loading: string;
    error: string;
    countLine: (total: number, capped: boolean) => string;
    /** Nothing of this kind at all: the action leads to /profielen. */
    none: EmptyTexts;
  };
  cta: { title: string; text: string };
}

/**
 * The page for one audience: a hero with the search of /profielen for its kind of profile (text,
 * postcode and radius; a search opens /profielen with it), the benefits, the profiles of that
 * kind, newest first and paged, and the call to action.
 */
export function AudiencePage({
  title,
  description,
  intro,
  search,
  benefits,
  type,
  list: texts,
  cta,
}: AudiencePageProps) {
  useDocumentTitle(title, description);
  const navigate = useNavigate();
  const resultsRef = useRef<HTMLElement>(null);
  const { params, pageSearch } = useBrowseParams();
  const list = useProfileList({ type, page: params.page, perPage: SEARCH_PER_PAGE });
  // What is typed and chosen in the hero; it becomes an address of /profielen on 'Zoeken'.
  const [draft, setDraft] = useState<BrowseParams>(() => ({
    ...readBrowseParams(new URLSearchParams()),
    type,
  }));

  let results;
  if (list.isPending) {
    results = <ListLoading label={texts.loading} />;
  } else if (list.isError) {
    results = (
      <ListLoadError
        error={list.error}
        text={texts.error}
        onRetry={() => {
          void list.refetch();
        }}
      />
    );
  } else if (list.data.total === 0) {
    const empty = texts.none;
    results = (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        description={empty.description}
        className="py-12"
        action={
          <Link to={paths.profiles} className={buttonStyles({ size: 'lg' })}>
            {empty.action}
          </Link>
        }
      />
    );
  } else {
    const { total, profiles, perPage } = list.data;
    results = (
      <div
        aria-busy={list.isPlaceholderData}
        className={cn('flex flex-col gap-6', list.isPlaceholderData && 'opacity-60')}
      >
        <ProfileGrid items={profiles} />
        <Pagination
          page={params.page}
          pages={pageCount(total, perPage)}
          searchFor={pageSearch}
          results={resultsRef}
        />
      </div>
    );
  }

  return (
    <>
      <section
        aria-labelledby="audience-title"
        className="bg-linear-to-b from-amber-50 to-white px-4 pt-12 pb-10 sm:px-6 sm:pt-16"
      >
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 text-center">
          <h1
            id="audience-title"
            className="text-4xl font-extrabold tracking-tight text-stone-900 sm:text-5xl"
          >
            {title}
          </h1>
          <div className="text-lg leading-relaxed text-stone-700 sm:text-xl">{intro}</div>
          <div className="w-full rounded-3xl bg-white p-4 text-left shadow-sm ring-1 ring-stone-200/80 sm:p-6">
            <BrowseFilters
              params={draft}
              update={(patch) => {
                setDraft((current) => ({ ...current, ...patch }));
              }}
              search={search}
              fixedType={type}
              onSubmit={(searched) => {
                const query = writeBrowseParams({ ...searched, page: 1 }).toString();
                void navigate(`${paths.profiles}?${query}`, { state: SEARCHED });
              }}
            />
            {/* The filters of this kind, counted live; applying them opens /profielen with them. */}
            <div className="mt-4 border-t border-stone-200 pt-4">
              <FilterSheet
                params={draft}
                update={(patch) => {
                  const query = writeBrowseParams({ ...draft, ...patch, page: 1 }).toString();
                  void navigate(`${paths.profiles}?${query}`, { state: SEARCHED });
                }}
              />
            </div>
          </div>
        </div>
      </section>

      <Benefits id="audience-benefits-title" title={benefits.title} benefits={benefits.items} />

      <section
        ref={resultsRef}
        tabIndex={-1}
        aria-labelledby="audience-list-title"
        className="scroll-mt-20 px-4 pb-16 focus:outline-none sm:px-6"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-6">
          <div className="flex flex-col gap-2">
            <h2
              id="audience-list-title"
              className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl"
            >
              {texts.title}
            </h2>
            {list.data && (
              <p aria-live="polite" className="text-lg font-semibold text-stone-800">
                {texts.countLine(list.data.total, list.data.totalCapped)}
              </p>
            )}
          </div>
          {results}
        </div>
      </section>

      <ClosingCta id="audience-cta-title" title={cta.title} text={cta.text}>
        <Link to={paths.register} className={buttonStyles({ variant: 'inverse', size: 'lg' })}>
          Profiel Aanmaken
        </Link>
        <Link
          to={paths.profiles}
          className="inline-flex items-center justify-center gap-2 rounded-full px-6 py-3.5 text-lg font-semibold text-white ring-1 ring-white/70 transition-colors ring-inset hover:bg-teal-700"
        >
          Alle Profielen Bekijken
        </Link>
      </ClosingCta>
    </>
  );
}
