// Reading, offering and showing the server's enumerations. Their values and labels come from the
// generated api/vocabulary.ts; nothing here or in the screens lists them.
import type { Vocabulary } from '@/lib/api/vocabulary';

/** One entry of a drop-down or a set of check boxes: the value sent, the label read. */
export interface Option<Value extends string | number = string> {
  value: Value;
  label: string;
}

/** What a distance reads when none is chosen (it is sent as null). */
export const NO_PREFERENCE = 'Geen voorkeur';

/** The screens that offer their own part of an enumeration: the wizard and the edit dialog. */
export type Screen = 'wizard' | 'edit';

/** The enumeration's value for `raw`, or null when it holds no such value (or nothing was chosen). */
export function pick<Value extends string | number>(
  vocabulary: Vocabulary<Value>,
  raw: string | number | null | undefined,
): Value | null {
  if (raw === null || raw === undefined || raw === '') return null;
  return vocabulary.values.find((value) => String(value) === String(raw)) ?? null;
}

/** The enumeration's values among `raw`, in the order given. */
export function pickAll<Value extends string | number>(
  vocabulary: Vocabulary<Value>,
  raw: readonly (string | number)[],
): Value[] {
  return raw.flatMap((item) => {
    const value = pick(vocabulary, item);
    return value === null ? [] : [value];
  });
}

/** What people read for a stored value (or a form's raw value); null when nothing is chosen. */
export function labelOf<Value extends string | number>(
  vocabulary: Vocabulary<Value>,
  raw: string | number | null | undefined,
): string | null {
  const value = pick(vocabulary, raw);
  return value === null ? null : vocabulary.labels[value];
}

/** The labels of a list of values, joined for reading ('' for none). */
export function labelList<Value extends string | number>(
  vocabulary: Vocabulary<Value>,
  raw: readonly (string | number)[],
): string {
  return pickAll(vocabulary, raw)
    .map((value) => vocabulary.labels[value])
    .join(', ');
}

/**
 * The choices `screen` offers: its own part of the enumeration, plus each current value that part
 * lacks (chosen on the other screen), so that it shows and stays selectable. In the
 * enumeration's order.
 */
export function optionsFor<Value extends string | number>(
  vocabulary: Vocabulary<Value>,
  screen: Screen,
  current: readonly (string | number | null | undefined)[] = [],
): Option<Value>[] {
  const offered = new Set<Value>(vocabulary[screen]);
  for (const value of pickAll(vocabulary, current.filter(isChosen))) {
    offered.add(value);
  }
  return vocabulary.values
    .filter((value) => offered.has(value))
    .map((value) => ({ value, label: vocabulary.labels[value] }));
}

const isChosen = (item: string | number | null | undefined): item is string | number =>
  item !== null && item !== undefined;
