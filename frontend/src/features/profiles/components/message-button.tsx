import { LayoutDashboard, MessageCircle } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import {
  PROFILE_REQUIRED_ALERT,
  PROFILE_REQUIRED_TITLE,
  START_FAILED,
  useStartConversation,
  type ConversationTarget,
} from '@/features/profiles/hooks/use-start-conversation';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { useAuth } from '@/lib/auth/use-auth';

const LABEL = 'Bericht sturen';

export interface MessageButtonProps extends Omit<ConversationTarget, 'failure'> {
  /** Shown when starting fails without a text of the server. */
  failure?: string;
}

/**
 * 'Bericht sturen' on a profile page (spec sections 2 and 6): a visitor is sent to sign in and
 * comes back here; the profile's own user sees nothing; anyone else starts the conversation.
 */
export function MessageButton({ failure = START_FAILED, ...target }: MessageButtonProps) {
  const { user, isPending } = useAuth();
  const { pathname, search } = useLocation();
  if (isPending || user?.id === target.targetUserId) {
    return null;
  }
  if (user === null) {
    return (
      <Link
        to={loginPathReturningTo(`${pathname}${search}`)}
        className={buttonStyles({ size: 'lg' })}
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {LABEL}
      </Link>
    );
  }
  return <StartConversationButton {...target} failure={failure} />;
}

function StartConversationButton(target: ConversationTarget) {
  const { start, busy, error, profileRequired, toDashboard } = useStartConversation(target);
  const goToDashboard = () => {
    void toDashboard();
  };
  return (
    <>
      {/* A modal dialog: focus moves in and stays there until it closes; closing it any way leads
          on to the dashboard, as the text says. */}
      <Dialog open={profileRequired} onClose={goToDashboard} title={PROFILE_REQUIRED_TITLE}>
        <p className="text-stone-700">{PROFILE_REQUIRED_ALERT}</p>
        <div className="flex justify-end">
          <Button onClick={goToDashboard}>
            <LayoutDashboard aria-hidden="true" className="size-5" />
            Naar het dashboard
          </Button>
        </div>
      </Dialog>
      <Button
        size="lg"
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          void start();
        }}
      >
        {busy ? <Spinner /> : <MessageCircle aria-hidden="true" className="size-5" />}
        {busy ? 'Gesprek starten...' : LABEL}
      </Button>
      {error && (
        <p role="alert" className="max-w-xs text-sm font-semibold text-red-800 sm:text-right">
          {error}
        </p>
      )}
    </>
  );
}
