import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UnsubscribePage } from '@/features/browse/components/unsubscribe-page';
import { fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

describe('UnsubscribePage', () => {
  it('ends the search of the link on a click, signed out, and never on opening', async () => {
    fakeSession(null);
    onApi('POST /api/saved-searches/unsubscribe', { status: 204 });
    renderWithProviders(<UnsubscribePage />, {
      path: '/zoekopdracht-afmelden',
      url: '/zoekopdracht-afmelden?token=7.2.abc',
    });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Afmelden voor een zoekopdracht' }),
    ).toBeVisible();
    expect(requests.some((r) => r.url.includes('/unsubscribe'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(
      await screen.findByText('Gelukt: je krijgt geen e-mails meer voor deze zoekopdracht.'),
    ).toBeVisible();
    const call = requests.find((r) => r.url.includes('/api/saved-searches/unsubscribe'));
    expect(call && new URL(call.url).searchParams.get('token')).toBe('7.2.abc');
  });

  it("says in the server's words when the link is not valid", async () => {
    fakeSession(null);
    onApi('POST /api/saved-searches/unsubscribe', {
      status: 400,
      body: { error: 'Deze afmeldlink klopt niet.', code: 'bad_token' },
    });
    renderWithProviders(<UnsubscribePage />, {
      path: '/zoekopdracht-afmelden',
      url: '/zoekopdracht-afmelden?token=kapot',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze afmeldlink klopt niet.');
  });
});
