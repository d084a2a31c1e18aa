import { useId, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';
import type { Option } from '@/lib/vocabulary';

const control =
  'w-full rounded-xl bg-white px-4 py-2.5 text-base text-stone-900 ring-1 ring-stone-300 ring-inset placeholder:text-stone-500';
const labelStyle = 'text-sm font-semibold text-stone-800';
const errorStyle = 'text-sm font-medium text-red-800';

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

function Help({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorStyle}>
          {error}
        </p>
      )}
    </>
  );
}

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/** A multi-line text field with its label, hint and error. */
export function Textarea({ label, hint, error, className, ...props }: TextareaProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={labelStyle}>
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cn(control, error && 'ring-2 ring-red-700')}
        {...props}
      />
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly Option<string | number>[];
  /**
   * The first entry, standing for nothing chosen; null when every entry is a choice of its own
   * (a filter's 'Alle profielen' is one of its options).
   */
  placeholder?: string | null;
  hint?: string | undefined;
  error?: string | undefined;
}

/** A drop-down with its label; unless `placeholder` is null, the first entry means nothing chosen. */
export function Select({
  label,
  options,
  placeholder = 'Maak een keuze',
  hint,
  error,
  className,
  ...props
}: SelectProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={labelStyle}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cn(control, error && 'ring-2 ring-red-700')}
        {...props}
      >
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

export interface CheckboxGroupProps {
  legend: string;
  options: Option<string | number>[];
  error?: string | undefined;
  /** Props of `register(name)`, spread on every box. */
  registration: UseFormRegisterReturn;
}

/** A set of check boxes that fills one list field. */
export function CheckboxGroup({ legend, options, error, registration }: CheckboxGroupProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={cn(labelStyle, 'mb-2')}>{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
          >
            <input
              type="checkbox"
              value={String(option.value)}
              className="size-5 accent-orange-700"
              {...registration}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className={errorStyle}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
