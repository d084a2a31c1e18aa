import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from '@/features/landing/components/landing-page';
import { testimonials } from '@/features/landing/components/testimonials';
import { leaveTo } from '@/lib/browser-location';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

vi.mock('@/lib/browser-location', () => ({ leaveTo: vi.fn() }));

const signedOutButtons = [
  'Gratis Aanmelden',
  'Direct Beginnen',
  'Inloggen om te beginnen',
  'Gratis Aanmelden met Google',
];

const signedInLinks = ['Dashboard', 'Naar Dashboard', 'Welkom terug!'];

describe('LandingPage', () => {
  beforeEach(() => {
    vi.mocked(leaveTo).mockClear();
  });

  it('shows every section of the landing page', () => {
    fakeSession(null);
    renderWithProviders(<LandingPage />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Een lieve oppas voor je huisdier, gewoon in je buurt',
    );
    for (const heading of [
      'Zorgeloos weg, met een gerust hart',
      'Baasjes en oppassers vinden elkaar',
      'In drie stappen een oppasmaatje',
      'Zie hoe Oppasmaatje werkt',
      'Wat baasjes en oppassers zeggen',
      'Klaar om je maatje te vinden?',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    for (const reason of [
      'Contact via het platform',
      'Persoonlijke matches',
      '24/7 platform',
      'Volledig gratis',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: reason })).toBeInTheDocument();
    }
  });

  it.each(signedOutButtons)('starts Google sign-in from %s for a visitor', async (name) => {
    const user = userEvent.setup();
    fakeSession(null);
    const redirectUrl = 'https://accounts.google.com/o/oauth2/v2/auth?state=xyz';
    onApi('GET /api/oauth/google/redirect_url', { status: 200, body: { redirectUrl } });
    renderWithProviders(<LandingPage />);

    await user.click(await screen.findByRole('button', { name }));

    await waitFor(() => {
      expect(leaveTo).toHaveBeenCalledWith(redirectUrl);
    });
  });

  it('offers a signed-in user the way to the dashboard instead of sign-up', async () => {
    fakeSession(aUser({ first_name: 'Anna' }));
    renderWithProviders(<LandingPage />);

    expect(await screen.findByText('Welkom, Anna')).toBeInTheDocument();
    for (const name of signedInLinks) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/dashboard');
    }
    // 'Oppas Zoeken' searches: the list of volunteers, not a page to start from.
    expect(screen.getByRole('link', { name: 'Oppas Zoeken' })).toHaveAttribute(
      'href',
      '/profielen?type=vrijwilliger',
    );
    for (const name of signedOutButtons) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('renders the testimonials twice for the moving band, the copy hidden from assistive technology', () => {
    fakeSession(null);
    renderWithProviders(<LandingPage />);

    expect(testimonials.map((testimonial) => testimonial.role)).toEqual([
      'Baasje',
      'Oppas',
      'Baasje',
    ]);
    for (const testimonial of testimonials) {
      const copies = screen.getAllByText(testimonial.text);
      expect(copies).toHaveLength(2);
      expect(copies[0]?.closest('[aria-hidden="true"]')).toBeNull();
      expect(copies[1]?.closest('[aria-hidden="true"]')).not.toBeNull();
    }

    const section = screen.getByRole('region', { name: 'Wat baasjes en oppassers zeggen' });
    const visibleItems = within(section).getAllByRole('listitem');
    expect(visibleItems).toHaveLength(testimonials.length);
    testimonials.forEach((testimonial, index) => {
      expect(visibleItems[index]).toHaveTextContent(`${testimonial.author}${testimonial.role}`);
    });
  });

  it('lets the visitor pause the moving testimonials', async () => {
    const user = userEvent.setup();
    fakeSession(null);
    renderWithProviders(<LandingPage />);

    const pause = screen.getByRole('button', { name: 'Beweging pauzeren' });
    expect(pause).toHaveAttribute('aria-pressed', 'false');
    await user.click(pause);
    expect(pause).toHaveAttribute('aria-pressed', 'true');
  });
});
