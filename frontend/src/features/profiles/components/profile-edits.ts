import type { Option } from '@/config/profile-options';
import { splitName, type DraftChange } from '@/features/profiles/api/draft-from-profile';
import type { FieldEdit } from '@/features/profiles/components/use-field-editor';

/** The full name of a person, split again at the first space when saved. */
export function personNameEdit(firstName: string, lastName: string): FieldEdit {
  return {
    title: 'Naam bewerken',
    field: {
      kind: 'text',
      label: 'Naam',
      value: [firstName, lastName].filter(Boolean).join(' '),
      required: 'Voornaam is verplicht',
      toChange: (name) => splitName(name),
    },
  };
}

export function locationEdit(
  location: string | null | undefined,
  postalCode: string | null | undefined,
): FieldEdit {
  return {
    title: 'Locatie bewerken',
    field: {
      kind: 'location',
      label: 'Locatie',
      value: { location: location ?? '', postalCode: postalCode ?? '' },
      toChange: (value) => ({ location: value.location, postalCode: value.postalCode }),
    },
  };
}

export function photoEdit(
  url: string | null | undefined,
  alt: string,
  toChange: (url: string | null) => DraftChange,
): FieldEdit {
  return {
    title: 'Foto bewerken',
    field: { kind: 'image', label: 'Foto', value: url ?? null, alt, toChange },
  };
}

export function textEdit(
  title: string,
  label: string,
  value: string | null | undefined,
  toChange: (value: string) => DraftChange,
  kind: 'text' | 'textarea' = 'text',
): FieldEdit {
  return {
    title,
    field: { kind, label, value: value ?? '', toChange },
  };
}

/** A choice from a list; `none` adds an empty choice with that label. */
export function selectEdit(
  title: string,
  label: string,
  value: string | null | undefined,
  options: Option[],
  toChange: (value: string | null) => DraftChange,
  none = 'Geen keuze',
): FieldEdit {
  return {
    title,
    field: {
      kind: 'select',
      label,
      value: value ?? '',
      options: [{ value: '', label: none }, ...options],
      toChange: (chosen) => toChange(chosen === '' ? null : chosen),
    },
  };
}

export function multiselectEdit(
  title: string,
  label: string,
  value: string[],
  options: string[],
  toChange: (value: string[]) => DraftChange,
): FieldEdit {
  return { title, field: { kind: 'multiselect', label, value, options, toChange } };
}

/** An empty text is sent as null: the server stores "not filled in". */
export const orNull = (value: string): string | null => (value === '' ? null : value);
