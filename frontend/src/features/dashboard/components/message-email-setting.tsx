import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RETRY } from '@/components/ui/load-error';
import {
  useMessageSettings,
  useUpdateMessageSettings,
} from '@/features/dashboard/api/message-settings';
import { SavedCheckbox } from '@/features/dashboard/components/saved-checkbox';

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
  const update = useUpdateMessageSettings();
  return (
    <SavedCheckbox
      label={MESSAGE_EMAILS_LABEL}
      hint={
        <>
          We sturen je een e-mail als er een nieuw bericht voor je is terwijl je Oppasmaatje niet
          open hebt, en over je afspraken: een voorstel, een acceptatie, een annulering en de dag
          ervoor een herinnering.
        </>
      }
      stored={stored}
      loading={loading}
      save={update}
      onSave={(messageEmails, settled) => {
        update.mutate({ messageEmails }, { onSettled: settled });
      }}
    />
  );
}
