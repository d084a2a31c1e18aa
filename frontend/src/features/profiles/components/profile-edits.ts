import { splitName, type DraftChange } from '@/features/profiles/api/draft-from-profile';
import type { FieldEdit } from '@/features/profiles/components/use-field-editor';
import { DRAFT_MAX_LENGTH, type Vocabulary } from '@/lib/api/vocabulary';
import { editTitle, LABELS } from '@/lib/profile-labels';
import { FIRST_NAME_REQUIRED } from '@/lib/profile-texts';
import { optionsFor, pick, pickAll, type Option } from '@/lib/vocabulary';

/** A draft field of free text, with the most characters the server allows in it. */
export type TextField = keyof typeof DRAFT_MAX_LENGTH;

/** The full name of a person, split again at the first space when saved. */
export function personNameEdit(firstName: string, lastName: string): FieldEdit {
  return {
    title: editTitle(LABELS.name),
    field: {
      kind: 'text',
      label: LABELS.name,
      value: [firstName, lastName].filter(Boolean).join(' '),
      // Split again at the first space; the server checks each part against its own limit.
      max: DRAFT_MAX_LENGTH.firstName + DRAFT_MAX_LENGTH.lastName,
      required: FIRST_NAME_REQUIRED,
      toChange: (name) => splitName(name),
    },
  };
}

export function locationEdit(
  location: string | null | undefined,
  postalCode: string | null | undefined,
): FieldEdit {
  return {
    title: editTitle(LABELS.whereabouts),
    field: {
      kind: 'location',
      label: LABELS.whereabouts,
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
    title: editTitle(LABELS.photo),
    field: { kind: 'image', label: LABELS.photo, value: url ?? null, alt, toChange },
  };
}

/** A free text of the draft field `field`; emptied, it is sent as null. */
export function textEdit(
  title: string,
  label: string,
  field: TextField,
  value: string | null | undefined,
  kind: 'text' | 'textarea' = 'text',
): FieldEdit {
  return {
    title,
    field: {
      kind,
      label,
      value: value ?? '',
      max: DRAFT_MAX_LENGTH[field],
      toChange: (text) => ({ [field]: orNull(text) }),
    },
  };
}

/**
 * A choice from an enumeration: the edit dialog's part of it, plus the current value when the
 * wizard set one that part lacks; `none` is the empty choice, sent as null.
 */
export function choiceEdit<Value extends string | number>(
  title: string,
  label: string,
  vocabulary: Vocabulary<Value>,
  current: Value | null | undefined,
  toChange: (value: Value | null) => DraftChange,
  none = 'Geen keuze',
): FieldEdit {
  return {
    title,
    field: {
      kind: 'select',
      label,
      value: current == null ? '' : String(current),
      options: [
        { value: '', label: none },
        ...optionsFor(vocabulary, 'edit', [current]).map(asText),
      ],
      toChange: (chosen) => toChange(pick(vocabulary, chosen)),
    },
  };
}

/** Several values of an enumeration, offered as in {@link choiceEdit}. */
export function choicesEdit<Value extends string | number>(
  title: string,
  label: string,
  vocabulary: Vocabulary<Value>,
  current: readonly Value[],
  toChange: (value: Value[]) => DraftChange,
): FieldEdit {
  return {
    title,
    field: {
      kind: 'multiselect',
      label,
      value: current.map(String),
      options: optionsFor(vocabulary, 'edit', current).map(asText),
      toChange: (chosen) => toChange(pickAll(vocabulary, chosen)),
    },
  };
}

const asText = <Value extends string | number>(option: Option<Value>): Option => ({
  value: String(option.value),
  label: option.label,
});

/** An empty text is sent as null: the server stores "not filled in". */
export const orNull = (value: string): string | null => (value === '' ? null : value);
