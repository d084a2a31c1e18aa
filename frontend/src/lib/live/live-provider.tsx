import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { SessionUser } from '@/lib/auth/api/get-current-user';
import { authKeys } from '@/lib/auth/api/keys';
import { useAuth } from '@/lib/auth/use-auth';
import { applyLiveEvent, refreshMessaging } from '@/lib/live/apply-live-event';
import { LiveChannel } from '@/lib/live/live-channel';
import { LiveContext } from '@/lib/live/live-context';

/**
 * Keeps one live stream open while someone is signed in (closed again on logout) and brings the
 * cached messages up to date with what it reports. Lives inside the AuthProvider.
 */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [channel] = useState(() => new LiveChannel());

  useEffect(() => {
    if (userId === null) return;
    // Read with the session, before anything the pages read: the stream starts after it.
    const seenUpTo = queryClient.getQueryData<SessionUser | null>(
      authKeys.currentUser(),
    )?.last_event;
    channel.connect(
      {
        onEvent: (event) => {
          applyLiveEvent(queryClient, event);
        },
        onOpen: () => {
          void refreshMessaging(queryClient);
        },
        onLost: () => {
          // Perhaps the session ended (logout in another tab): asking who is signed in tells.
          void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() });
        },
      },
      seenUpTo,
    );
    return () => {
      channel.disconnect();
    };
  }, [channel, queryClient, userId]);

  return <LiveContext value={channel}>{children}</LiveContext>;
}
