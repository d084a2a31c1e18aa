import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfspraakReferences } from '@/features/appointments/components/afspraak-references';
import { aUser, fakeSession, onApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const mine = {
  id: 4,
  appointmentId: 8,
  authorId: 7,
  subjectId: 9,
  text: 'Lotte was op tijd en heel lief voor Bobby.',
  again: true,
  tags: [],
  createdAt: '2026-11-24T10:00:00Z',
  reply: null,
  hidden: false,
};

describe('AfspraakReferences', () => {
  it('says where a published reference stands, and that a moderator hid it once one did', async () => {
    fakeSession(aUser({ id: 7 }));
    onApi('GET /api/appointments/8/references', {
      status: 200,
      body: {
        mine,
        theirs: { ...mine, id: 5, authorId: 9, subjectId: 7, text: 'Sanne legde alles uit.' },
        published: true,
        mayNotWrite: null,
      },
    });
    const { unmount } = renderWithProviders(
      <AfspraakReferences conversationId={3} appointmentId={8} otherName="Lotte" open />,
    );
    expect(
      await screen.findByText('Jullie referenties staan op jullie profielen.'),
    ).toBeInTheDocument();
    unmount();

    // Published alone (the other wrote none in time, or a moderator hid theirs): only hers.
    onApi('GET /api/appointments/8/references', {
      status: 200,
      body: { mine, theirs: null, published: true, mayNotWrite: null },
    });
    const alone = renderWithProviders(
      <AfspraakReferences conversationId={3} appointmentId={8} otherName="Lotte" open />,
    );
    expect(
      await screen.findByText('Je referentie staat op het profiel van Lotte.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Jullie referenties staan op jullie profielen.')).toBeNull();
    alone.unmount();

    onApi('GET /api/appointments/8/references', {
      status: 200,
      body: { mine: { ...mine, hidden: true }, theirs: null, published: true, mayNotWrite: null },
    });
    renderWithProviders(
      <AfspraakReferences conversationId={3} appointmentId={8} otherName="Lotte" open />,
    );
    expect(
      await screen.findByText(/Een moderator heeft je referentie verborgen na een melding/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Jullie referenties staan op jullie profielen.')).toBeNull();
  });
});
