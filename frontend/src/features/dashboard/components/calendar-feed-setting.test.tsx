import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_KEEP_SECRET,
  CalendarFeedSetting,
} from '@/features/dashboard/components/calendar-feed-setting';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const URL_ONE = `http://localhost/agenda/${'a'.repeat(64)}.ics`;
const URL_TWO = `http://localhost/agenda/${'b'.repeat(64)}.ics`;

describe('CalendarFeedSetting', () => {
  it('makes an address and shows it once, with a way into a calendar app', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    let createdAt: string | null = null;
    onApi('GET /api/calendar-feed', () => ({ status: 200, body: { createdAt } }));
    onApi('POST /api/calendar-feed', () => {
      createdAt = '2026-12-01T10:00:00Z';
      return { status: 200, body: { url: URL_ONE } };
    });
    renderWithProviders(<CalendarFeedSetting />);

    await user.click(await screen.findByRole('button', { name: 'Agenda-adres maken' }));

    const field = await screen.findByLabelText('Je agenda-adres');
    expect(field).toHaveValue(URL_ONE);
    expect(field).toHaveAccessibleDescription(CALENDAR_KEEP_SECRET);
    expect(screen.getByRole('link', { name: 'Openen in je agenda' })).toHaveAttribute(
      'href',
      URL_ONE.replace('http:', 'webcal:'),
    );
    expect(await screen.findByRole('button', { name: 'Nieuw adres maken' })).toBeVisible();
  });

  it('asks before renewing or ending an address, and ends it', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    let createdAt: string | null = '2026-12-01T10:00:00Z';
    onApi('GET /api/calendar-feed', () => ({ status: 200, body: { createdAt } }));
    onApi('POST /api/calendar-feed', { status: 200, body: { url: URL_TWO } });
    onApi('DELETE /api/calendar-feed', () => {
      createdAt = null;
      return { status: 204 };
    });
    renderWithProviders(<CalendarFeedSetting />);

    expect(await screen.findByText(/Je hebt een agenda-adres sinds 1 december 2026/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Nieuw adres maken' }));
    const renewDialog = screen.getByRole('dialog', { name: 'Nieuw agenda-adres maken?' });
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    await user.click(within(renewDialog).getByRole('button', { name: 'Nieuw adres maken' }));
    expect(await screen.findByLabelText('Je agenda-adres')).toHaveValue(URL_TWO);

    await user.click(screen.getByRole('button', { name: 'Agenda-abonnement stoppen' }));
    const stopDialog = screen.getByRole('dialog', { name: 'Agenda-abonnement stoppen?' });
    await user.click(within(stopDialog).getByRole('button', { name: 'Stoppen' }));
    expect(await screen.findByRole('button', { name: 'Agenda-adres maken' })).toBeVisible();
    expect(screen.queryByLabelText('Je agenda-adres')).not.toBeInTheDocument();
  });
});
