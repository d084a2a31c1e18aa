import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CareCard } from '@/features/appointments/api/care-card';
import { CareCardLinks } from '@/features/appointments/components/care-card-links';
import {
  CARE_EMPTY,
  CARE_GONE_TITLE,
  CARE_SAVED,
  CareCardPage,
} from '@/features/appointments/components/care-card-page';
import { CARE_TEXT_MAX } from '@/lib/api/vocabulary';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const EMPTY = {
  food: null,
  walks: null,
  medication: null,
  allergies: null,
  vet: null,
  emergencyContact: null,
  houseNotes: null,
};

function aCard(overrides: Partial<CareCard> = {}): CareCard {
  return {
    petId: 5,
    petName: 'Minoes',
    card: { ...EMPTY, food: 'Brokjes, twee keer per dag.' },
    updatedAt: '2026-12-01T10:00:00Z',
    mine: true,
    views: [],
    ...overrides,
  };
}

describe('CareCardPage', () => {
  it('lets the owner fill in the card, saves it whole and lists who opened it', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/pets/5/care', {
      status: 200,
      body: aCard({ views: [{ firstName: 'Lotte', at: '2026-12-03T08:30:00Z' }] }),
    });
    let sent: unknown = null;
    onApi('PUT /api/pets/5/care', async (request) => {
      sent = await request.json();
      return {
        status: 200,
        body: aCard({ card: { ...EMPTY, food: 'Brokjes, twee keer per dag.', vet: 'De Linde' } }),
      };
    });
    renderWithProviders(<CareCardPage petId={5} />);

    expect(await screen.findByRole('heading', { name: 'Zorgkaart van Minoes' })).toBeVisible();
    expect(
      screen.getByText(/Dit is de enige plek waar Oppasmaatje contactgegevens doorgeeft/),
    ).toBeVisible();
    expect(screen.getByText(/Lotte heeft de zorgkaart bekeken/)).toBeVisible();
    expect(screen.getByLabelText('Eten')).toHaveValue('Brokjes, twee keer per dag.');
    expect(screen.getByLabelText('Dierenarts')).toHaveAttribute('maxLength', String(CARE_TEXT_MAX));

    await user.type(screen.getByLabelText('Dierenarts'), 'De Linde');
    await user.click(screen.getByRole('button', { name: 'Zorgkaart opslaan' }));

    expect(await screen.findByText(CARE_SAVED)).toBeVisible();
    expect(sent).toEqual({
      food: 'Brokjes, twee keer per dag.',
      walks: '',
      medication: '',
      allergies: '',
      vet: 'De Linde',
      emergencyContact: '',
      houseNotes: '',
    });
  });

  it("puts the server's refusal at the field it names", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/pets/5/care', { status: 200, body: aCard() });
    onApi('PUT /api/pets/5/care', {
      status: 422,
      body: {
        error: 'Dit teken kan niet in een tekst.',
        code: 'invalid_input',
        field: 'houseNotes',
      },
    });
    renderWithProviders(<CareCardPage petId={5} />);

    await user.type(await screen.findByLabelText('In huis'), 'Sleutel bij de buren');
    await user.click(screen.getByRole('button', { name: 'Zorgkaart opslaan' }));

    await waitFor(() => {
      expect(screen.getByLabelText('In huis')).toHaveAccessibleDescription(
        /Dit teken kan niet in een tekst\./,
      );
    });
    expect(screen.queryByText(CARE_SAVED)).not.toBeInTheDocument();
  });

  it('shows a sitter the filled-in texts only, without a form', async () => {
    fakeSession(aUser({ id: 9 }));
    onApi('GET /api/pets/5/care', {
      status: 200,
      body: aCard({ mine: false, card: { ...EMPTY, medication: 'Halve pil om 8 uur.' } }),
    });
    renderWithProviders(<CareCardPage petId={5} />);

    expect(await screen.findByText('Halve pil om 8 uur.')).toBeVisible();
    expect(screen.getByText('Medicijnen')).toBeVisible();
    expect(screen.queryByText('Eten')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zorgkaart opslaan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afdrukken' })).toBeVisible();
  });

  it('tells a sitter when the owner filled in nothing yet', async () => {
    fakeSession(aUser({ id: 9 }));
    onApi('GET /api/pets/5/care', {
      status: 200,
      body: aCard({ mine: false, card: EMPTY, updatedAt: null }),
    });
    renderWithProviders(<CareCardPage petId={5} />);
    expect(await screen.findByText(CARE_EMPTY)).toBeVisible();
  });

  it('answers a card the reader may not (or no longer) read with its own page', async () => {
    fakeSession(aUser({ id: 9 }));
    onApi('GET /api/pets/5/care', {
      status: 404,
      body: { error: 'Dit huisdier bestaat niet.', code: 'not_found' },
    });
    renderWithProviders(<CareCardPage petId={5} />);
    expect(await screen.findByRole('heading', { level: 1, name: CARE_GONE_TITLE })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Naar je dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});

describe('CareCardLinks', () => {
  it('links each pet the server names, and nothing without one', () => {
    const { rerender } = renderWithProviders(
      <CareCardLinks appointment={{ care: [{ id: 5, name: 'Minoes' }] }} />,
    );
    expect(screen.getByRole('link', { name: 'Zorgkaart van Minoes' })).toHaveAttribute(
      'href',
      '/huisdier/5/zorgkaart',
    );
    rerender(<CareCardLinks appointment={{ care: [] }} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
