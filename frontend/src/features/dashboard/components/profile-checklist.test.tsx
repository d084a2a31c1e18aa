import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  COMPLETE,
  COMPLETE_IT,
  INCOMPLETE,
  INCOMPLETE_SITTER,
  ProfileChecklist,
} from '@/features/dashboard/components/profile-checklist';
import { onApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const EDIT = '/profiel-aanmaken?mode=edit&type=vrijwilliger';

describe('ProfileChecklist', () => {
  it('lists what a complete profile has, what is done, the share, and the way to add the rest', async () => {
    onApi('GET /api/users/me/completeness', {
      status: 200,
      body: {
        share: 66,
        steps: [
          { step: 'foto', done: true },
          { step: 'over-mij', done: true },
          { step: 'week', done: false },
        ],
      },
    });
    renderWithProviders(<ProfileChecklist editLink={EDIT} sitter />);

    const section = await screen.findByRole('region', { name: 'Je profiel' });
    expect(await within(section).findByText('66% compleet')).toBeVisible();
    expect(within(section).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '66');
    const steps = within(section).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Een profielfoto (gedaan)',
      'Een paar zinnen over jezelf (gedaan)',
      'Je week: wanneer je kunt helpen (nog niet)',
    ]);
    expect(within(section).getByText(INCOMPLETE_SITTER)).toBeVisible();
    expect(within(section).getByRole('link', { name: COMPLETE_IT })).toHaveAttribute('href', EDIT);
  });

  it('says so when the profile is complete, without a link to add anything', async () => {
    onApi('GET /api/users/me/completeness', {
      status: 200,
      body: {
        share: 100,
        steps: [
          { step: 'foto', done: true },
          { step: 'over-mij', done: true },
          { step: 'huisdieren', done: true },
        ],
      },
    });
    renderWithProviders(<ProfileChecklist editLink={EDIT} sitter={false} />);

    expect(await screen.findByText(COMPLETE)).toBeVisible();
    expect(screen.getByText('100% compleet')).toBeVisible();
    expect(screen.queryByRole('link', { name: COMPLETE_IT })).not.toBeInTheDocument();
  });

  it('shows nothing before there is a profile', () => {
    renderWithProviders(<ProfileChecklist editLink={null} sitter={false} />);
    expect(screen.queryByRole('region', { name: 'Je profiel' })).not.toBeInTheDocument();
  });

  it("tells an owner only why a complete profile matters: the order is a sitter's", async () => {
    onApi('GET /api/users/me/completeness', {
      status: 200,
      body: {
        share: 33,
        steps: [
          { step: 'foto', done: false },
          { step: 'over-mij', done: false },
          { step: 'huisdieren', done: true },
        ],
      },
    });
    renderWithProviders(<ProfileChecklist editLink={EDIT} sitter={false} />);

    expect(await screen.findByText(INCOMPLETE)).toBeVisible();
    expect(screen.queryByText(INCOMPLETE_SITTER)).not.toBeInTheDocument();
  });
});
