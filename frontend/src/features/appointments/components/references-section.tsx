import { ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { ReportReference } from '@/components/trust/trust-actions';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/form-fields';
import { RETRY } from '@/components/ui/load-error';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import {
  useReferences,
  useReplyToReference,
  type PublicReference,
} from '@/features/appointments/api/person-references';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';

export const NO_REFERENCES =
  'Nog geen referenties. Na een afspraak via Oppasmaatje kunnen jullie er een over elkaar schrijven.';
export const REFERENCES_FAILED = 'De referenties konden niet worden geladen.';

const MONTH = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric' });

/** 'december 2026' of '2026-12'. */
export function monthOf(month: string): string {
  return MONTH.format(new Date(`${month}-01T12:00:00`));
}

/**
 * 'Referenties' on a sitter's or an owner's page: what people wrote after a real afspraak, newest
 * first, with the kind of help and the month; never an address or an exact date.
 */
export function ReferencesSection({
  userId,
  firstName,
  own = false,
}: {
  userId: number;
  firstName: string;
  /** The page's own person: they may reply once to each reference. */
  own?: boolean;
}) {
  const references = useReferences(userId);
  const count = references.data?.length;
  return (
    <TitledSection title={count ? `Referenties (${String(count)})` : 'Referenties'}>
      {references.isPending ? (
        <Loading label="Referenties laden...">
          <Skeleton inline className="w-3/4 max-w-96" />
        </Loading>
      ) : references.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-red-800">
            {REFERENCES_FAILED}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void references.refetch();
            }}
          >
            {RETRY}
          </Button>
        </div>
      ) : references.data.length === 0 ? (
        <p className="text-stone-600 italic">{NO_REFERENCES}</p>
      ) : (
        <ul
          aria-label={`Referenties over ${firstName}`}
          className="flex flex-col divide-y divide-stone-100"
        >
          {references.data.map((reference) => (
            <ReferenceItem
              key={reference.id}
              reference={reference}
              firstName={firstName}
              replyAs={own ? userId : null}
            />
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function ReferenceItem({
  reference,
  firstName,
  replyAs,
}: {
  reference: PublicReference;
  firstName: string;
  /** The subject's account when they are reading: they may reply once. */
  replyAs: number | null;
}) {
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm text-stone-600">
          <span className="font-semibold text-stone-900">{reference.authorName}</span>
          {' · '}
          {V.AppointmentKind.labels[reference.kind]}, {monthOf(reference.month)}
        </p>
        {!reference.byReader && (
          <ReportReference referenceId={reference.id} authorName={reference.authorName} />
        )}
      </div>
      <p className="break-words whitespace-pre-line text-stone-800">{reference.text}</p>
      <div className="flex flex-wrap gap-2">
        {reference.again && (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-900 ring-1 ring-green-200">
            <ThumbsUp aria-hidden="true" className="size-4" />
            Zou weer met {firstName} afspreken
          </span>
        )}
        {reference.tags.map((tag) => (
          <span
            key={tag}
            className="rounded-full bg-stone-100 px-3 py-1 text-sm font-medium text-stone-800"
          >
            {V.ReferenceTag.labels[tag]}
          </span>
        ))}
      </div>
      {reference.reply ? (
        <p className="ml-4 border-l-2 border-stone-200 pl-3 text-sm break-words whitespace-pre-line text-stone-700">
          <span className="font-semibold text-stone-900">Reactie van {firstName}:</span>{' '}
          {reference.reply}
        </p>
      ) : (
        replyAs !== null && <ReplyForm userId={replyAs} referenceId={reference.id} />
      )}
    </li>
  );
}

/** The subject's one public reply, behind 'Reageren'. */
function ReplyForm({ userId, referenceId }: { userId: number; referenceId: number }) {
  const reply = useReplyToReference(userId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const error = reply.error instanceof ApiError ? reply.error.message : undefined;
  if (!open) {
    return (
      <div>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setOpen(true);
          }}
        >
          Reageren
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Textarea
        label="Je reactie (iedereen kan die lezen)"
        value={text}
        error={error}
        rows={2}
        onChange={(event) => {
          setText(event.target.value);
        }}
      />
      <div className="flex gap-2">
        <Button
          size="sm"
          disabled={text.trim() === '' || reply.isPending}
          onClick={() => {
            reply.mutate({ id: referenceId, text });
          }}
        >
          {reply.isPending ? 'Plaatsen...' : 'Reactie plaatsen'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setOpen(false);
          }}
        >
          Annuleren
        </Button>
      </div>
    </div>
  );
}
