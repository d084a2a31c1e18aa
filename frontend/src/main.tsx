// First, before any module defines a schema.
import '@/lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, sessionKnown } from '@/app/app';
import '@/index.css';

// The service worker (the app on a phone's home screen, and offline) once the page has loaded
// and the browser is idle: its code is not part of what a page needs first, and its download of
// the app's files must not compete with the page's own data on a slow connection.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    const later = (run: () => void) =>
      'requestIdleCallback' in window
        ? requestIdleCallback(run, { timeout: 10_000 })
        : setTimeout(run, 2_000);
    setTimeout(() => {
      later(() => {
        void import('@/lib/pwa/register').then(({ register }) => {
          register();
        });
      });
    }, 3_000);
  });
}

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}

// Drawn once who is signed in is known (a connection that does not answer holds the page back
// three seconds at most), and as a transition: React yields to the browser every few milliseconds
// while it builds the first page, instead of holding the main thread for the whole tree.
const root = createRoot(container);
void sessionKnown(3_000).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
