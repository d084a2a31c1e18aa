import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { LiveUpdatesProvider } from '@/lib/live/live-provider';

export interface RenderOptions {
  /** The route pattern the page is mounted at, and the address it opens at unless `url` is given. */
  path?: string;
  /** The address the page is opened at, with its query, e.g. `/email-verificatie?email=a@b.nl`. */
  url?: string;
  /** The navigation state the page is opened with. */
  state?: unknown;
  /** Other pages by their route pattern, to follow a navigation into (a search opening /profielen). */
  also?: Record<string, ReactNode>;
}

/**
 * Renders a piece of the app as the app does: with a fresh query cache, the router, the auth
 * provider and the live updates. Navigations to a page not in `also` land on a stub page that
 * shows the path reached.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', url = path, state, also = {} }: RenderOptions = {},
): RenderResult & {
  queryClient: QueryClient;
} {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity } },
  });
  const router = createMemoryRouter(
    [
      ...[[path, ui] as const, ...Object.entries(also)].map(([pattern, page]) => ({
        path: pattern,
        element: (
          <AuthProvider>
            <LiveUpdatesProvider>{page}</LiveUpdatesProvider>
          </AuthProvider>
        ),
      })),
      { path: '*', element: <Elsewhere /> },
    ],
    {
      initialEntries: [
        {
          pathname: new URL(url, 'http://app').pathname,
          search: new URL(url, 'http://app').search,
          hash: new URL(url, 'http://app').hash,
          state,
        },
      ],
    },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

function Elsewhere() {
  const { pathname, search } = useLocation();
  return (
    <p>
      Pagina: {pathname}
      {search}
    </p>
  );
}
