import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onClick={() => {
          setOpen(true);
        }}
      >
        Details tonen
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        title="Over Bobbie"
      >
        <p>Bobbie is een labrador van vier.</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a named dialog and closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Details tonen' }));
    const dialog = screen.getByRole('dialog', { name: 'Over Bobbie' });
    expect(dialog).toHaveTextContent('Bobbie is een labrador van vier.');

    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when the browser cancels it (Escape)', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Details tonen' }));

    // Browsers fire `cancel` on Escape; jsdom does not, so the test fires it.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
