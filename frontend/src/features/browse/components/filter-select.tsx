import { useId, type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface FilterSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
}

/** A drop-down with its label, styled as the text fields beside it. */
export function FilterSelect({ label, options, className, ...props }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <select
        id={id}
        className="w-full rounded-xl bg-white px-4 py-2.5 text-base text-stone-900 ring-1 ring-stone-300 ring-inset"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
