import { useId, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Help shown under the field. */
  hint?: string | undefined;
  /** A validation message; marks the field invalid. */
  error?: string | undefined;
  /** Light text on a dark background, as in the footer. */
  inverse?: boolean;
}

/** A text field with its label, optional hint and error, linked for assistive technology. */
export function Input({ label, hint, error, inverse = false, className, ...props }: InputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label
        htmlFor={id}
        className={cn('text-sm font-semibold', inverse ? 'text-stone-100' : 'text-stone-800')}
      >
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'w-full rounded-xl px-4 py-2.5 text-base ring-1 ring-inset read-only:cursor-default',
          inverse
            ? 'bg-stone-800 text-white ring-stone-600 placeholder:text-stone-300'
            : 'bg-white text-stone-900 ring-stone-300 placeholder:text-stone-500',
          error && 'ring-2 ring-red-700',
        )}
        {...props}
      />
      {hint && (
        <p id={hintId} className={cn('text-sm', inverse ? 'text-stone-300' : 'text-stone-600')}>
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          className={cn('text-sm font-medium', inverse ? 'text-red-300' : 'text-red-800')}
        >
          {error}
        </p>
      )}
    </div>
  );
}
