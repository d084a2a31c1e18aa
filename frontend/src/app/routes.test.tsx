import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '@/app/routes';
import { SEARCH_PER_PAGE } from '@/lib/api/vocabulary';
import { fakeSession, onApi } from '@/testing/fake-api';

function openApp(path: string) {
  fakeSession(null);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// A guarded page and then the sign-in page load their code on first visit: two lazy loads.
describe('routes', () => {
  it('shows the landing page inside the header and footer at /', async () => {
    openApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Een lieve oppas');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows a Dutch 404 page with a way home for an unknown address', async () => {
    openApp('/does-not-exist');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar de homepage' })).toHaveAttribute(
      'href',
      '/',
    );
    // The title is set in an effect, which may run just after the heading shows.
    await waitFor(() => {
      expect(document.title).toBe('Pagina niet gevonden – Oppasmaatje');
    });
  });

  it('sends a visitor who is not signed in from the dashboard to the login page', async () => {
    openApp('/dashboard');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inloggen' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('sends a visitor who is not signed in from the messages to the login page', async () => {
    openApp('/berichten?conversation=4');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inloggen' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('opens the sign-up pages at their Dutch addresses', async () => {
    openApp('/email-registreren');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account aanmaken' }),
    ).toBeInTheDocument();
  });

  it('shows the terms at /voorwaarden', async () => {
    openApp('/voorwaarden');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Algemene voorwaarden' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: '6. Oppassers zijn vrijwilligers' }),
    ).toBeInTheDocument();
  });

  it('shows the privacy statement at /privacy', async () => {
    openApp('/privacy');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacyverklaring' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Dataportabiliteit/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Autoriteit Persoonsgegevens' })).toBeInTheDocument();
  });

  it.each([
    ['/profielen', 'Vind jouw match!'],
    ['/voor-baasjes', 'Voor Baasjes'],
    ['/voor-oppassers', 'Voor Oppassers'],
  ])('opens the browse page %s where the header links lead', async (path, title) => {
    onApi('GET /api/profiles', {
      status: 200,
      body: { profiles: [], total: 0, totalCapped: false, page: 1, perPage: SEARCH_PER_PAGE },
    });
    openApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByText('Pagina niet gevonden')).not.toBeInTheDocument();
  });
});
