import { ScrollText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useModerationLog, type LogEntry } from '@/features/moderation/api/moderation';
import {
  MODERATION_LOG_TITLE,
  ModerationFrame,
  when,
} from '@/features/moderation/components/moderation-frame';
import * as V from '@/lib/api/vocabulary';

/** A person in the log: their first name, or who they were once their account is gone. */
function person(name: string | null | undefined, id: number | null | undefined, gone: string) {
  if (id === null || id === undefined) return gone;
  return name ? `${name} (#${String(id)})` : `#${String(id)}`;
}

/** `/beheer/logboek`: every moderator action, newest first: who, what, about whom, when, why. */
export function ModerationLogPage() {
  return (
    <ModerationFrame title={MODERATION_LOG_TITLE}>
      <Log />
    </ModerationFrame>
  );
}

function Log() {
  const log = useModerationLog();
  if (log.isPending) return <Spinner label="Logboek laden..." className="text-orange-700" />;
  if (log.isError) {
    return (
      <LoadError
        error={log.error}
        description="Het logboek kon niet worden geladen."
        onRetry={() => {
          void log.refetch();
        }}
      />
    );
  }
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={ScrollText}
        title="Nog niets gedaan"
        description="Elke actie van een moderator komt hier te staan: wie, wat, wanneer en waarom."
      />
    );
  }
  return (
    <>
      <ol className="flex flex-col gap-3" aria-label="Acties van moderators, nieuwste eerst">
        {entries.map((entry) => (
          <li key={entry.id}>
            <LogLine entry={entry} />
          </li>
        ))}
      </ol>
      {log.hasNextPage && (
        <Button
          variant="secondary"
          disabled={log.isFetchingNextPage}
          aria-busy={log.isFetchingNextPage}
          onClick={() => {
            void log.fetchNextPage();
          }}
          className="self-start"
        >
          {log.isFetchingNextPage ? <Spinner /> : null}
          Oudere acties laden
        </Button>
      )}
    </>
  );
}

function LogLine({ entry }: { entry: LogEntry }) {
  const about = [
    entry.subjectUserId != null
      ? `over ${person(entry.subjectName, entry.subjectUserId, 'een verwijderd account')}`
      : null,
    entry.reportId != null ? `melding #${String(entry.reportId)}` : null,
    entry.referenceId != null ? `referentie #${String(entry.referenceId)}` : null,
  ].filter((part) => part !== null);
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-5">
      <p className="font-semibold text-stone-900">
        {V.ModerationAction.labels[entry.action]}
        {about.length > 0 && (
          <span className="font-normal text-stone-700"> · {about.join(' · ')}</span>
        )}
      </p>
      <p className="text-sm text-stone-700">
        Door {person(entry.moderatorName, entry.moderatorUserId, 'een voormalige moderator')} op{' '}
        <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
      </p>
      {entry.note && <p className="text-stone-800">Waarom: {entry.note}</p>}
    </Card>
  );
}
