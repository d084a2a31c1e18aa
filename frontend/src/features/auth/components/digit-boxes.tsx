import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { CODE_LENGTH, digitsOnly } from '@/features/auth/forms';
import { cn } from '@/lib/cn';

export interface DigitBoxesProps {
  /** One entry per box: a digit or ''. */
  digits: string[];
  onChange: (digits: string[]) => void;
  /** Called with the code once the last box is filled or a whole code is pasted. */
  onComplete: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** Receives the first box, so the page can put focus back there. */
  firstBoxRef?: (element: HTMLInputElement | null) => void;
}

export const emptyDigits = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

/**
 * Six boxes of one digit each. Typing moves on to the next box, Backspace in an empty box moves
 * back, and a pasted code (up to six digits) fills the boxes from the first.
 */
export function DigitBoxes({
  digits,
  onChange,
  onComplete,
  disabled = false,
  invalid = false,
  describedBy,
  firstBoxRef,
}: DigitBoxesProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => {
    boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();
  };

  /** Puts `typed` into the boxes from `start` on, then moves focus and submits when full. */
  const fill = (start: number, typed: string) => {
    const next = [...digits];
    typed.split('').forEach((digit, offset) => {
      if (start + offset < CODE_LENGTH) {
        next[start + offset] = digit;
      }
    });
    onChange(next);
    const end = start + typed.length;
    if (next.every((digit) => digit !== '') && end >= CODE_LENGTH) {
      onComplete(next.join(''));
    } else {
      focusBox(end);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = digitsOnly(event.clipboardData.getData('text'));
    if (pasted === '') {
      return;
    }
    const next = pasted.split('').concat(emptyDigits()).slice(0, CODE_LENGTH);
    onChange(next);
    if (pasted.length === CODE_LENGTH) {
      onComplete(pasted);
    } else {
      focusBox(pasted.length);
    }
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  return (
    <div className="flex justify-center gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          // The boxes never move: the index is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
            if (index === 0) {
              firstBoxRef?.(element);
            }
          }}
          aria-label={`Cijfer ${String(index + 1)} van ${String(CODE_LENGTH)}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={CODE_LENGTH}
          value={digit}
          disabled={disabled}
          className={cn(
            'size-12 rounded-xl bg-white text-center text-2xl font-bold text-stone-900 ring-1 ring-stone-300 ring-inset sm:size-14',
            'focus:ring-2 focus:ring-orange-700 disabled:bg-stone-100',
            invalid && 'ring-2 ring-red-700',
          )}
          onChange={(event) => {
            const typed = digitsOnly(event.target.value);
            if (typed === '') {
              const next = [...digits];
              next[index] = '';
              onChange(next);
              return;
            }
            // A box that already held a digit takes the newly typed one; a code filled in by the
            // browser arrives as several digits at once.
            const fresh =
              digit !== '' && typed.length === 2
                ? typed.startsWith(digit)
                  ? typed.slice(1)
                  : typed.slice(0, 1)
                : typed;
            fill(index, fresh);
          }}
          onKeyDown={(event) => {
            onKeyDown(index, event);
          }}
          onPaste={onPaste}
          onFocus={(event) => {
            event.target.select();
          }}
        />
      ))}
    </div>
  );
}
