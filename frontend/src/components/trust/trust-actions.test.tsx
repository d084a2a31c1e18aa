import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REPORT_THANKS } from '@/components/trust/report-dialog';
import { TrustActions } from '@/components/trust/trust-actions';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { Viewer } from '@/testing/viewer';

describe('TrustActions', () => {
  it('reports with a reason and a note, after asking for the reason', async () => {
    fakeSession(aUser({ id: 7 }));
    const sent: unknown[] = [];
    onApi('POST /api/reports', async (request) => {
      sent.push(await request.json());
      return { status: 204 };
    });
    renderWithProviders(<TrustActions userId={9} name="Lotte" listingId="volunteer-3" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lotte melden' });
    await userEvent.click(screen.getByRole('button', { name: 'Melding versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kies een reden.');
    expect(sent).toEqual([]);
    // Only the reasons people choose: the platform files its own reports itself.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['nep-profiel', 'ongepast-gedrag', 'oplichting', 'anders']);

    await userEvent.click(screen.getByRole('radio', { name: 'Oplichting of vraagt om geld' }));
    await userEvent.type(
      screen.getByLabelText('Toelichting (niet verplicht)'),
      '  Vraagt om geld  ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Melding versturen' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REPORT_THANKS);
    expect(dialog).toBeInTheDocument();
    expect(sent).toEqual([
      {
        userId: 9,
        reason: 'oplichting',
        listingId: 'volunteer-3',
        conversationId: null,
        note: 'Vraagt om geld',
      },
    ]);
  });

  it('sends a report submitted twice within one render under one idempotency key', async () => {
    fakeSession(aUser({ id: 7 }));
    onApi('POST /api/reports', { status: 204 });
    renderWithProviders(<TrustActions userId={9} name="Lotte" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Anders' }));
    const form = screen.getByRole('button', { name: 'Melding versturen' }).closest('form');
    if (form === null) throw new Error('the report is a form');

    act(() => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });

    expect(await screen.findByRole('status')).toHaveTextContent(REPORT_THANKS);
    const keys = requests
      .filter((request) => request.method === 'POST' && request.url.endsWith('/api/reports'))
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("shows the server's reason when a report is refused", async () => {
    fakeSession(aUser({ id: 7 }));
    onApi('POST /api/reports', {
      status: 429,
      body: { error: 'Je hebt vandaag al 10 meldingen gedaan.', code: 'too_many_requests' },
    });
    renderWithProviders(<TrustActions userId={9} name="Lotte" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Anders' }));
    await userEvent.click(screen.getByRole('button', { name: 'Melding versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Je hebt vandaag al 10 meldingen gedaan.',
    );
  });

  it('blocks after confirming and then leaves the page', async () => {
    fakeSession(aUser({ id: 7 }));
    let blocked = false;
    onApi('PUT /api/blocks/9', () => {
      blocked = true;
      return { status: 204 };
    });
    const onBlocked = vi.fn();
    renderWithProviders(<TrustActions userId={9} name="Lotte" onBlocked={onBlocked} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Blokkeren' }));
    await screen.findByRole('dialog', { name: 'Lotte blokkeren?' });
    expect(blocked).toBe(false);
    const confirm = screen.getAllByRole('button', { name: 'Blokkeren' }).at(-1);
    if (!confirm) throw new Error('no confirm button');
    await userEvent.click(confirm);
    await waitFor(() => {
      expect(onBlocked).toHaveBeenCalledOnce();
    });
    expect(blocked).toBe(true);
  });

  it.each([
    ['a visitor', null, 'Niet ingelogd'],
    ['the page’s own person', aUser({ id: 9 }), 'Ingelogd als 9'],
  ])('shows nothing to %s once it knows who is looking', async (_, viewer, known) => {
    fakeSession(viewer);
    renderWithProviders(
      <>
        <Viewer />
        <TrustActions userId={9} name="Lotte" />
      </>,
    );
    // The same answer TrustActions waits for has arrived: from here on it would show its buttons.
    expect(await screen.findByText(known)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Melden' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Blokkeren' })).toBeNull();
  });

  it('shows its buttons to someone else, as soon as it knows who is looking', async () => {
    fakeSession(aUser({ id: 7 }));
    renderWithProviders(
      <>
        <Viewer />
        <TrustActions userId={9} name="Lotte" />
      </>,
    );
    expect(await screen.findByText('Ingelogd als 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Melden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blokkeren' })).toBeInTheDocument();
  });
});
