// What follows from a pet's species on every screen: the words for its sex, the size bands, the
// help that can be asked and the good-with words. The rules come from the server
// (SPECIES_RULES in the generated api/vocabulary.ts); this module only shapes them into the
// enumerations the forms and pages already read.
import type { components } from '@/lib/api/openapi';
import * as V from '@/lib/api/vocabulary';
import { SPECIES_RULES, type SpeciesRule, type Vocabulary } from '@/lib/api/vocabulary';
import { pick } from '@/lib/vocabulary';

type Schemas = components['schemas'];
export type Species = Schemas['Species'];

/** What a pet is when nothing says otherwise: every pet entered before the choice was a dog. */
export const DEFAULT_SPECIES: Species = 'hond';

/** The species of a raw form value, or null when none is chosen. */
export function speciesOf(raw: string | null | undefined): Species | null {
  return pick(V.Species, raw);
}

/** The rules of a species; of 'anders' while none is chosen. */
export function ruleOf(species: Species | null | undefined): SpeciesRule {
  return SPECIES_RULES[species ?? 'anders'];
}

/** The enumerations of a pet's fields as they read and offer for one species. */
export interface SpeciesVocabulary {
  /** The sex, with this species' words (reu/teef, kater/poes, mannetje/vrouwtje). */
  gender: Vocabulary<Schemas['PetGender']>;
  /** The size bands; only those that fit are offered. */
  size: Vocabulary<Schemas['PetSize']>;
  /** 'Gezochte hulp'; only the help this species can get is offered. */
  lookingFor: Vocabulary<Schemas['LookingFor']>;
  /** 'Kan goed met', in this species' words. */
  goodWith: Vocabulary<Schemas['GoodWith']>;
}

/** Keeps the values and labels of `vocabulary`, offering only `offered` on both screens. */
function offering<Value extends string>(
  vocabulary: Vocabulary<Value>,
  offered: readonly Value[],
  labels: Readonly<Record<Value, string>> = vocabulary.labels,
): Vocabulary<Value> {
  const list = vocabulary.values.filter((value) => offered.includes(value));
  return { values: vocabulary.values, labels, wizard: list, edit: list };
}

/** The pet enumerations for `species` (of 'anders' while none is chosen). */
export function speciesVocabulary(species: Species | null | undefined): SpeciesVocabulary {
  const rule = ruleOf(species);
  return {
    gender: offering(V.PetGender, V.PetGender.values, rule.gender),
    size: offering(V.PetSize, rule.sizes),
    lookingFor: offering(V.LookingFor, rule.lookingFor),
    goodWith: offering(V.GoodWith, V.GoodWith.values, rule.goodWith),
  };
}

/** Whether a size band means something for `species` (not for a fish). */
export function hasSizes(species: Species | null | undefined): boolean {
  return ruleOf(species).sizes.length > 0;
}

/**
 * What a pet keeps of its size and help when its species becomes `species`: a size that does not
 * fit is cleared, help that cannot be asked is dropped (the server refuses both).
 */
export function fitToSpecies<Size extends string | null, Help extends string>(
  species: Species,
  size: Size,
  lookingFor: readonly Help[],
): { size: Size | null; lookingFor: Help[] } {
  const rule = ruleOf(species);
  const fits = (value: string, list: readonly string[]) => list.includes(value);
  return {
    size: size !== null && fits(size, rule.sizes) ? size : null,
    lookingFor: lookingFor.filter((help) => fits(help, rule.lookingFor)),
  };
}

/** 'Bijvoorbeeld Europese korthaar': a form's example for `example` of the species' rules, or none. */
export function exampleOf(example: string): string | undefined {
  return example ? `Bijvoorbeeld ${example}` : undefined;
}
