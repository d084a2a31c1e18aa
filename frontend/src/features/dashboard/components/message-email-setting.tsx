import { Check } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RETRY } from '@/components/ui/load-error';
import {
  useMessageSettings,
  useUpdateMessageSettings,
} from '@/features/dashboard/api/message-settings';

export const MESSAGE_EMAILS_LABEL = 'E-mail bij nieuwe berichten';

/** The switch for e-mails about new messages, saved at once with a visible outcome. */
export function MessageEmailSetting() {
  return (
    <SettingCard>
      <SettingState />
    </SettingCard>
  );
}

/** The same card before it is known who is signed in: the switch, not yet to be used. */
export function MessageEmailSettingSkeleton() {
  return (
    <SettingCard>
      <MessageEmailsCheckbox stored={false} loading />
    </SettingCard>
  );
}

function SettingCard({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        Meldingen
      </h2>
      {children}
    </Card>
  );
}

function SettingState() {
  const settings = useMessageSettings();
  if (settings.isPending) {
    // The switch itself, disabled until the stored choice is known: nothing moves when it is.
    return <MessageEmailsCheckbox stored={false} loading />;
  }
  if (settings.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          Je instelling voor e-mails kon niet worden geladen.
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void settings.refetch();
          }}
        >
          {RETRY}
        </Button>
      </div>
    );
  }
  return <MessageEmailsCheckbox stored={settings.data.messageEmails} />;
}

function MessageEmailsCheckbox({
  stored,
  loading = false,
}: {
  stored: boolean;
  loading?: boolean;
}) {
  const id = useId();
  const update = useUpdateMessageSettings();
  // While saving, the box shows what was asked for; after a failure, what the server holds.
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? stored;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={loading}
          aria-busy={loading}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const messageEmails = event.target.checked;
            setAsked(messageEmails);
            update.mutate(
              { messageEmails },
              {
                onSettled: () => {
                  setAsked(null);
                },
              },
            );
          }}
          className="mt-0.5 size-5 shrink-0 accent-orange-700"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="font-semibold text-stone-900">
            {MESSAGE_EMAILS_LABEL}
          </label>
          <p id={`${id}-hint`} className="text-sm text-stone-700">
            We sturen je een e-mail als er een nieuw bericht voor je is terwijl je Oppasmaatje niet
            open hebt, en over je afspraken: een voorstel, een acceptatie, een annulering en de dag
            ervoor een herinnering.
          </p>
        </div>
      </div>
      <p role="status" className="min-h-6 pl-8 text-sm font-semibold text-green-800">
        {loading && 'Laden...'}
        {update.isPending && 'Opslaan...'}
        {update.isSuccess && (
          <span className="inline-flex items-center gap-1">
            <Check aria-hidden="true" className="size-4" />
            Opgeslagen
          </span>
        )}
      </p>
      {update.isError && (
        <p role="alert" className="pl-8 text-sm font-semibold text-red-800">
          Opslaan mislukt. Probeer het opnieuw.
        </p>
      )}
    </div>
  );
}
