/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './scripts/precompress.mjs';

// In development the backend runs on its default address; the browser sees one origin, as in
// production where the backend serves the built app itself.
const backend = 'http://127.0.0.1:8080';

// react-router 7's package exports point every import at its development build, warnings and
// checks included (remix-run/react-router#14102); a production build takes the production one.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// The app on a phone's home screen: its manifest, and a service worker (Workbox) that keeps the
// built app (its HTML, scripts, styles and icons) so that it opens without a connection. It keeps
// nothing else: no API answer (they can be personal), no photo, no map tile. A new version waits
// until the app is next opened, or until the person takes it from the 'Nieuwe versie
// beschikbaar' prompt (src/lib/pwa/). The worker also shows the server's push notifications:
// public/push-handler.js, loaded into it with importScripts.
const pwa = VitePWA({
  registerType: 'prompt',
  // Registered by src/lib/pwa/register.ts after the page has loaded, not by a script in the HTML.
  injectRegister: false,
  filename: 'sw.js',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'Oppasmaatje – gratis oppas voor je huisdier',
    short_name: 'Oppasmaatje',
    description: 'Baasjes en vrijwillige oppassers vinden elkaar, dichtbij en gratis.',
    lang: 'nl',
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#c2410c',
    background_color: '#fffbeb',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    // Relative to /sw.js. The file is copied from public/ and, as a .js file, kept with the app's
    // files too: its revision is then part of sw.js, so a change to it is a new worker version.
    importScripts: ['push-handler.js'],
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // Every page of the app is the one index.html; the server's own paths are never the app.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [
      /^\/api\//,
      /^\/uploads\//,
      /^\/agenda\//,
      /^\/(healthz|readyz|metrics|robots\.txt|sitemap\.xml)$/,
    ],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), ...(mode === 'test' ? [] : [pwa, precompressPlugin()])],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...(command === 'build' && mode === 'production'
        ? { 'react-router': reactRouterProduction }
        : {}),
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/readyz': backend,
      '/uploads': backend,
    },
  },
  build: {
    rolldownOptions: {
      output: {
        // What every page needs first is one file, not four, and the icons and the small UI
        // pieces the later pages share come in one file rather than a score of one-icon chunks:
        // on a phone each file is a round trip before the page shows. The helpers and the profile
        // pages' parts stay in chunks of their own: in one shared file with the rest they made
        // the dashboard's largest text 250 ms later (Lighthouse, README "Pages in the browser").
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            {
              name: 'kit',
              test: /src[\\/](components[\\/]ui|hooks)[\\/]|node_modules[\\/](@tanstack|lucide-react)[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Form tests type whole profiles key by key; on a busy two-core CI machine that can take
    // longer than the default five seconds.
    testTimeout: 20_000,
  },
}));
