import { useContext, useSyncExternalStore } from 'react';
import type { LiveStatus, ReceivedLiveEvent } from '@/lib/live/live-channel';
import { LiveContext } from '@/lib/live/live-context';

const noWatch = () => () => undefined;
const NO_EVENTS: readonly ReceivedLiveEvent[] = [];

/** Where the live stream stands ('closed' outside the provider). */
export function useLiveStatus(): LiveStatus {
  const channel = useContext(LiveContext);
  return useSyncExternalStore(channel?.watch ?? noWatch, channel?.getStatus ?? (() => 'closed'));
}

/** The latest live events, newest first. */
export function useRecentLiveEvents(): readonly ReceivedLiveEvent[] {
  const channel = useContext(LiveContext);
  return useSyncExternalStore(channel?.watch ?? noWatch, channel?.getRecent ?? (() => NO_EVENTS));
}
