import type { WizardValues } from '@/features/profile-wizard/profile-form';
import type { ProfileType } from '@/lib/profile-type';

export type StepId = 'basic' | 'details' | 'additional' | 'photo' | 'owner' | 'summary';

export interface Step {
  id: StepId;
  title: string;
  /** The share of the wizard done on this step (20, 40, 60, 80, 100), for the progress bar. */
  percent: number;
  /** The fields shown on this step, to find the step of an invalid field. */
  fields: (keyof WizardValues)[];
}

const OWNER_STEPS: Step[] = [
  {
    id: 'basic',
    title: 'Basisgegevens',
    percent: 20,
    fields: ['petSpecies', 'petName', 'petBreed', 'petAge', 'location', 'postalCode'],
  },
  {
    id: 'details',
    title: 'Details',
    percent: 40,
    fields: ['petSize', 'petGender', 'petWeight', 'petPersonality', 'bio'],
  },
  {
    id: 'additional',
    title: 'Extra informatie',
    percent: 60,
    fields: [
      'petVaccinated',
      'petChipped',
      'petNeutered',
      'petGoodWith',
      'petLookingFor',
      'petSpecialNeeds',
    ],
  },
  { id: 'photo', title: "Foto's", percent: 80, fields: ['avatarUrl'] },
  {
    id: 'owner',
    title: 'Eigenaar gegevens',
    percent: 100,
    fields: [
      'firstName',
      'lastName',
      'phone',
      'dateOfBirth',
      'ownerBio',
      'experience',
      'languages',
      'ownerAvatarUrl',
    ],
  },
];

const VOLUNTEER_STEPS: Step[] = [
  {
    id: 'basic',
    title: 'Basisgegevens',
    percent: 20,
    fields: ['firstName', 'lastName', 'location', 'postalCode', 'phone', 'dateOfBirth'],
  },
  {
    id: 'details',
    title: 'Details',
    percent: 40,
    fields: ['bio', 'experience', 'availability', 'specialties', 'species'],
  },
  {
    id: 'additional',
    title: 'Extra informatie',
    percent: 60,
    fields: ['maxDistance', 'hourlyRate', 'hasOwnPet', 'transportMode', 'languages'],
  },
  { id: 'photo', title: "Foto's", percent: 80, fields: ['avatarUrl'] },
  // For volunteers the last step is a summary of what they filled in, before it is saved.
  { id: 'summary', title: 'Overzicht', percent: 100, fields: [] },
];

export function stepsFor(type: ProfileType): Step[] {
  return type === 'huisdier' ? OWNER_STEPS : VOLUNTEER_STEPS;
}

/** The index of the step that shows `field`, or -1 for a field no step shows. */
export function stepOfField(type: ProfileType, field: string): number {
  return stepsFor(type).findIndex((step) => (step.fields as string[]).includes(field));
}
