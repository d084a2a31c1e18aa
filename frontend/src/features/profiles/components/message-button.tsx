import { useQuery } from '@tanstack/react-query';
import { LayoutDashboard, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import {
  PROFILE_REQUIRED_ALERT,
  PROFILE_REQUIRED_TITLE,
  START_FAILED,
  useStartConversation,
  type ConversationTarget,
} from '@/features/profiles/hooks/use-start-conversation';
import { useProfileLookup } from '@/lib/auth/api/get-profile-lookup';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { useAuth } from '@/lib/auth/use-auth';
import { ownerPageQueryOptions } from '@/lib/profiles/get-owner-page';

const LABEL = 'Bericht sturen';

export interface MessageButtonProps extends Omit<ConversationTarget, 'failure'> {
  /** Shown when starting fails without a text of the server. */
  failure?: string;
  /** An owner picks which of their pets it is about, or none (writing to a sitter). */
  choosePet?: boolean;
}

export const PET_CHOICE = 'Over welk huisdier?';
export const NO_PET = 'Geen huisdier in het bijzonder';

/**
 * 'Bericht sturen' on a profile page: a visitor is sent to sign in and
 * comes back here; the profile's own user sees nothing; anyone else starts the conversation.
 */
export function MessageButton({
  failure = START_FAILED,
  choosePet = false,
  ...target
}: MessageButtonProps) {
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
  return <StartConversationButton {...target} failure={failure} choosePet={choosePet} />;
}

function StartConversationButton({
  choosePet,
  ...target
}: ConversationTarget & { choosePet: boolean }) {
  const { start, busy, error, profileRequired, toDashboard } = useStartConversation(target);
  const { user } = useAuth();
  const own = useProfileLookup(choosePet && user ? user.id : null);
  const ownerId = own.data?.type === 'huisdier' ? own.data.profile.owner_id : null;
  const owner = useQuery({
    ...ownerPageQueryOptions(ownerId ?? 0),
    enabled: ownerId !== null,
  });
  const pets = owner.data?.pets ?? [];
  // Until the person picks, the first pet, as before there was a choice.
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? (pets[0] ? String(pets[0].id) : '');
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
      {pets.length > 0 && (
        <Select
          label={PET_CHOICE}
          placeholder={NO_PET}
          options={pets.map((pet) => ({ value: pet.id, label: pet.name }))}
          value={choice}
          disabled={busy}
          onChange={(event) => {
            setPicked(event.target.value);
          }}
        />
      )}
      <Button
        size="lg"
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          void (pets.length > 0 ? start(choice === '' ? null : Number(choice)) : start());
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
