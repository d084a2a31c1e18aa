import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button, buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { imageProblem, uploadFailureText, uploadImage } from '@/lib/uploads/upload-image';

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

/** Picks one image, sends it with a progress bar, and shows what was sent. */
export function ImageUpload({
  label,
  value,
  onChange,
  onBusyChange,
  previewAlt,
}: ImageUploadProps) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const refusal = imageProblem(file);
    setProblem(refusal);
    if (refusal) return;
    setProgress(0);
    onBusyChange(true);
    try {
      const { url } = await uploadImage(file, setProgress);
      onChange(url);
    } catch (error) {
      setProblem(uploadFailureText(error, { failed: UPLOAD_FAILED, network: UPLOAD_FAILED }));
    } finally {
      setProgress(null);
      onBusyChange(false);
    }
  };

  const busy = progress !== null;
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
              accept="image/jpeg,image/png,image/gif,image/webp"
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
      {busy && (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center gap-2 text-sm text-stone-700">
            <Spinner />
            Uploaden... {progress}%
          </div>
          <div
            role="progressbar"
            aria-label={`${label} uploaden`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 overflow-hidden rounded-full bg-stone-200"
          >
            <div
              className="h-full rounded-full bg-teal-700 transition-all"
              style={{ width: `${progress}%` }}
            />
          </div>
        </div>
      )}
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
