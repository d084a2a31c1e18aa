import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from '@/components/ui/email-address';

describe('EmailAddress', () => {
  it('reads as the address and may wrap only before the @ or a dot', () => {
    const { container } = render(<EmailAddress email="sanne.devries@example.nl" />);
    expect(container.textContent).toBe('sanne.devries@example.nl');
    expect(container.querySelector('span')?.innerHTML).toBe(
      'sanne<wbr>.devries<wbr>@example<wbr>.nl',
    );
  });
});
