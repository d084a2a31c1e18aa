import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionNotices } from '@/components/layout/connection-notices';
import { offerUpdate } from '@/lib/pwa/update-store';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('ConnectionNotices', () => {
  afterEach(() => {
    act(() => {
      offerUpdate(null);
    });
  });

  it('says so while the browser is offline, and goes when the connection is back', () => {
    render(<ConnectionNotices />);
    expect(screen.queryByText('Je bent offline.')).toBeNull();
    act(() => {
      setOnline(false);
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Je bent offline. Wat je al opende blijft staan; de rest laadt zodra je weer verbinding hebt.',
    );
    act(() => {
      setOnline(true);
    });
    expect(screen.queryByText('Je bent offline.')).toBeNull();
  });

  it('offers a waiting new version: Vernieuwen takes it, Later puts the notice away', async () => {
    const user = userEvent.setup();
    const take = vi.fn(() => Promise.resolve());
    render(<ConnectionNotices />);
    expect(screen.queryByText('Nieuwe versie beschikbaar')).toBeNull();
    act(() => {
      offerUpdate(take);
    });
    expect(screen.getByText('Nieuwe versie beschikbaar')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Vernieuwen' }));
    expect(take).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Vernieuwen' })).toBeDisabled();
  });

  it('keeps the new version for the next opening when the person says later', async () => {
    const user = userEvent.setup();
    const take = vi.fn(() => Promise.resolve());
    render(<ConnectionNotices />);
    act(() => {
      offerUpdate(take);
    });
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('Nieuwe versie beschikbaar')).toBeNull();
    expect(take).not.toHaveBeenCalled();
  });
});
