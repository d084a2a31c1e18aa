import { Download, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { contact } from '@/config/contact';
import { useSetSuspended } from '@/features/moderation/api/moderation';
import { failureText } from '@/features/moderation/components/moderation-frame';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';

export const SUSPEND = 'Account schorsen';
export const LIFT = 'Schorsing opheffen';
export const REASON_LABEL = 'Reden van de schorsing';
export const EXPORT_SUSPENDED = 'Gegevens downloaden';
export const EXPORT_SUSPENDED_HINT = `Een geschorst account kan niet meer inloggen. Vraagt iemand per mail (${contact.email}) om de eigen gegevens, download ze hier en stuur ze op. Elke download komt in het logboek.`;
export const SUSPEND_HINT = `Het account kan niet meer inloggen, het profiel verdwijnt en iedereen aan wie het de afgelopen ${V.SUSPENSION_WARN_DAYS} dagen schreef, krijgt een waarschuwing.`;

/**
 * A moderator's suspension of a reported account: a reason, then 'Account schorsen'; once
 * suspended, 'Schorsing opheffen' (which shows the profile again).
 */
export function SuspendAccount({
  userId,
  name,
  suspended,
}: {
  userId: number;
  name: string;
  suspended: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const change = useSetSuspended();
  const error = change.error;
  const fieldError =
    error instanceof ApiError && error.field === 'reason' ? error.message : undefined;
  const otherError = error && !fieldError ? failureText(error) : null;

  if (suspended) {
    return (
      <div className="flex flex-col gap-2">
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={change.isPending}
            onClick={() => {
              change.mutate({ userId });
            }}
          >
            <ShieldCheck aria-hidden="true" className="size-4" />
            {LIFT}
          </Button>
        </div>
        <Failure text={otherError} />
        <p className="text-sm text-stone-700">{EXPORT_SUSPENDED_HINT}</p>
        <div>
          <a
            href={`/api/moderation/suspended/${String(userId)}/export`}
            download
            className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900"
          >
            <Download aria-hidden="true" className="size-4" />
            {EXPORT_SUSPENDED}
          </a>
        </div>
      </div>
    );
  }
  if (!open) {
    return (
      <div>
        <Button
          variant="danger"
          size="sm"
          onClick={() => {
            setOpen(true);
          }}
        >
          <ShieldAlert aria-hidden="true" className="size-4" />
          {SUSPEND}
        </Button>
      </div>
    );
  }
  return (
    <form
      aria-label={`Account van ${name} schorsen`}
      className="flex flex-col gap-3 rounded-lg bg-red-50 p-3 ring-1 ring-red-200"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          { userId, reason },
          {
            onSuccess: () => {
              setOpen(false);
              setReason('');
            },
          },
        );
      }}
    >
      <p className="text-sm text-stone-800">{SUSPEND_HINT}</p>
      <Textarea
        label={REASON_LABEL}
        rows={2}
        required
        maxLength={V.MODERATION_NOTE_MAX}
        value={reason}
        error={fieldError}
        onChange={(event) => {
          setReason(event.target.value);
        }}
      />
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant="danger"
          size="sm"
          disabled={change.isPending}
          aria-busy={change.isPending}
        >
          {change.isPending && <Spinner />}
          {SUSPEND}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setOpen(false);
            change.reset();
          }}
        >
          Annuleren
        </Button>
      </div>
      <Failure text={otherError} />
    </form>
  );
}

/** A refusal that belongs to no field, as an alert. */
function Failure({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <p role="alert" className="text-sm font-semibold text-red-800">
      {text}
    </p>
  );
}
