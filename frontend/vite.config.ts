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
        // What every page needs first is one file, not four: on a phone each is a round trip
        // before anything shows. The pages load on first visit, each with the few small chunks
        // it shares with others.
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'] }],
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
