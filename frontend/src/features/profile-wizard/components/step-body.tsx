import { Select } from '@/components/ui/form-fields';
import { ImageUpload } from '@/features/profile-wizard/components/image-upload';
import {
  OwnerStep,
  PetAdditionalStep,
  PetBasicStep,
  PetDetailsStep,
} from '@/features/profile-wizard/components/owner-steps';
import { PhotoTips } from '@/features/profile-wizard/components/photo-tips';
import type { StepProps } from '@/features/profile-wizard/components/step-fields';
import { SummaryStep } from '@/features/profile-wizard/components/summary-step';
import {
  VolunteerAdditionalStep,
  VolunteerBasicStep,
  VolunteerDetailsStep,
} from '@/features/profile-wizard/components/volunteer-steps';
import type { PetView } from '@/features/profile-wizard/profile-form';
import type { StepId } from '@/features/profile-wizard/steps';
import type { ProfileType } from '@/lib/profile-type';

/** Which of an owner's pets the pet steps edit (edit mode, two or more pets). */
export function PetPicker({
  pets,
  current,
  onPick,
}: {
  pets: PetView[];
  current: number | null;
  onPick: (pet: PetView) => void;
}) {
  return (
    <Select
      label="Welk huisdier bewerk je?"
      hint="De gegevens van het gekozen huisdier staan hieronder; de andere blijven zoals ze zijn."
      options={pets.map((pet) => ({ value: String(pet.id), label: pet.name }))}
      value={current === null ? '' : String(current)}
      onChange={(event) => {
        const pet = pets.find((p) => String(p.id) === event.target.value);
        if (pet) onPick(pet);
      }}
    />
  );
}

/** The fields of one step of the wizard, by its id and the kind of profile. */
export function StepBody({
  id,
  type,
  props,
  onImage,
  onBusyChange,
}: {
  id: StepId;
  type: ProfileType;
  props: StepProps;
  onImage: (field: 'avatarUrl' | 'ownerAvatarUrl', url: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const owner = type === 'huisdier';
  switch (id) {
    case 'basic':
      return owner ? <PetBasicStep {...props} /> : <VolunteerBasicStep {...props} />;
    case 'details':
      return owner ? <PetDetailsStep {...props} /> : <VolunteerDetailsStep {...props} />;
    case 'additional':
      return owner ? <PetAdditionalStep {...props} /> : <VolunteerAdditionalStep {...props} />;
    case 'photo':
      return (
        <>
          <ImageUpload
            label={owner ? 'Foto van je huisdier' : 'Profielfoto'}
            previewAlt={owner ? 'Foto van je huisdier' : 'Je profielfoto'}
            value={props.values.avatarUrl}
            onChange={(url) => {
              onImage('avatarUrl', url);
            }}
            onBusyChange={onBusyChange}
          />
          {props.errors.avatarUrl?.message && (
            <p className="text-sm font-medium text-red-800">{props.errors.avatarUrl.message}</p>
          )}
          <PhotoTips />
        </>
      );
    case 'owner':
      return (
        <>
          <OwnerStep {...props} />
          <ImageUpload
            label="Foto van jezelf"
            previewAlt="Je eigen foto"
            value={props.values.ownerAvatarUrl}
            onChange={(url) => {
              onImage('ownerAvatarUrl', url);
            }}
            onBusyChange={onBusyChange}
          />
          {props.errors.ownerAvatarUrl?.message && (
            <p className="text-sm font-medium text-red-800">
              {props.errors.ownerAvatarUrl.message}
            </p>
          )}
        </>
      );
    case 'summary':
      return <SummaryStep values={props.values} />;
  }
}
