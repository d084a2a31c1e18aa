import { Input } from '@/components/ui/input';
import { CODE_LENGTH, digitsOnly } from '@/features/auth/forms';

export interface CodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** One field for a six-digit code: digits only, at most six, as typed or pasted. */
export function CodeField({ value, onChange, error, disabled }: CodeFieldProps) {
  return (
    <Input
      label="Inlogcode"
      hint="De 6 cijfers uit de e-mail"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      value={value}
      error={error}
      disabled={disabled}
      className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
      onChange={(event) => {
        onChange(digitsOnly(event.target.value));
      }}
    />
  );
}
