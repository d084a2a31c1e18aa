/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from '@/lib/pwa/update-store';

let registered = false;

/**
 * Registers the service worker (built by vite-plugin-pwa, see vite.config.ts). A new version
 * waits until the app is next opened; meanwhile the page offers it ('Nieuwe versie
 * beschikbaar'). Once per page: turning on notifications registers it early when the page's own
 * delayed registration (main.tsx) has not yet run, and that one must then not add a second.
 */
export function register() {
  if (registered) return;
  registered = true;
  const update = registerSW({
    onNeedRefresh() {
      offerUpdate(() => update(true));
    },
    onRegisterError(error: unknown) {
      console.error('The service worker did not register', error);
    },
  });
}
