import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { startConversation } from '@/features/profiles/api/start-conversation';
import { ApiError, UNEXPECTED_RESPONSE } from '@/lib/api/api-error';
import { useIdempotentCall } from '@/lib/api/idempotency';
import { ERROR_CODE } from '@/lib/api/vocabulary';
import { profileLookupQueryOptions, type ProfileLookup } from '@/lib/auth/api/get-profile-lookup';
import { useAuth } from '@/lib/auth/use-auth';
import { messagingKeys } from '@/lib/messaging/keys';

/** The title of the dialog that tells someone without a profile so. */
export const PROFILE_REQUIRED_TITLE = 'Geen profiel';
/** What that dialog says before they are sent to the dashboard to make a profile. */
export const PROFILE_REQUIRED_ALERT =
  'Je moet eerst je profiel aanmaken voordat je berichten kunt sturen. Je wordt nu doorgestuurd naar het dashboard om je profiel af te ronden.';
export const START_FAILED =
  'Er ging iets mis bij het starten van het gesprek. Probeer het opnieuw.';
/** The pet page's wording of {@link START_FAILED}. */
export const START_FAILED_LATER =
  'Er ging iets mis bij het starten van het gesprek. Probeer het later opnieuw.';
export const CREATE_FAILED =
  'Er ging iets mis bij het aanmaken van het gesprek. Probeer het opnieuw.';

export interface ConversationTarget {
  /** The account to write to: the sitter, or the pet's owner. */
  targetUserId: number;
  /** The pet the conversation is about, given the writer's own profile; null for none. */
  petFor: (own: ProfileLookup) => number | null;
  /** Shown when starting fails without a text of the server. */
  failure: string;
}

/** A refusal because the writer has no profile yet (the server's `profile_required`). */
function isProfileMissing(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.code === ERROR_CODE.profileRequired || error.message.toLowerCase().includes('profiel'))
  );
}

/**
 * Starting a conversation from a profile page: checks the own profile, starts the conversation
 * and opens it on /berichten. Without a profile `profileRequired` turns true (the page tells the
 * person so in a dialog) and `toDashboard` sends them to finish it.
 */
export function useStartConversation({ targetUserId, petFor, failure }: ConversationTarget) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [profileRequired, setProfileRequired] = useState(false);
  const startOnce = useIdempotentCall(startConversation);

  const toDashboard = async () => {
    setProfileRequired(false);
    await navigate(paths.dashboard);
  };
  const askForProfile = () => {
    setProfileRequired(true);
    setBusy(false);
  };

  /** Starts it; `chosenPet` (an id, or null for none) overrides `petFor` when given. */
  const start = async (chosenPet?: number | null) => {
    if (user === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      // A failing check counts as no profile here; the dashboard it leads to
      // tells a failure from having none.
      const own = await queryClient
        .query({ ...profileLookupQueryOptions(user.id), staleTime: 0 })
        .catch(() => null);
      if (own === null) {
        askForProfile();
        return;
      }
      const petId = chosenPet === undefined ? petFor(own) : chosenPet;
      const conversationId = await startOnce({ targetUserId, petId });
      if (conversationId === null) {
        setError(CREATE_FAILED);
        setBusy(false);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      await navigate(`${paths.messages}?conversation=${conversationId}`);
    } catch (caught) {
      if (isProfileMissing(caught)) {
        askForProfile();
        return;
      }
      // The server's Dutch text when it sent one; a network failure or an unreadable answer
      // gets the page's own words.
      setError(
        caught instanceof ApiError && caught.code !== UNEXPECTED_RESPONSE
          ? caught.message
          : failure,
      );
      setBusy(false);
    }
  };

  return { start, busy, error, profileRequired, toDashboard };
}
