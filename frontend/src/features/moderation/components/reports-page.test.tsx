import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MODERATORS_ONLY,
  MODERATORS_ONLY_WHY,
} from '@/features/moderation/components/moderation-frame';
import { ReportsPage } from '@/features/moderation/components/reports-page';
import {
  EXPORT_SUSPENDED,
  LIFT,
  REASON_LABEL,
  SUSPEND,
} from '@/features/moderation/components/suspend-account';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const report = {
  id: 5,
  reportedUserId: 9,
  reportedName: 'Karel',
  reportedHidden: false,
  reportedSuspended: false,
  listingId: 'volunteer-3',
  conversationId: null,
  reason: 'nep-profiel',
  note: 'Foto van internet',
  createdAt: '2026-11-24T10:00:00Z',
};

describe('ReportsPage', () => {
  it('tells someone who is no moderator that the page is not for them, why, and the way back', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ is_moderator: false }));
    renderWithProviders(<ReportsPage />, { path: '/beheer/meldingen', url: '/beheer/meldingen' });
    expect(await screen.findByRole('heading', { name: MODERATORS_ONLY })).toBeInTheDocument();
    expect(screen.getByText(MODERATORS_ONLY_WHY)).toBeVisible();
    expect(requests.some((r) => r.url.includes('/api/moderation/'))).toBe(false);

    await user.click(screen.getByRole('link', { name: 'Terug naar je dashboard' }));
    expect(await screen.findByText('Pagina: /dashboard')).toBeInTheDocument();
  });

  it('titles a report about a pet with the pet, its owner beside it', async () => {
    fakeSession(aUser({ is_moderator: true }));
    onApi('GET /api/moderation/reports', {
      status: 200,
      body: {
        reports: [{ ...report, reportedName: 'Sanne', petName: 'Bobby', listingId: 'pet-3' }],
      },
    });
    renderWithProviders(<ReportsPage />);

    const card = await screen.findByRole('article', { name: 'Melding over Bobby' });
    expect(within(card).getByRole('heading')).toHaveTextContent(
      'Nep-profiel: Bobby(huisdier van Sanne)',
    );
    expect(within(card).getByRole('link', { name: 'Bekijk de pagina van Bobby' })).toHaveAttribute(
      'href',
      '/profiel/pet-3',
    );
  });

  it('offers a retry when the reports cannot be loaded, then lists them', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ is_moderator: true }));
    onApi('GET /api/moderation/reports', {
      status: 500,
      body: { error: 'Mis.', code: 'internal_error' },
    });
    renderWithProviders(<ReportsPage />);

    expect(
      await screen.findByRole('heading', { name: 'Oeps, er ging iets mis' }),
    ).toBeInTheDocument();
    expect(screen.getByText('De meldingen konden niet worden geladen.')).toBeVisible();
    onApi('GET /api/moderation/reports', { status: 200, body: { reports: [report] } });
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('article', { name: 'Melding over Karel' })).toBeInTheDocument();
  });

  it('says when there are no open reports', async () => {
    fakeSession(aUser({ is_moderator: true }));
    onApi('GET /api/moderation/reports', { status: 200, body: { reports: [] } });
    renderWithProviders(<ReportsPage />);

    expect(await screen.findByRole('heading', { name: 'Geen open meldingen' })).toBeInTheDocument();
  });

  it('lists a report with its label and hides the profile', async () => {
    fakeSession(aUser({ is_moderator: true }));
    let hidden = false;
    onApi('GET /api/moderation/reports', () => ({
      status: 200,
      body: { reports: [{ ...report, reportedHidden: hidden }] },
    }));
    onApi('PUT /api/moderation/hidden/9', () => {
      hidden = true;
      return { status: 204 };
    });
    renderWithProviders(<ReportsPage />);
    const card = await screen.findByRole('article', { name: 'Melding over Karel' });
    expect(card).toHaveTextContent('Nep-profiel: Karel');
    expect(card).toHaveTextContent('Foto van internet');
    expect(screen.getByRole('link', { name: 'Bekijk het gemelde profiel' })).toHaveAttribute(
      'href',
      '/profiel/volunteer-3',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Profiel verbergen' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Profiel weer tonen' })).toBeInTheDocument();
    });
  });

  it('shows a reported reference with its text and hides it, then shows it again', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ is_moderator: true }));
    let hidden = false;
    onApi('GET /api/moderation/reports', () => ({
      status: 200,
      body: {
        reports: [
          {
            ...report,
            reportedName: 'Sanne',
            listingId: null,
            reference: { id: 4, text: 'Lotte kwam te laat en was onaardig.', hidden },
          },
        ],
      },
    }));
    onApi('PUT /api/moderation/hidden-references/4', () => {
      hidden = true;
      return { status: 204 };
    });
    onApi('DELETE /api/moderation/hidden-references/4', () => {
      hidden = false;
      return { status: 204 };
    });
    renderWithProviders(<ReportsPage />);
    const card = await screen.findByRole('article', { name: 'Melding over Sanne' });
    expect(within(card).getByRole('figure')).toHaveTextContent(
      'Gemelde referentie van SanneLotte kwam te laat en was onaardig.',
    );
    await user.click(within(card).getByRole('button', { name: 'Referentie verbergen' }));
    expect(
      await within(card).findByRole('button', { name: 'Referentie weer tonen' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('figure')).toHaveTextContent('(verborgen)');
    expect(within(card).getByRole('button', { name: 'Profiel verbergen' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Referentie weer tonen' }));
    expect(
      await within(card).findByRole('button', { name: 'Referentie verbergen' }),
    ).toBeInTheDocument();
  });

  it('suspends an account for a reason, shows the refusal of an empty one, then lifts it', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ is_moderator: true }));
    let suspended = false;
    const reasons: unknown[] = [];
    onApi('GET /api/moderation/reports', () => ({
      status: 200,
      body: { reports: [{ ...report, reportedSuspended: suspended, reportedHidden: suspended }] },
    }));
    onApi('PUT /api/moderation/suspended/9', async (request) => {
      const body = (await request.json()) as { reason: string };
      reasons.push(body.reason);
      if (body.reason.trim() === '') {
        return {
          status: 422,
          body: {
            error: 'Geef een reden voor de schorsing.',
            code: 'invalid_input',
            field: 'reason',
          },
        };
      }
      suspended = true;
      return { status: 204 };
    });
    onApi('DELETE /api/moderation/suspended/9', () => {
      suspended = false;
      return { status: 204 };
    });
    renderWithProviders(<ReportsPage />);
    const card = await screen.findByRole('article', { name: 'Melding over Karel' });
    await user.click(within(card).getByRole('button', { name: SUSPEND }));
    const form = within(card).getByRole('form', { name: 'Account van Karel schorsen' });
    expect(form).toHaveTextContent('de afgelopen 30 dagen');
    const reason = within(form).getByRole('textbox', { name: REASON_LABEL });
    await user.type(reason, '   ');
    await user.click(within(form).getByRole('button', { name: SUSPEND }));
    expect(await within(form).findByText('Geef een reden voor de schorsing.')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await user.clear(reason);
    await user.type(reason, 'Vraagt om geld vooraf');
    await user.click(within(form).getByRole('button', { name: SUSPEND }));
    expect(await within(card).findByRole('button', { name: LIFT })).toBeInTheDocument();
    expect(within(card).getByRole('heading')).toHaveTextContent('(geschorst)');
    expect(reasons).toEqual(['   ', 'Vraagt om geld vooraf']);
    // While suspended, the person's data for a request by mail.
    expect(within(card).getByRole('link', { name: EXPORT_SUSPENDED })).toHaveAttribute(
      'href',
      '/api/moderation/suspended/9/export',
    );
    expect(card).toHaveTextContent('per mail (info@oppasmaatje.nl)');

    await user.click(within(card).getByRole('button', { name: LIFT }));
    expect(await within(card).findByRole('button', { name: SUSPEND })).toBeInTheDocument();
    expect(within(card).getByRole('heading')).not.toHaveTextContent('(geschorst)');
    expect(within(card).queryByRole('link', { name: EXPORT_SUSPENDED })).not.toBeInTheDocument();
  });
});
