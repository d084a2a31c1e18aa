import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MODERATORS_ONLY, ReportsPage } from '@/features/moderation/components/reports-page';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const report = {
  id: 5,
  reportedUserId: 9,
  reportedName: 'Karel',
  reportedHidden: false,
  listingId: 'volunteer-3',
  conversationId: null,
  reason: 'nep-profiel',
  note: 'Foto van internet',
  createdAt: '2026-11-24T10:00:00Z',
};

describe('ReportsPage', () => {
  it('tells someone who is no moderator that the page is not for them', async () => {
    fakeSession(aUser({ is_moderator: false }));
    renderWithProviders(<ReportsPage />);
    expect(await screen.findByText(MODERATORS_ONLY)).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('/api/moderation/'))).toBe(false);
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
});
