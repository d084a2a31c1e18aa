import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageUpload } from '@/features/profile-wizard/components/image-upload';
import { ApiError } from '@/lib/api/api-error';
import { uploadImage } from '@/lib/uploads/upload-image';

vi.mock('@/lib/uploads/upload-image', async (original) => ({
  ...(await original<typeof import('@/lib/uploads/upload-image')>()),
  uploadImage: vi.fn(),
}));

const upload = vi.mocked(uploadImage);

function setup(value = '') {
  const onChange = vi.fn();
  const onBusyChange = vi.fn();
  render(
    <ImageUpload
      label="Profielfoto"
      previewAlt="Je profielfoto"
      value={value}
      onChange={onChange}
      onBusyChange={onBusyChange}
    />,
  );
  return { onChange, onBusyChange, input: screen.getByLabelText('Profielfoto') };
}

const png = (size = 10) => new File([new Uint8Array(size)], 'foto.png', { type: 'image/png' });

describe('ImageUpload', () => {
  beforeEach(() => {
    upload.mockReset();
  });

  it('refuses a file that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input, onChange } = setup();

    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Alleen afbeeldingen zijn toegestaan',
    );
    expect(upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB', async () => {
    const user = userEvent.setup();
    const { input } = setup();

    await user.upload(input, png(5 * 1024 * 1024 + 1));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Afbeelding mag maximaal 5MB groot zijn',
    );
  });

  it('shows progress while busy and hands over the address', async () => {
    const user = userEvent.setup();
    let finish: (value: { url: string }) => void = () => undefined;
    upload.mockImplementation((_file, onProgress) => {
      onProgress?.(40);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const { input, onChange, onBusyChange } = setup();

    await user.upload(input, png());

    expect(
      await screen.findByRole('progressbar', { name: 'Profielfoto uploaden' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
    finish({ url: '/uploads/a.png' });
    await vi.waitFor(() => {
      expect(onChange).toHaveBeenCalledWith('/uploads/a.png');
    });
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the upload failed on a network or server error', async () => {
    const user = userEvent.setup();
    upload.mockRejectedValue(new ApiError(500, 'internal', 'Er ging iets mis.'));
    const { input } = setup();

    await user.upload(input, png());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er ging iets mis bij het uploaden. Probeer opnieuw.',
    );
  });

  it('shows the chosen photo', () => {
    setup('/uploads/a.png');
    expect(screen.getByRole('img', { name: 'Je profielfoto' })).toHaveAttribute(
      'src',
      '/uploads/a.png',
    );
  });
});
