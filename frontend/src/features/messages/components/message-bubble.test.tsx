import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBubble, SAFETY_HINT } from '@/features/messages/components/message-bubble';
import { aMessage } from '@/testing/messages';

function renderBubble(message: Parameters<typeof MessageBubble>[0]['message']) {
  return render(
    <ul>
      <MessageBubble message={message} author="Sanne" />
    </ul>,
  );
}

describe('MessageBubble', () => {
  it('shows the safety hint under a message the server marks, own or not, text unchanged', () => {
    const text = 'Bel me op 06-12345678';
    renderBubble(aMessage({ text, safetyHint: true }));
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(SAFETY_HINT)).toBeInTheDocument();
  });

  it('shows it under one’s own marked message too', () => {
    renderBubble(aMessage({ text: 'www.example.nl', isOwn: true, safetyHint: true }));
    expect(screen.getByText(SAFETY_HINT)).toBeInTheDocument();
  });

  it('leaves ordinary messages alone', () => {
    renderBubble(aMessage({ text: 'Tot zaterdag!', safetyHint: false }));
    expect(screen.queryByText(SAFETY_HINT)).toBeNull();
  });
});
