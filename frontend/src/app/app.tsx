import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routeData } from '@/app/route-data';
import { createRoutes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

const queryClient = createQueryClient();
const data = routeData(queryClient);
// Every page's header shows who is signed in: asked now, while the router starts.
data.session();

/**
 * Resolves once who is signed in is known, or after `waitMs`. `index.html` asks for it while this
 * script downloads, so the answer is nearly always here first: the first render then draws the
 * page for its reader at once, instead of drawing it for a visitor and the whole page again a
 * moment later (on a phone, a task of a quarter second after the first paint).
 */
export function sessionKnown(waitMs: number): Promise<void> {
  return Promise.race([
    data.signedIn().then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      setTimeout(resolve, waitMs);
    }),
  ]);
}
const router = createBrowserRouter(createRoutes(queryClient));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
