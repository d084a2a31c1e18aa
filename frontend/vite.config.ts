/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the backend runs on its default address; the browser sees one origin, as in
// production where the backend serves the built app itself.
const backend = 'http://127.0.0.1:8080';

// react-router 7's package exports point every import at its development build, warnings and
// checks included (remix-run/react-router#14102); a production build takes the production one.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss()],
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
