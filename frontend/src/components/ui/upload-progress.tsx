import { Spinner } from '@/components/ui/spinner';
import { UPLOAD_STAGE_LABELS, type UploadProgress } from '@/lib/uploads/upload-image';

/** 'Verkleinen...', 'Uploaden... 40%' or 'Verwerken...'. */
export function uploadProgressText({ stage, percent }: UploadProgress): string {
  const label = UPLOAD_STAGE_LABELS[stage];
  return stage === 'uploaden' ? `${label}... ${percent}%` : `${label}...`;
}

/**
 * The stage of an upload in words and as a bar: without a value while the photo is shrunk, the
 * share sent while uploading, full while the server works on it.
 */
export function UploadProgressBar({
  progress,
  label,
}: {
  progress: UploadProgress;
  /** The bar's accessible name. */
  label: string;
}) {
  const text = uploadProgressText(progress);
  const measured = progress.stage !== 'verkleinen';
  return (
    <div className="flex flex-col gap-1.5">
      <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
        <Spinner />
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={measured ? progress.percent : undefined}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={
            measured
              ? 'h-full rounded-full bg-teal-700 transition-[width]'
              : 'h-full w-1/3 animate-pulse rounded-full bg-teal-700/60'
          }
          // Set from script: the Content-Security-Policy forbids style attributes in the page.
          ref={(element) => {
            if (element) element.style.width = measured ? `${progress.percent}%` : '';
          }}
        />
      </div>
    </div>
  );
}
