import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageUpload } from '@/features/profile-wizard/components/image-upload';
import { ApiError } from '@/lib/api/api-error';
import {
  TOO_LARGE,
  UploadRefused,
  uploadImage,
  type UploadProgress,
} from '@/lib/uploads/upload-image';

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

  it('says an image is over 5 MB when it is still too large after shrinking', async () => {
    const user = userEvent.setup();
    upload.mockRejectedValue(new UploadRefused(TOO_LARGE));
    const { input, onChange } = setup();

    await user.upload(input, png(6 * 1024 * 1024));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Afbeelding mag maximaal 5MB groot zijn',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('hands a photo over 5 MB to the upload, which shrinks it first', async () => {
    const user = userEvent.setup();
    upload.mockResolvedValue({ url: '/uploads/groot.jpg' });
    const { input, onChange } = setup();

    await user.upload(input, png(6 * 1024 * 1024));

    await vi.waitFor(() => {
      expect(onChange).toHaveBeenCalledWith('/uploads/groot.jpg');
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows each stage while busy and hands over the address', async () => {
    const user = userEvent.setup();
    let report: (progress: UploadProgress) => void = () => undefined;
    let finish: (value: { url: string }) => void = () => undefined;
    upload.mockImplementation((_file, onProgress) => {
      report = (progress) => {
        onProgress?.(progress);
      };
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const { input, onChange, onBusyChange } = setup();

    await user.upload(input, png());

    const bar = await screen.findByRole('progressbar', { name: 'Profielfoto uploaden' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Verkleinen...');
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('status')).toHaveTextContent('Verkleinen...');
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
    expect(input).toBeDisabled();

    act(() => {
      report({ stage: 'uploaden', percent: 40 });
    });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('status')).toHaveTextContent('Uploaden... 40%');

    act(() => {
      report({ stage: 'verwerken', percent: 100 });
    });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('status')).toHaveTextContent('Verwerken...');

    finish({ url: '/uploads/a.png' });
    await vi.waitFor(() => {
      expect(onChange).toHaveBeenCalledWith('/uploads/a.png');
    });
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the upload failed on a network or server error', async () => {
    const user = userEvent.setup();
    upload.mockRejectedValue(new ApiError(500, 'internal_error', 'Er ging iets mis.'));
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
