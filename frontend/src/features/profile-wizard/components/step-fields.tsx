import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { postcodeDigits, type WizardValues } from '@/features/profile-wizard/profile-form';
import { DRAFT_MAX_LENGTH } from '@/lib/api/vocabulary';
import { LABELS, required } from '@/lib/profile-labels';

/** What every step gets from the wizard's one form. */
export interface StepProps {
  register: UseFormRegister<WizardValues>;
  errors: FieldErrors<WizardValues>;
  values: WizardValues;
}

/** Place and postcode, as on the basic step of both kinds; marked when a sitter must fill them. */
export function WhereaboutsFields({
  register,
  errors,
  requiredFields = false,
}: Omit<StepProps, 'values'> & { requiredFields?: boolean }) {
  const postcode = register('postalCode');
  const mark = (label: string) => (requiredFields ? required(label) : label);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input
        label={mark(LABELS.location)}
        aria-required={requiredFields || undefined}
        autoComplete="address-level2"
        maxLength={DRAFT_MAX_LENGTH.location}
        placeholder="Bijvoorbeeld Utrecht"
        error={errors.location?.message}
        {...register('location')}
      />
      <Input
        label={mark(LABELS.postalCode)}
        aria-required={requiredFields || undefined}
        hint="Alleen de eerste 4 cijfers van je postcode"
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="1234"
        error={errors.postalCode?.message}
        {...postcode}
        onChange={(event) => {
          event.target.value = postcodeDigits(event.target.value);
          void postcode.onChange(event);
        }}
      />
    </div>
  );
}

/** Given and family name. */
export function NameFields({ register, errors }: Omit<StepProps, 'values'>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input
        label={required(LABELS.firstName)}
        autoComplete="given-name"
        maxLength={DRAFT_MAX_LENGTH.firstName}
        aria-required="true"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <Input
        label={LABELS.lastName}
        autoComplete="family-name"
        maxLength={DRAFT_MAX_LENGTH.lastName}
        error={errors.lastName?.message}
        {...register('lastName')}
      />
    </div>
  );
}

/** Phone and date of birth: private, never shown to others. */
export function PrivateFields({ register, errors }: Omit<StepProps, 'values'>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input
        label={LABELS.phone}
        type="tel"
        autoComplete="tel"
        maxLength={DRAFT_MAX_LENGTH.phone}
        hint="Alleen voor jezelf; we delen het nooit zonder jouw toestemming."
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Input
        label={LABELS.dateOfBirth}
        type="date"
        autoComplete="bday"
        hint="Anderen zien alleen je leeftijd."
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth')}
      />
    </div>
  );
}
