import { PhotoPicker } from '@/components/ui/photo-picker';

export const UPLOAD_FAILED = 'Er ging iets mis bij het uploaden. Probeer opnieuw.';

export interface ImageUploadProps {
  label: string;
  /** The image's address, '' without one. */
  value: string;
  onChange: (url: string) => void;
  /** Told when an upload starts and ends, so the wizard can wait for it. */
  onBusyChange: (busy: boolean) => void;
  /** The text alternative of the preview. */
  previewAlt: string;
}

/** A photo field of the wizard, which keeps '' for no photo; the input is named by the label. */
export function ImageUpload({
  label,
  value,
  onChange,
  onBusyChange,
  previewAlt,
}: ImageUploadProps) {
  return (
    <PhotoPicker
      label={label}
      inputLabel={label}
      value={value === '' ? null : value}
      onChange={(url) => {
        onChange(url ?? '');
      }}
      onBusyChange={onBusyChange}
      previewAlt={previewAlt}
      texts={{ failed: UPLOAD_FAILED, network: UPLOAD_FAILED }}
      progressLabel={`${label} uploaden`}
    />
  );
}
