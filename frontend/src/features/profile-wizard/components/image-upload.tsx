import { ImagePlus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button, buttonStyles } from '@/components/ui/button';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { ACCEPTED_IMAGE_TYPES } from '@/lib/api/vocabulary';
import { cn } from '@/lib/cn';
import { useImageUpload } from '@/lib/uploads/use-image-upload';

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

/** Picks one image, shrinks and sends it with its stages in a progress bar, and shows what was sent. */
export function ImageUpload({
  label,
  value,
  onChange,
  onBusyChange,
  previewAlt,
}: ImageUploadProps) {
  const id = useId();
  const { progress, problem, pick, busy } = useImageUpload({
    onUploaded: onChange,
    onBusyChange,
    texts: { failed: UPLOAD_FAILED, network: UPLOAD_FAILED },
  });

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-semibold text-stone-800" id={`${id}-label`}>
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-28 items-center justify-center overflow-hidden rounded-2xl bg-stone-100 text-stone-500 ring-1 ring-stone-200">
          {value ? (
            <img src={value} alt={previewAlt} className="size-full object-cover" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-10" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <label
            className={cn(
              buttonStyles({ variant: 'secondary' }),
              'cursor-pointer focus-within:ring-2 focus-within:ring-orange-700',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            <ImagePlus aria-hidden="true" className="size-5" />
            {value ? 'Andere foto kiezen' : 'Foto kiezen'}
            <input
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              className="sr-only"
              aria-label={label}
              aria-describedby={problem ? `${id}-error` : undefined}
              disabled={busy}
              onChange={(event) => void pick(event)}
            />
          </label>
          {value && !busy && (
            <Button
              variant="ghost"
              onClick={() => {
                onChange('');
              }}
            >
              <Trash2 aria-hidden="true" className="size-5" />
              Foto verwijderen
            </Button>
          )}
        </div>
      </div>
      {progress && <UploadProgressBar progress={progress} label={`${label} uploaden`} />}
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
