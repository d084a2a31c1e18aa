/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from '@/lib/pwa/update-store';

/**
 * Registers the service worker (built by vite-plugin-pwa, see vite.config.ts). A new version
 * waits until the app is next opened; meanwhile the page offers it ('Nieuwe versie
 * beschikbaar').
 */
export function register() {
  const update = registerSW({
    onNeedRefresh() {
      offerUpdate(() => update(true));
    },
    onRegisterError(error: unknown) {
      console.error('The service worker did not register', error);
    },
  });
}
