import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

function renderDialog(props: { busy?: boolean; error?: string | null } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Bobby verwijderen?"
      confirmLabel="Verwijderen"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    >
      <p>De pagina van Bobby verdwijnt.</p>
    </ConfirmDialog>,
  );
  return {
    dialog: screen.getByRole('dialog', { name: 'Bobby verwijderen?' }),
    onConfirm,
    onCancel,
  };
}

describe('ConfirmDialog', () => {
  it('goes ahead with its confirm button and stays put for Annuleren', async () => {
    const user = userEvent.setup();
    const { dialog, onConfirm, onCancel } = renderDialog();
    expect(dialog).toHaveTextContent('De pagina van Bobby verdwijnt.');

    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels with the close button too', async () => {
    const user = userEvent.setup();
    const { dialog, onCancel } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows why going ahead failed, and waits while busy', () => {
    const { dialog } = renderDialog({ busy: true, error: 'Dat lukte niet.' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Dat lukte niet.');
    const confirm = within(dialog).getByRole('button', { name: 'Verwijderen' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
  });
});
