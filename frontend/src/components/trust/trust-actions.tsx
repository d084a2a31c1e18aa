import { Ban, Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ReportAbout } from '@/components/trust/report-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { useAuth } from '@/lib/auth/use-auth';
import { failureText, useSetBlocked } from '@/lib/trust/trust';

export interface TrustActionsProps {
  /** The person's account. */
  userId: number;
  /** Their name as the page shows it. */
  name: string;
  /** The card the page is about (a profile page). */
  listingId?: string | undefined;
  /** The conversation the report is about (a conversation). */
  conversationId?: number | undefined;
  /** After a block: where the page goes, since its person is now out of sight. */
  onBlocked?: (() => void) | undefined;
  /** Icons only on a phone (a conversation's header has little room); the words stay for screen readers. */
  compact?: boolean | undefined;
}

/**
 * 'Melden' and 'Blokkeren' for a signed-in person about someone else; nothing for a visitor or
 * on one's own page.
 */
export function TrustActions(props: TrustActionsProps) {
  const { user, isPending } = useAuth();
  if (isPending || user === null || user.id === props.userId) return null;
  const { userId, listingId, conversationId } = props;
  return (
    <div className="flex flex-wrap gap-2">
      <ReportButton
        name={props.name}
        title={`${props.name} melden`}
        compact={props.compact}
        about={{ userId, listingId: listingId ?? null, conversationId: conversationId ?? null }}
      />
      <BlockButton {...props} />
    </div>
  );
}

/**
 * 'Melden' beside a reference on a sitter's or owner's page, for a signed-in reader: the
 * moderators read it and may hide the reference.
 */
export function ReportReference({
  referenceId,
  authorName,
}: {
  referenceId: number;
  /** Its author's first name, as the page shows it. */
  authorName: string;
}) {
  const { user } = useAuth();
  if (user === null) return null;
  return (
    <ReportButton
      name={authorName}
      title={`Referentie van ${authorName} melden`}
      label={`Referentie van ${authorName} melden`}
      compact
      about={{ referenceId }}
    />
  );
}

const word = (compact: boolean | undefined) => (compact ? 'max-sm:sr-only' : undefined);

/** The report form's code, asked for when someone first opens it. */
const ReportDialog = lazy(async () => ({
  default: (await import('@/components/trust/report-dialog')).ReportDialog,
}));

function ReportButton({
  name,
  title,
  about,
  label,
  compact,
}: {
  /** The person reported, as the page names them. */
  name: string;
  /** The dialog's title. */
  title: string;
  about: ReportAbout;
  /** The button's name when 'Melden' alone would not say what (several on a page). */
  label?: string | undefined;
  compact?: boolean | undefined;
}) {
  const [open, setOpen] = useState(false);
  // Once loaded the dialog stays, so that closing it returns the focus to this button.
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" className="size-4" />
        <span className={word(compact)}>Melden</span>
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            onClose={() => {
              setOpen(false);
            }}
            name={name}
            title={title}
            about={about}
          />
        </Suspense>
      )}
    </>
  );
}

function BlockButton({ userId, name, onBlocked, compact }: TrustActionsProps) {
  const setBlocked = useSetBlocked();
  return (
    <ConfirmButton
      title={`${name} blokkeren?`}
      confirmLabel="Blokkeren"
      explanation={
        <p className="text-stone-700">
          Jullie kunnen elkaar dan geen berichten meer sturen, jullie gesprek verdwijnt uit je lijst
          en jullie zien elkaars profielen niet meer in de lijsten. Deblokkeren kan altijd bij je
          instellingen.
        </p>
      }
      act={() => setBlocked.mutateAsync({ userId, blocked: true })}
      failureText={failureText}
      busy={setBlocked.isPending}
      onDone={onBlocked}
    >
      <Ban aria-hidden="true" className="size-4" />
      <span className={word(compact)}>Blokkeren</span>
    </ConfirmButton>
  );
}
