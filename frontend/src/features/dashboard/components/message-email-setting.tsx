import {
  useMessageSettings,
  useUpdateMessageSettings,
} from '@/features/dashboard/api/message-settings';
import { SavedCheckbox } from '@/features/dashboard/components/saved-checkbox';
import { LoadedSetting, SettingCard } from '@/features/dashboard/components/setting-card';

export const MESSAGE_EMAILS_LABEL = 'E-mail bij nieuwe berichten';

/** The switch for e-mails about new messages, saved at once with a visible outcome. */
export function MessageEmailSetting() {
  return (
    <SettingCard title="Meldingen">
      <LoadedSetting
        query={useMessageSettings()}
        failure="Je instelling voor e-mails kon niet worden geladen."
        read={(settings) => settings.messageEmails}
        Switch={MessageEmailsCheckbox}
      />
    </SettingCard>
  );
}

/** The same card before it is known who is signed in: the switch, not yet to be used. */
export function MessageEmailSettingSkeleton() {
  return (
    <SettingCard title="Meldingen">
      <MessageEmailsCheckbox stored={false} loading />
    </SettingCard>
  );
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
