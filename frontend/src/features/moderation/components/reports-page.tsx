import { EyeOff, Eye, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Textarea } from '@/components/ui/form-fields';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  useCloseReport,
  useReportQueue,
  useSetHidden,
  useSetReferenceHidden,
  type QueuedReport,
} from '@/features/moderation/api/moderation';
import {
  MODERATION_TITLE,
  ModerationFrame,
  failureText,
  when,
} from '@/features/moderation/components/moderation-frame';
import { SuspendAccount } from '@/features/moderation/components/suspend-account';
import * as V from '@/lib/api/vocabulary';
import { labelOf } from '@/lib/vocabulary';

/** `/beheer/meldingen`: the open reports for moderators, newest first. */
export function ReportsPage() {
  return (
    <ModerationFrame title={MODERATION_TITLE}>
      <Queue />
    </ModerationFrame>
  );
}

function Queue() {
  const queue = useReportQueue();
  if (queue.isPending) return <Spinner label="Meldingen laden..." className="text-orange-700" />;
  if (queue.isError) {
    return (
      <LoadError
        error={queue.error}
        description="De meldingen konden niet worden geladen."
        onRetry={() => {
          void queue.refetch();
        }}
      />
    );
  }
  if (queue.data.length === 0) {
    return (
      <EmptyState icon={ShieldCheck} title="Geen open meldingen" description="Alles is bekeken." />
    );
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="Open meldingen">
      {queue.data.map((report) => (
        <li key={report.id}>
          <ReportCard report={report} />
        </li>
      ))}
    </ul>
  );
}

function ReportCard({ report }: { report: QueuedReport }) {
  const [note, setNote] = useState('');
  const setHidden = useSetHidden();
  const setReferenceHidden = useSetReferenceHidden();
  const close = useCloseReport();
  const reference = report.reference;
  const person = report.reportedName ?? 'Iemand zonder profiel';
  // A report about a pet is titled with the pet's name, its owner beside it.
  const name = report.petName ?? person;
  const reason = labelOf(V.ReportReason, report.reason) ?? report.reason;
  const error = setHidden.error ?? setReferenceHidden.error ?? close.error;
  return (
    <Card as="article" aria-label={`Melding over ${name}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-stone-900">
          {reason}: {name}
          {report.petName && (
            <span className="ml-2 text-sm font-medium text-stone-600">(huisdier van {person})</span>
          )}
          {report.reportedSuspended ? (
            <span className="ml-2 text-sm font-semibold text-red-800">(geschorst)</span>
          ) : (
            report.reportedHidden && (
              <span className="ml-2 text-sm font-semibold text-amber-800">(verborgen)</span>
            )
          )}
        </h2>
        <time dateTime={report.createdAt} className="text-sm text-stone-600">
          {when(report.createdAt)}
        </time>
      </div>
      {report.note && <p className="whitespace-pre-wrap text-stone-800">{report.note}</p>}
      {reference && (
        <figure className="flex flex-col gap-1 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
          <figcaption className="text-sm font-semibold text-stone-700">
            Gemelde referentie van {report.reportedName ?? 'iemand zonder profiel'}
            {reference.hidden && <span className="ml-2 text-amber-800">(verborgen)</span>}
          </figcaption>
          <blockquote className="break-words whitespace-pre-line text-stone-800">
            {reference.text}
          </blockquote>
        </figure>
      )}
      <p className="flex flex-wrap gap-3 text-sm">
        {report.listingId && (
          <Link
            to={paths.profileDetail(report.listingId)}
            className="font-semibold text-teal-800 underline"
          >
            {report.petName
              ? `Bekijk de pagina van ${report.petName}`
              : 'Bekijk het gemelde profiel'}
          </Link>
        )}
        {report.conversationId != null && (
          <span className="text-stone-700">Gemeld vanuit een gesprek</span>
        )}
      </p>
      <div className="flex flex-wrap gap-3">
        {reference && (
          <Button
            variant={reference.hidden ? 'secondary' : 'danger'}
            size="sm"
            disabled={setReferenceHidden.isPending}
            onClick={() => {
              setReferenceHidden.mutate({ referenceId: reference.id, hidden: !reference.hidden });
            }}
          >
            {reference.hidden ? (
              <Eye aria-hidden="true" className="size-4" />
            ) : (
              <EyeOff aria-hidden="true" className="size-4" />
            )}
            {reference.hidden ? 'Referentie weer tonen' : 'Referentie verbergen'}
          </Button>
        )}
        <Button
          variant={report.reportedHidden ? 'secondary' : 'danger'}
          size="sm"
          disabled={setHidden.isPending}
          onClick={() => {
            setHidden.mutate({ userId: report.reportedUserId, hidden: !report.reportedHidden });
          }}
        >
          {report.reportedHidden ? (
            <Eye aria-hidden="true" className="size-4" />
          ) : (
            <EyeOff aria-hidden="true" className="size-4" />
          )}
          {report.reportedHidden ? 'Profiel weer tonen' : 'Profiel verbergen'}
        </Button>
      </div>
      <SuspendAccount
        userId={report.reportedUserId}
        name={person}
        suspended={report.reportedSuspended}
      />
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = note.trim();
          close.mutate({ reportId: report.id, note: trimmed === '' ? null : trimmed });
        }}
      >
        <Textarea
          label="Notitie bij het afhandelen"
          rows={2}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
          }}
        />
        <div>
          <Button type="submit" size="sm" disabled={close.isPending} aria-busy={close.isPending}>
            {close.isPending && <Spinner />}
            Afhandelen
          </Button>
        </div>
      </form>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {failureText(error)}
        </p>
      )}
    </Card>
  );
}
