import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModerationLogPage } from '@/features/moderation/components/moderation-log-page';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const line = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  moderatorUserId: 1,
  moderatorName: 'Mo',
  action: 'hide',
  subjectUserId: 9,
  subjectName: 'Karel',
  reportId: null,
  referenceId: null,
  note: null,
  createdAt: '2026-11-24T10:00:00Z',
  ...overrides,
});

describe('ModerationLogPage', () => {
  it('shows who did what about whom, when and why, newest first, and loads older lines on request', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ is_moderator: true }));
    onApi('GET /api/moderation/log', (request) => {
      const before = new URL(request.url).searchParams.get('before');
      return before === null
        ? {
            status: 200,
            body: {
              entries: [
                line(60, {
                  action: 'close-report',
                  subjectUserId: null,
                  reportId: 5,
                  note: 'Verborgen.',
                }),
                line(59, { moderatorUserId: null, moderatorName: null }),
              ],
              hasMore: true,
            },
          }
        : { status: 200, body: { entries: [line(3, { action: 'show' })], hasMore: false } };
    });
    renderWithProviders(<ModerationLogPage />, { path: '/beheer/logboek', url: '/beheer/logboek' });

    const log = await screen.findByRole('list', { name: 'Acties van moderators, nieuwste eerst' });
    const lines = () => within(log).getAllByRole('listitem');
    expect(lines()).toHaveLength(2);
    expect(lines()[0]).toHaveTextContent('Melding afgehandeld · melding #5');
    expect(lines()[0]).toHaveTextContent('Door Mo (#1) op');
    expect(lines()[0]).toHaveTextContent('Waarom: Verborgen.');
    expect(lines()[1]).toHaveTextContent('Profiel verborgen · over Karel (#9)');
    expect(lines()[1]).toHaveTextContent('Door een voormalige moderator');
    expect(screen.getByRole('navigation', { name: 'Beheer' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Meldingen' })).toHaveAttribute(
      'href',
      '/beheer/meldingen',
    );

    await user.click(screen.getByRole('button', { name: 'Oudere acties laden' }));
    expect(await within(log).findByText(/Profiel weer zichtbaar/)).toBeVisible();
    expect(lines()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Oudere acties laden' })).not.toBeInTheDocument();
    expect(
      requests
        .filter((r) => r.url.includes('/api/moderation/log'))
        .map((r) => new URL(r.url).search),
    ).toEqual(['', '?before=59']);
  });

  it('is not for someone who is no moderator, and asks nothing', async () => {
    fakeSession(aUser({ is_moderator: false }));
    renderWithProviders(<ModerationLogPage />, { path: '/beheer/logboek', url: '/beheer/logboek' });
    expect(
      await screen.findByRole('heading', { name: 'Alleen moderators kunnen deze pagina zien.' }),
    ).toBeVisible();
    expect(requests.some((r) => r.url.includes('/api/moderation/'))).toBe(false);
  });
});
