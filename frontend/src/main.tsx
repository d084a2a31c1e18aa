// First, before any module defines a schema.
import '@/lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/index.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}

// Drawn as a transition, React yields to the browser every few milliseconds while it builds the
// first page, instead of holding the main thread for the whole tree.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
