import { useSyncExternalStore } from 'react';

// A new version of the app that the service worker has ready: how to take it, or null. Kept
// apart from the worker's registration (register.ts), which loads only after the page has.

type TakeUpdate = () => Promise<void>;

let takeUpdate: TakeUpdate | null = null;
const listeners = new Set<() => void>();

/** The service worker has a new version waiting: `take` activates it and reloads the page. */
export function offerUpdate(take: TakeUpdate | null) {
  takeUpdate = take;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How to take the waiting version, or null when there is none. */
export function useWaitingUpdate(): TakeUpdate | null {
  return useSyncExternalStore(
    subscribe,
    () => takeUpdate,
    () => null,
  );
}
