import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'ghost' | 'inverse' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress';

// Every pairing keeps text contrast at WCAG AA (4.5:1) or better, hover states included.
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-orange-700 text-white shadow-sm hover:bg-orange-800',
  secondary: 'bg-white text-orange-800 ring-1 ring-orange-200 ring-inset hover:bg-orange-50',
  accent: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800',
  ghost: 'text-stone-700 hover:bg-stone-100',
  inverse: 'bg-white text-teal-900 shadow-sm hover:bg-teal-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3.5 py-2 text-sm',
  md: 'px-5 py-2.5 text-base',
  lg: 'px-6 py-3.5 text-lg',
};

/** The classes of a button, for links that look like one. */
export function buttonStyles({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  className?: string | undefined;
} = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles({ variant, size, className })} {...props} />;
}
