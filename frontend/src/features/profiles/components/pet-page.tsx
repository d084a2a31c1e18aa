import { ChevronRight } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { FavouriteButton } from '@/components/favourites/favourite-button';
import { TrustActions } from '@/components/trust/trust-actions';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { CareCardSection } from '@/features/appointments/components/care-card-links';
import { usePetPage } from '@/features/profiles/api/get-pet-page';
import { useUpdatePetField } from '@/features/profiles/api/pets';
import { HelpNeededSection } from '@/features/profiles/components/help-needed-section';
import { MessageButton } from '@/features/profiles/components/message-button';
import { ProfileAvatar } from '@/features/profiles/components/profile-avatar';
import {
  choiceEdit,
  choicesEdit,
  locationEdit,
  photoEdit,
  textEdit,
} from '@/features/profiles/components/profile-edits';
import {
  BulletList,
  DetailsCard,
  LocationSection,
  ProfileHeader,
  ProfileSection,
  ProfileShell,
  ProfileText,
  SafeContactNote,
  type DetailItem,
} from '@/features/profiles/components/profile-layout';
import { ProfileNotFound, ProfileQueryState } from '@/features/profiles/components/profile-states';
import { TrustSignalsSection } from '@/features/profiles/components/trust-signals-section';
import type { FieldEdit } from '@/features/profiles/components/use-field-editor';
import { FieldEditorProvider } from '@/features/profiles/components/use-field-editor';
import { START_FAILED_LATER } from '@/features/profiles/hooks/use-start-conversation';
import { firstLine, profileTitle, useDocumentTitle } from '@/hooks/use-document-title';
import type { components } from '@/lib/api/openapi';
import * as V from '@/lib/api/vocabulary';
import { DRAFT_MAX_LENGTH } from '@/lib/api/vocabulary';
import { useAuth } from '@/lib/auth/use-auth';
import { useRecordView } from '@/lib/favourites/favourites';
import { editTitle, LABELS } from '@/lib/profile-labels';
import { PET_NAME_REQUIRED } from '@/lib/profile-texts';
import type { TrustSignals } from '@/lib/profiles/trust-signals';
import { fitToSpecies, hasSizes, ruleOf, speciesVocabulary } from '@/lib/species';
import { labelList, labelOf } from '@/lib/vocabulary';

type PetView = components['schemas']['PetView'];
type OwnerView = components['schemas']['OwnerView'];

export const PET_NOT_FOUND = 'Huisdier niet gevonden';

/** `/huisdier/{petId}`; `petId` null for an id that cannot exist. */
export function PetPage({ petId }: { petId: number | null }) {
  if (petId === null) {
    return <ProfileNotFound title={PET_NOT_FOUND} />;
  }
  return <LoadedPetPage petId={petId} />;
}

function LoadedPetPage({ petId }: { petId: number }) {
  return (
    <ProfileQueryState query={usePetPage(petId)} notFoundTitle={PET_NOT_FOUND}>
      {(data) => (
        <PetProfile pet={data.pet} owner={data.owner} trust={data.trust} hidden={data.hidden} />
      )}
    </ProfileQueryState>
  );
}

/** The four points every pet's sitter should meet in the words of its species. */
export function lookingFor(pet: PetView): string[] {
  const rule = ruleOf(pet.species);
  return [
    `ervaring heeft met ${pet.size ? rule.experienceBySize[pet.size] : rule.plural}`,
    'betrouwbaar en zorgzaam is',
    'flexibel beschikbaar is',
    `een band kan opbouwen met ${pet.name}`,
  ];
}

