/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the backend runs on its default address; the browser sees one origin, as in
// production where the backend serves the built app itself.
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
        // What every page needs first is one file, not four, and what the later pages share (the
        // icons, the small UI pieces, the helpers and the profile pages' parts) comes in one file
        // rather than a score of small chunks: on a phone over HTTP/1.1 the browser fetches six
        // files at a time, and each further six cost a round trip before the page shows. The map
        // (Leaflet) stays apart: most pages never load it.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            {
              name: 'kit',
              test: /src[\\/](components[\\/]ui|hooks|lib|features[\\/]profiles)[\\/]|node_modules[\\/](@tanstack|lucide-react)[\\/]/,
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
});
