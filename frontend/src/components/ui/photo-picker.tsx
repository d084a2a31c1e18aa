import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button, buttonStyles } from '@/components/ui/button';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { ACCEPTED_IMAGE_TYPES } from '@/lib/api/vocabulary';
import { cn } from '@/lib/cn';
import { useImageUpload, type ImageUploadOptions } from '@/lib/uploads/use-image-upload';

export interface PhotoPickerProps {
  /** What the photo is, above the preview. */
  label: string;
  /** The photo's address, null without one. */
  value: string | null;
  /** A new photo's address once it is stored, or null when the photo is removed. */
  onChange: (url: string | null) => void;
  /** Told when an upload starts and ends, so that the form can wait for it. */
  onBusyChange: (busy: boolean) => void;
  /** The text alternative of the preview. */
  previewAlt: string;
  /** What a failed upload says. */
  texts: ImageUploadOptions['texts'];
  /** The file input's name; without one it is named by its button ('Foto kiezen'). */
  inputLabel?: string | undefined;
  /** The name of the progress bar. */
  progressLabel: string;
  /** A line under the buttons, e.g. the kinds and size of photo taken. */
  hint?: ReactNode;
}

/**
 * Picks one photo, shrinks and sends it with its stages in a progress bar, shows what was sent
 * and offers to remove it: the one photo field of the wizard and the edit dialog.
 */
export function PhotoPicker({
  label,
  value,
  onChange,
  onBusyChange,
  previewAlt,
  texts,
  inputLabel,
  progressLabel,
  hint,
}: PhotoPickerProps) {
  const id = useId();
  const { progress, problem, pick, busy } = useImageUpload({
    onUploaded: onChange,
    onBusyChange,
    texts,
  });

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-semibold text-stone-800">{label}</p>
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
              aria-label={inputLabel}
              aria-describedby={problem ? `${id}-error` : undefined}
              disabled={busy}
              onChange={(event) => void pick(event)}
            />
          </label>
          {value && !busy && (
            <Button
              variant="ghost"
              onClick={() => {
                onChange(null);
              }}
            >
              <Trash2 aria-hidden="true" className="size-5" />
              Foto verwijderen
            </Button>
          )}
        </div>
      </div>
      {progress && <UploadProgressBar progress={progress} label={progressLabel} />}
      {hint && <p className="text-sm text-stone-600">{hint}</p>}
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
