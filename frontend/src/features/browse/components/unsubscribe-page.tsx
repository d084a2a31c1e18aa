import { BellOff } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api/api-error';
import { useUnsubscribe } from '@/lib/saved-searches/saved-searches';

export const UNSUBSCRIBE_TITLE = 'Afmelden voor een zoekopdracht';

/**
 * `/zoekopdracht-afmelden?token=`: the link in a saved search's mail. Ends the search on a
 * click (never on opening: mail scanners open links), without signing in.
 */
export function UnsubscribePage() {
  useDocumentTitle(UNSUBSCRIBE_TITLE);
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  let body;
  if (unsubscribe.isSuccess) {
    body = (
      <p role="status" className="text-lg text-stone-800">
        Gelukt: je krijgt geen e-mails meer voor deze zoekopdracht.
      </p>
    );
  } else {
    body = (
      <>
        <p className="text-lg text-stone-700">
          Wil je geen e-mails meer over nieuwe profielen bij deze zoekopdracht? Je hoeft er niet
          voor in te loggen.
        </p>
        {unsubscribe.isError && (
          <p role="alert" className="font-semibold text-red-800">
            {unsubscribe.error instanceof ApiError
              ? unsubscribe.error.message
              : 'Afmelden lukte niet. Probeer het later opnieuw.'}
          </p>
        )}
        <Button
          size="lg"
          className="self-start"
          aria-busy={unsubscribe.isPending}
          disabled={unsubscribe.isPending || token === ''}
          onClick={() => {
            unsubscribe.mutate(token);
          }}
        >
          <BellOff aria-hidden="true" className="size-5" />
          Afmelden
        </Button>
      </>
    );
  }
  return (
    <div className="bg-linear-to-b from-orange-50 to-stone-50 px-4 py-10 sm:px-6 sm:py-14">
      <Card
        as="section"
        aria-labelledby="unsubscribe-title"
        className="mx-auto flex max-w-xl flex-col gap-4"
      >
        <h1 id="unsubscribe-title" className="text-3xl font-bold tracking-tight text-stone-900">
          {UNSUBSCRIBE_TITLE}
        </h1>
        {body}
        <Link
          to={paths.settings}
          className={buttonStyles({ variant: 'ghost', className: 'self-start' })}
        >
          Zoekopdrachten beheren bij Instellingen
        </Link>
      </Card>
    </div>
  );
}
