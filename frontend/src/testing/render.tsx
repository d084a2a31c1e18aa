import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AuthProvider } from '@/lib/auth/auth-provider';

export interface RenderOptions {
  /** The address the page is opened at. */
  path?: string;
}

/**
 * Renders a piece of the app as the app does: with a fresh query cache, the router and the auth
 * provider. Navigations land on a stub page that shows the path reached.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/' }: RenderOptions = {},
): RenderResult & {
  queryClient: QueryClient;
} {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity } },
  });
  const router = createMemoryRouter(
    [
      { path, element: <AuthProvider>{ui}</AuthProvider> },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

function Elsewhere() {
  const { pathname } = useLocation();
  return <p>Pagina: {pathname}</p>;
}
