export interface StepProgressProps {
  /** The current step, from 1. */
  step: number;
  total: number;
  percent: number;
  /** What the current step is about, for assistive technology. */
  title?: string | undefined;
}

/** 'Stap X van N' with its percentage and a bar, as the registration and the wizard show it. */
export function StepProgress({ step, total, percent, title }: StepProgressProps) {
  const label = `Stap ${String(step)} van ${String(total)}`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm font-semibold text-stone-700">
        <span>{label}</span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={
          title === undefined ? `${label}: ${String(percent)}%` : `${label}: ${title}`
        }
        className="h-2.5 overflow-hidden rounded-full bg-orange-100"
      >
        <div
          className="h-full rounded-full bg-orange-700 transition-all"
          style={{ width: `${String(percent)}%` }}
        />
      </div>
    </div>
  );
}
