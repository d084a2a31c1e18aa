import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessagesPage } from '@/features/messages/components/messages-page';
import { MessagesSkeleton } from '@/features/messages/components/messages-skeleton';
import { aUser, fakeSession, onApi, type FakeResponse } from '@/testing/fake-api';
import { aConversation } from '@/testing/messages';
import { aVolunteerLookup } from '@/testing/profiles';
import { renderWithProviders } from '@/testing/render';

describe('the messages page while it loads', () => {
  it('shows the frame, the search and rows of conversations before it is known who is signed in', () => {
    renderWithProviders(<MessagesSkeleton />);

    expect(screen.getByRole('heading', { level: 1, name: 'Berichten' })).toBeInTheDocument();
    expect(screen.getByText('Gesprekken')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Zoek in berichten' })).toBeDisabled();
    const loading = screen.getByRole('status', { name: 'Gesprekken laden...' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading.querySelectorAll('li')).toHaveLength(4);
  });

  it('keeps the inbox in place with rows of grey until the conversations come', async () => {
    fakeSession(aUser({ id: 7 }), aVolunteerLookup());
    let answer: (response: FakeResponse) => void = () => undefined;
    onApi('GET /api/conversations', () => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<MessagesPage />, { path: '/berichten', url: '/berichten' });

    const inbox = screen.getByRole('region', { name: 'Gesprekken' });
    const search = within(inbox).getByRole('searchbox', { name: 'Zoek in berichten' });
    const loading = await within(inbox).findByRole('status', { name: 'Gesprekken laden...' });
    expect(loading.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);

    answer({
      status: 200,
      body: { conversations: [aConversation({ id: 1, name: 'Sanne', lastMessage: 'Hoi!' })] },
    });

    expect(await within(inbox).findByRole('link', { name: /Sanne/ })).toBeInTheDocument();
    expect(within(inbox).queryByRole('status', { name: 'Gesprekken laden...' })).toBeNull();
    expect(within(inbox).getByRole('searchbox', { name: 'Zoek in berichten' })).toBe(search);
  });
});
