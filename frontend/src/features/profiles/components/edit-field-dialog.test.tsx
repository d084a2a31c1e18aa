import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DraftChange } from '@/features/profiles/api/draft-from-profile';
import { EditFieldDialog, type EditField } from '@/features/profiles/components/edit-field-dialog';
import {
  locationEdit,
  multiselectEdit,
  personNameEdit,
  photoEdit,
  selectEdit,
  textEdit,
} from '@/features/profiles/components/profile-edits';
import type { FieldEdit } from '@/features/profiles/components/use-field-editor';
import { ApiError } from '@/lib/api/api-error';
import { uploadImage } from '@/lib/uploads/upload-image';

vi.mock('@/lib/uploads/upload-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/uploads/upload-image')>()),
  uploadImage: vi.fn(),
}));

function open(
  edit: FieldEdit,
  onSave = vi.fn<(change: DraftChange) => Promise<unknown>>(() => Promise.resolve()),
) {
  const onClose = vi.fn();
  render(
    <EditFieldDialog field={edit.field} title={edit.title} onClose={onClose} onSave={onSave} />,
  );
  return { dialog: screen.getByRole('dialog', { name: edit.title }), onSave, onClose };
}

describe('EditFieldDialog', () => {
  it('counts the characters of a text field against 100', async () => {
    const user = userEvent.setup();
    const { dialog } = open(textEdit('Ras bewerken', 'Ras', 'Labrador', (v) => ({ petBreed: v })));

    expect(within(dialog).getByText('8 / 100 tekens')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Ras'), ' mix');
    expect(within(dialog).getByText('12 / 100 tekens')).toBeInTheDocument();
  });

  it('refuses a textarea longer than 500 characters', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(
      textEdit('Over bewerken', 'Over', 'a'.repeat(499), (v) => ({ bio: v }), 'textarea'),
    );

    expect(within(dialog).getByText('499 / 500 tekens')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Over'), 'bc');
    expect(within(dialog).getByText('501 / 500 tekens')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByText('Maximaal 500 tekens toegestaan.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('splits the name at the first space', async () => {
    const user = userEvent.setup();
    const { dialog, onSave, onClose } = open(personNameEdit('Anna', 'Jansen'));
    const input = within(dialog).getByLabelText('Naam');
    expect(input).toHaveValue('Anna Jansen');

    await user.clear(input);
    await user.type(input, 'Anna van Dijk');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(onSave).toHaveBeenCalledWith({ firstName: 'Anna', lastName: 'van Dijk' });
    expect(onClose).toHaveBeenCalled();
  });

  it('requires a first name', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(personNameEdit('Anna', 'Jansen'));
    await user.clear(within(dialog).getByLabelText('Naam'));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByText('Voornaam is verplicht')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('needs both place and postcode, and a postcode of 4 digits', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(locationEdit('Utrecht', null));
    const save = within(dialog).getByRole('button', { name: 'Opslaan' });

    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Vul zowel de locatie als de postcode in.',
    );

    const postcode = within(dialog).getByLabelText('Postcode (4 cijfers)');
    await user.type(postcode, '35a2');
    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Postcode moet uit 4 cijfers bestaan (bijvoorbeeld: 1234).',
    );
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(postcode);
    await user.type(postcode, '3512');
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith({ location: 'Utrecht', postalCode: '3512' });
  });

  it('saves a choice from a list', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(
      selectEdit(
        'Grootte bewerken',
        'Grootte',
        'groot',
        [
          { value: 'klein', label: 'Klein (tot 10 kg)' },
          { value: 'groot', label: 'Groot (25+ kg)' },
        ],
        (v) => ({ petSize: v }),
      ),
    );
    await user.selectOptions(within(dialog).getByLabelText('Grootte'), 'Klein (tot 10 kg)');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledWith({ petSize: 'klein' });
  });

  it('saves the boxes ticked', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(
      multiselectEdit(
        'Talen bewerken',
        'Talen',
        ['Nederlands'],
        ['Nederlands', 'Engels', 'Fries'],
        (v) => ({
          languages: v,
        }),
      ),
    );
    const group = within(dialog).getByRole('group', { name: 'Talen' });
    expect(within(group).getByRole('checkbox', { name: 'Nederlands' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Fries' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Nederlands' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledWith({ languages: ['Fries'] });
  });

  it('adds and removes lines of a list', async () => {
    const user = userEvent.setup();
    const field: EditField = {
      kind: 'array',
      label: 'Wensen',
      value: ['een tuin heeft', 'niet rookt'],
      toChange: (v) => ({ petLookingFor: v }),
    };
    const { dialog, onSave } = open({ title: 'Wensen bewerken', field });

    await user.click(within(dialog).getByRole('button', { name: 'niet rookt verwijderen' }));
    await user.type(within(dialog).getByLabelText('Nieuwe regel'), 'van katten houdt');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(within(dialog).getByLabelText('Wensen 2')).toHaveValue('van katten houdt');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(onSave).toHaveBeenCalledWith({ petLookingFor: ['een tuin heeft', 'van katten houdt'] });
  });

  it('uploads a photo and saves its address', async () => {
    const user = userEvent.setup();
    vi.mocked(uploadImage).mockResolvedValue({ url: '/uploads/nieuw.png' });
    const { dialog, onSave } = open(
      photoEdit(null, 'Foto van Bobby', (url) => ({ avatarUrl: url })),
    );

    await user.upload(
      within(dialog).getByLabelText('Foto kiezen'),
      new File(['png'], 'bobby.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByRole('img', { name: 'Foto van Bobby' })).toHaveAttribute(
      'src',
      '/uploads/nieuw.png',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledWith({ avatarUrl: '/uploads/nieuw.png' });
  });

  it('says when the server refuses an upload', async () => {
    const user = userEvent.setup();
    vi.mocked(uploadImage).mockRejectedValue(new ApiError(500, 'internal', 'Oeps'));
    const { dialog } = open(photoEdit(null, 'Foto van Bobby', (url) => ({ avatarUrl: url })));

    await user.upload(
      within(dialog).getByLabelText('Foto kiezen'),
      new File(['png'], 'bobby.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Uploaden mislukt. Probeer opnieuw.',
    );
  });

  it('says when an upload breaks off', async () => {
    const user = userEvent.setup();
    vi.mocked(uploadImage).mockRejectedValue(new Error('Network error during upload'));
    const { dialog } = open(photoEdit(null, 'Foto van Bobby', (url) => ({ avatarUrl: url })));

    await user.upload(
      within(dialog).getByLabelText('Foto kiezen'),
      new File(['png'], 'bobby.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het uploaden.',
    );
  });

  it('shows the failed save and stays open', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.reject(new ApiError(500, 'internal', 'Oeps')));
    const { dialog, onClose } = open(
      textEdit('Ras bewerken', 'Ras', 'Labrador', (v) => ({ petBreed: v })),
      onSave,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het opslaan. Probeer opnieuw.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
