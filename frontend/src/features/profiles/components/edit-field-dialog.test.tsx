import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DraftChange } from '@/features/profiles/api/draft-from-profile';
import { EditFieldDialog } from '@/features/profiles/components/edit-field-dialog';
import {
  choiceEdit,
  choicesEdit,
  locationEdit,
  personNameEdit,
  photoEdit,
  textEdit,
} from '@/features/profiles/components/profile-edits';
import type { FieldEdit } from '@/features/profiles/components/use-field-editor';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';
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
    const { dialog } = open(textEdit('Ras bewerken', 'Ras', 'petBreed', 'Labrador'));

    expect(within(dialog).getByText('8 / 100 tekens')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Ras'), ' mix');
    expect(within(dialog).getByText('12 / 100 tekens')).toBeInTheDocument();
  });

  it('saves a description of 2000 characters, as the wizard allows', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(
      textEdit('Over bewerken', 'Over', 'bio', 'a'.repeat(1999), 'textarea'),
    );

    expect(within(dialog).getByText('1999 / 2000 tekens')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Over'), 'b');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(onSave).toHaveBeenCalledWith({ bio: `${'a'.repeat(1999)}b` });
  });

  it('refuses a description longer than 2000 characters', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(
      textEdit('Over bewerken', 'Over', 'bio', 'a'.repeat(2000), 'textarea'),
    );

    await user.type(within(dialog).getByLabelText('Over'), 'b');
    expect(within(dialog).getByText('2001 / 2000 tekens')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByText('Maximaal 2000 tekens toegestaan.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends an emptied text as null', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(textEdit('Ras bewerken', 'Ras', 'petBreed', 'Labrador'));
    await user.clear(within(dialog).getByLabelText('Ras'));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledWith({ petBreed: null });
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
      choiceEdit('Grootte bewerken', 'Grootte', V.PetSize, 'groot', (v) => ({ petSize: v })),
    );
    await user.selectOptions(within(dialog).getByLabelText('Grootte'), 'Klein (tot 10 kg)');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledWith({ petSize: 'klein' });
  });

  it('saves the boxes ticked', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(
      choicesEdit('Talen bewerken', 'Talen', V.Language, ['Nederlands'], (v) => ({
        languages: v,
      })),
    );
    const group = within(dialog).getByRole('group', { name: 'Talen' });
    expect(within(group).getByRole('checkbox', { name: 'Nederlands' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Fries' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Nederlands' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledWith({ languages: ['Fries'] });
  });

  it("offers the dialog's own choices with their labels, and keeps a value chosen in the wizard", async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(
      choiceEdit('Uurtarief bewerken', 'Uurtarief', V.HourlyRate, '5-10', (v) => ({
        hourlyRate: v,
      })),
    );
    const select = within(dialog).getByLabelText('Uurtarief');
    const offered = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual([
      'Geen keuze',
      ...V.HourlyRate.values
        .filter((value) => V.HourlyRate.edit.includes(value) || value === '5-10')
        .map((value) => V.HourlyRate.labels[value]),
    ]);
    expect(select).toHaveDisplayValue(V.HourlyRate.labels['5-10']);

    await user.selectOptions(select, V.HourlyRate.labels['7.50']);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledWith({ hourlyRate: '7.50' });
  });

  it('sends no choice as null', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = open(
      choiceEdit('Vervoer bewerken', 'Vervoer', V.TransportMode, 'fiets', (v) => ({
        transportMode: v,
      })),
    );
    await user.selectOptions(within(dialog).getByLabelText('Vervoer'), 'Geen keuze');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledWith({ transportMode: null });
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
    vi.mocked(uploadImage).mockRejectedValue(new ApiError(500, 'internal_error', 'Oeps'));
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
    const onSave = vi.fn(() => Promise.reject(new ApiError(500, 'internal_error', 'Oeps')));
    const { dialog, onClose } = open(
      textEdit('Ras bewerken', 'Ras', 'petBreed', 'Labrador'),
      onSave,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het opslaan. Probeer opnieuw.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