function PetProfile({
  pet,
  owner,
  trust,
  hidden,
}: {
  pet: PetView;
  owner: OwnerView;
  trust: TrustSignals | undefined;
  hidden: boolean;
}) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const update = useUpdatePetField(pet);
  useRecordView(pet.listing_id);
  useDocumentTitle(profileTitle(pet.name, pet.location), firstLine(pet.bio));
  const ownerName = [pet.owner_first_name, pet.owner_last_name].filter(Boolean).join(' ');
  // The sex, size, good-with and help read and offer as they fit the species.
  const vocabulary = speciesVocabulary(pet.species);
  const helpExamples = vocabulary.lookingFor.edit
    .slice(0, 2)
    .map((value) => V.LookingFor.labels[value])
    .join(' of ');

  const details: DetailItem[] = [
    {
      key: 'soort',
      label: LABELS.petSpecies,
      value: V.Species.labels[pet.species],
      // A new species drops the size and help that do not fit it (the server refuses them).
      edit: choiceEdit(
        editTitle(LABELS.petSpecies),
        LABELS.petSpecies,
        V.Species,
        pet.species,
        (value) => {
          const species = value ?? pet.species;
          const fitted = fitToSpecies(species, pet.size ?? null, pet.looking_for);
          return { petSpecies: species, petSize: fitted.size, petLookingFor: fitted.lookingFor };
        },
      ),
    },
    {
      key: 'ras',
      label: LABELS.petBreed,
      value: pet.breed,
      edit: textEdit(editTitle(LABELS.petBreed), LABELS.petBreed, 'petBreed', pet.breed),
    },
    {
      key: 'leeftijd',
      label: LABELS.petAge,
      value: pet.age,
      edit: textEdit(editTitle(LABELS.petAge), LABELS.petAge, 'petAge', pet.age),
    },
    ...(hasSizes(pet.species) || pet.size
      ? [
          {
            key: 'grootte',
            label: LABELS.petSize,
            value: labelOf(vocabulary.size, pet.size),
            edit: choiceEdit(
              editTitle(LABELS.petSize),
              LABELS.petSize,
              vocabulary.size,
              pet.size,
              (value) => ({
                petSize: value,
              }),
            ),
          },
        ]
      : []),
    {
      key: 'geslacht',
      label: LABELS.petGender,
      value: labelOf(vocabulary.gender, pet.gender),
      edit: choiceEdit(
        editTitle(LABELS.petGender),
        LABELS.petGender,
        vocabulary.gender,
        pet.gender,
        (value) => ({
          petGender: value,
        }),
      ),
    },
    {
      key: 'gedrag',
      label: LABELS.petPersonality,
      value: pet.personality,
      edit: textEdit(
        editTitle(LABELS.petPersonality),
        LABELS.petPersonality,
        'petPersonality',
        pet.personality,
        'textarea',
      ),
    },
    {
      key: 'gewicht',
      label: LABELS.petWeight,
      value: pet.weight,
      edit: textEdit(editTitle(LABELS.petWeight), LABELS.petWeight, 'petWeight', pet.weight),
    },
    {
      key: 'vriendjes',
      label: LABELS.petGoodWith,
      value: labelList(vocabulary.goodWith, pet.good_with),
      edit: choicesEdit(
        editTitle(LABELS.petGoodWith),
        LABELS.petGoodWith,
        vocabulary.goodWith,
        pet.good_with,
        (value) => ({ petGoodWith: value }),
      ),
    },
    {
      key: 'gevaccineerd',
      label: LABELS.petVaccinated,
      value: labelOf(V.Vaccinated, pet.vaccinated),
      edit: choiceEdit(
        editTitle(LABELS.petVaccinated),
        LABELS.petVaccinated,
        V.Vaccinated,
        pet.vaccinated,
        (value) => ({ petVaccinated: value }),
      ),
    },
    {
      key: 'gechipt',
      label: LABELS.petChipped,
      value: labelOf(V.Chipped, pet.chipped),
      edit: choiceEdit(
        editTitle(LABELS.petChipped),
        LABELS.petChipped,
        V.Chipped,
        pet.chipped,
        (value) => ({
          petChipped: value,
        }),
      ),
    },
    {
      key: 'gecastreerd',
      label: LABELS.petNeutered,
      value: labelOf(V.Neutered, pet.neutered),
      edit: choiceEdit(
        editTitle(LABELS.petNeutered),
        LABELS.petNeutered,
        V.Neutered,
        pet.neutered,
        (value) => ({ petNeutered: value }),
      ),
    },
    {
      key: 'zorg',
      label: LABELS.petSpecialNeeds,
      value: pet.special_needs,
      edit: textEdit(
        editTitle(LABELS.petSpecialNeeds),
        LABELS.petSpecialNeeds,
        'petSpecialNeeds',
        pet.special_needs,
        'textarea',
      ),
    },
  ];

  const nameEdit: FieldEdit = {
    title: editTitle(LABELS.name),
    field: {
      kind: 'text',
      label: LABELS.name,
      value: pet.name,
      max: DRAFT_MAX_LENGTH.petName,
      required: PET_NAME_REQUIRED,
      toChange: (name) => ({ petName: name }),
    },
  };

  return (
    <FieldEditorProvider
      canEdit={user?.id === pet.user_id}
      save={(change) => update.mutateAsync(change)}
    >
      <ProfileShell hidden={hidden} own={user?.id === pet.user_id}>
        <ProfileHeader
          name={pet.name}
          pet
          avatarUrl={pet.avatar_url}
          location={pet.location}
          badges={
            <>
              <Badge tone="orange">Huisdier</Badge>
              <Badge tone="teal">{V.Species.labels[pet.species]}</Badge>
            </>
          }
          actions={
            <div className="flex flex-wrap items-center gap-3 *:first:grow sm:*:first:grow-0">
              <MessageButton
                targetUserId={pet.user_id}
                petFor={() => pet.id}
                failure={START_FAILED_LATER}
              />
              <FavouriteButton
                listingId={pet.listing_id}
                name={pet.name}
                look="page"
                ownerUserId={pet.user_id}
              />
            </div>
          }
          editName={nameEdit}
          editPhoto={photoEdit(pet.avatar_url, `Foto van ${pet.name}`, (url) => ({
            avatarUrl: url,
          }))}
        />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <ProfileSection
              title={`Over ${pet.name}`}
              edit={textEdit(editTitle(LABELS.petBio), LABELS.petBio, 'bio', pet.bio, 'textarea')}
            >
              <ProfileText text={pet.bio} empty="Nog geen beschrijving." />
            </ProfileSection>
            <ProfileSection title={`${pet.name} zoekt een oppas die`}>
              <BulletList items={lookingFor(pet)} />
            </ProfileSection>
            {(pet.looking_for.length > 0 || user?.id === pet.user_id) && (
              <ProfileSection
                title="Gezochte hulp"
                edit={choicesEdit(
                  editTitle(LABELS.petLookingFor),
                  LABELS.petLookingFor,
                  vocabulary.lookingFor,
                  pet.looking_for,
                  (value) => ({ petLookingFor: value }),
                )}
              >
                {pet.looking_for.length > 0 ? (
                  <BulletList items={pet.looking_for.map((value) => V.LookingFor.labels[value])} />
                ) : (
                  <ProfileText
                    text={null}
                    empty={`Nog niets ingevuld, bijvoorbeeld ${helpExamples}.`}
                  />
                )}
              </ProfileSection>
            )}
            <HelpNeededSection
              petId={pet.id}
              petName={pet.name}
              help={pet.help_needed ?? null}
              own={user?.id === pet.user_id}
            />
            {user?.id === pet.user_id && <CareCardSection petId={pet.id} petName={pet.name} />}
            <LocationSection
              name={pet.name}
              location={pet.location}
              avatarUrl={pet.avatar_url}
              lat={pet.lat}
              lon={pet.lon}
              edit={locationEdit(
                owner.location ?? pet.location,
                owner.postal_code ?? pet.postal_code,
              )}
            />
          </div>
          <div className="flex flex-col gap-6">
            <Card as="section" aria-labelledby="huisdier-van" className="flex flex-col gap-4">
              <h2 id="huisdier-van" className="text-xl font-bold text-stone-900">
                Huisdier van
              </h2>
              <Link
                to={paths.owner(pet.owner_id)}
                className="flex items-center gap-4 rounded-2xl p-2 hover:bg-orange-50"
              >
                <ProfileAvatar
                  name={ownerName}
                  url={pet.owner_avatar_url ?? owner.avatar_url}
                  decorative
                  className="size-14 text-xl ring-2"
                />
                <span className="flex grow flex-col">
                  <span className="font-semibold text-stone-900">{ownerName}</span>
                  <span className="text-sm text-stone-600">Bekijk profiel van het baasje</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 text-stone-500" />
              </Link>
            </Card>
            <DetailsCard items={details} />
            <TrustSignalsSection trust={trust} firstName={owner.first_name} />
            <SafeContactNote />
            <TrustActions
              userId={pet.user_id}
              name={pet.name}
              listingId={pet.listing_id}
              onBlocked={() => {
                void navigate(paths.profiles);
              }}
            />
          </div>
        </div>
      </ProfileShell>
    </FieldEditorProvider>
  );
}
