import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useProfileList } from '@/features/browse/api/list-profiles';
import type { ProfileType } from '@/features/browse/api/types';
import { Benefits, type Benefit } from '@/features/browse/components/benefits';
import { ClosingCta } from '@/features/browse/components/closing-cta';
import { ListLoadError, ListLoading } from '@/features/browse/components/list-states';
import { pageCount, Pagination } from '@/features/browse/components/pagination';
import { ProfileGrid } from '@/features/browse/components/profile-card';
import { SearchBox } from '@/features/browse/components/search-box';
import { PER_PAGE, useBrowseParams } from '@/features/browse/hooks/use-browse-params';
import { useDocumentTitle } from '@/hooks/use-document-title';
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
    countLine: (total: number, term: string) => string;
    /** Nothing of this kind at all: the action leads to /profielen. */
    none: EmptyTexts;
    /** Nothing matches the term: the action clears it. */
    noMatch: EmptyTexts;
  };
  cta: { title: string; text: string };
}

/**
 * The page for one audience: a hero with a search, the benefits, the matching profiles of one
 * type (searched on the server, the term in the address as `?q=`), and the call to action.
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
  const { params, update, clear, pageSearch } = useBrowseParams();
  const term = params.q;
  const list = useProfileList({ type, q: term || undefined, page: params.page, perPage: PER_PAGE });

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
    // Nothing of this kind at all leads to every profile; nothing matching clears the term.
    const empty = term === '' ? texts.none : texts.noMatch;
    results = (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        description={empty.description}
        className="py-12"
        action={
          term === '' ? (
            <Link to={paths.profiles} className={buttonStyles({ size: 'lg' })}>
              {empty.action}
            </Link>
          ) : (
            <Button size="lg" onClick={clear}>
              {empty.action}
            </Button>
          )
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
        <Pagination page={params.page} pages={pageCount(total, perPage)} searchFor={pageSearch} />
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
          <SearchBox
            label={search.label}
            placeholder={search.placeholder}
            committed={term}
            onSearch={(next, replace) => {
              update({ q: next }, { replace });
            }}
            className="w-full text-left"
          />
        </div>
      </section>

      <Benefits id="audience-benefits-title" title={benefits.title} benefits={benefits.items} />

      <section aria-labelledby="audience-list-title" className="px-4 pb-16 sm:px-6">
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
                {texts.countLine(list.data.total, term)}
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
