import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThreadHeader } from '@/features/messages/components/thread-header';
import { aUser, fakeSession } from '@/testing/fake-api';
import { aConversation } from '@/testing/messages';
import { renderWithProviders } from '@/testing/render';

/** Classes that cut text off with an ellipsis instead of letting it wrap. */
const CUT = /\b(truncate|text-ellipsis|whitespace-nowrap|line-clamp-\d)\b/;

describe('ThreadHeader', () => {
  it('shows the name and the pet in full on a narrow phone: they wrap, nothing is cut to "Ove..."', async () => {
    fakeSession(aUser({ id: 7 }));
    renderWithProviders(
      <ThreadHeader
        conversation={aConversation({
          name: 'Alexandra-Sophie',
          petId: 30,
          petName: 'Minoes',
          isOnline: true,
        })}
        closed={false}
        onBack={() => undefined}
      />,
    );

    const pet = await screen.findByRole('link', { name: 'Over Minoes' });
    expect(pet).toHaveAttribute('href', '/huisdier/30');
    const name = screen.getByRole('heading', { level: 2, name: 'Alexandra-Sophie' });
    for (const element of [pet, ...pet.querySelectorAll('*'), name]) {
      expect(element.getAttribute('class') ?? '').not.toMatch(CUT);
    }
    // The chips beside the name (online, the pet) go to a next line rather than overflow.
    expect(pet.parentElement).toHaveClass('flex-wrap');
  });
});
