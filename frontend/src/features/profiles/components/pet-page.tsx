import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import {
  CHIPPED,
  GOOD_WITH,
  labelOf,
  NEUTERED,
  PET_GENDERS,
  PET_SIZES,
  VACCINATED,
} from '@/config/profile-options';
import { usePetPage } from '@/features/profiles/api/get-pet-page';
import { MessageButton } from '@/features/profiles/components/message-button';
import { ProfileAvatar } from '@/features/profiles/components/profile-avatar';
import {
  locationEdit,
  multiselectEdit,
  orNull,
  photoEdit,
  selectEdit,
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
import type { FieldEdit } from '@/features/profiles/components/use-field-editor';
import { FieldEditorProvider } from '@/features/profiles/components/use-field-editor';
import { START_FAILED_LATER } from '@/features/profiles/hooks/use-start-conversation';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { components } from '@/lib/api/openapi';
import { useProfileLookup } from '@/lib/auth/api/get-profile-lookup';
import { useAuth } from '@/lib/auth/use-auth';

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
      {(data) => <PetProfile pet={data.pet} owner={data.owner} />}
    </ProfileQueryState>
  );
}

const SIZE_WORDS: Record<string, string> = {
  klein: 'kleine honden',
  middel: 'middelgrote honden',
  groot: 'grote honden',
};

/** The four points every pet's sitter should meet (spec section 2). */
export function lookingFor(pet: PetView): string[] {
  return [
    `ervaring heeft met ${(pet.size && SIZE_WORDS[pet.size]) ?? 'honden van dit formaat'}`,
    'betrouwbaar en zorgzaam is',
    'flexibel beschikbaar is',
    `een band kan opbouwen met ${pet.name}`,
  ];
}

function PetProfile({ pet, owner }: { pet: PetView; owner: OwnerView }) {
  const { user } = useAuth();
  // Inline edits rewrite the owner's profile, which holds their first pet: only that pet's page
  // offers them.
  const { data: own } = useProfileLookup(user?.id === pet.user_id ? user.id : null);
  const editable = own?.type === 'huisdier' && own.profile.id === pet.id;
  useDocumentTitle(pet.name);
  const ownerName = [pet.owner_first_name, pet.owner_last_name].filter(Boolean).join(' ');

  const details: DetailItem[] = [
    {
      key: 'ras',
      label: 'Ras',
      value: pet.breed,
      edit: textEdit('Ras bewerken', 'Ras', pet.breed, (value) => ({ petBreed: orNull(value) })),
    },
    {
      key: 'leeftijd',
      label: 'Leeftijd',
      value: pet.age,
      edit: textEdit('Leeftijd bewerken', 'Leeftijd', pet.age, (value) => ({
        petAge: orNull(value),
      })),
    },
    {
      key: 'grootte',
      label: 'Grootte',
      value: labelOf(PET_SIZES, pet.size),
      edit: selectEdit('Grootte bewerken', 'Grootte', pet.size, PET_SIZES, (value) => ({
        petSize: value,
      })),
    },
    {
      key: 'geslacht',
      label: 'Geslacht',
      value: labelOf(PET_GENDERS, pet.gender),
      edit: selectEdit('Geslacht bewerken', 'Geslacht', pet.gender, PET_GENDERS, (value) => ({
        petGender: value,
      })),
    },
    {
      key: 'gedrag',
      label: 'Gedrag',
      value: pet.personality,
      edit: textEdit(
        'Gedrag bewerken',
        'Gedrag',
        pet.personality,
        (value) => ({ petPersonality: orNull(value) }),
        'textarea',
      ),
    },
    {
      key: 'gewicht',
      label: 'Gewicht',
      value: pet.weight,
      edit: textEdit('Gewicht bewerken', 'Gewicht', pet.weight, (value) => ({
        petWeight: orNull(value),
      })),
    },
    {
      key: 'vriendjes',
      label: 'Kan goed met',
      value: pet.good_with.join(', '),
      edit: multiselectEdit(
        'Kan goed met bewerken',
        'Kan goed met',
        pet.good_with,
        GOOD_WITH.map((option) => option.value),
        (value) => ({ petGoodWith: value }),
      ),
    },
    {
      key: 'gevaccineerd',
      label: 'Gevaccineerd',
      value: labelOf(VACCINATED, pet.vaccinated),
      edit: selectEdit(
        'Gevaccineerd bewerken',
        'Gevaccineerd',
        pet.vaccinated,
        VACCINATED,
        (value) => ({
          petVaccinated: value,
        }),
      ),
    },
    {
      key: 'gechipt',
      label: 'Gechipt',
      value: labelOf(CHIPPED, pet.chipped),
      edit: selectEdit('Gechipt bewerken', 'Gechipt', pet.chipped, CHIPPED, (value) => ({
        petChipped: value,
      })),
    },
    {
      key: 'gecastreerd',
      label: 'Gecastreerd/gesteriliseerd',
      value: labelOf(NEUTERED, pet.neutered),
      edit: selectEdit(
        'Gecastreerd/gesteriliseerd bewerken',
        'Gecastreerd/gesteriliseerd',
        pet.neutered,
        NEUTERED,
        (value) => ({ petNeutered: value }),
      ),
    },
    {
      key: 'zorg',
      label: 'Bijzondere zorg',
      value: pet.special_needs,
      edit: textEdit(
        'Bijzondere zorg bewerken',
        'Bijzondere zorg',
        pet.special_needs,
        (value) => ({ petSpecialNeeds: orNull(value) }),
        'textarea',
      ),
    },
  ];

  const nameEdit: FieldEdit = {
    title: 'Naam bewerken',
    field: {
      kind: 'text',
      label: 'Naam',
      value: pet.name,
      required: 'De naam van je huisdier is verplicht',
      toChange: (name) => ({ petName: name }),
    },
  };

  return (
    <FieldEditorProvider canEdit={editable}>
      <ProfileShell>
        <ProfileHeader
          name={pet.name}
          pet
          avatarUrl={pet.avatar_url}
          location={pet.location}
          badges={<Badge tone="orange">Huisdier</Badge>}
          actions={
            <MessageButton
              targetUserId={pet.user_id}
              petFor={() => pet.id}
              failure={START_FAILED_LATER}
            />
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
              edit={textEdit(
                'Over bewerken',
                'Over',
                pet.bio,
                (bio) => ({ bio: orNull(bio) }),
                'textarea',
              )}
            >
              <ProfileText text={pet.bio} empty="Nog geen beschrijving." />
            </ProfileSection>
            <ProfileSection title={`${pet.name} zoekt een oppas die`}>
              <BulletList items={lookingFor(pet)} />
            </ProfileSection>
            {(pet.looking_for.length > 0 || user?.id === pet.user_id) && (
              <ProfileSection
                title="Gezochte hulp"
                edit={{
                  title: 'Gezochte hulp bewerken',
                  field: {
                    kind: 'array',
                    label: 'Gezochte hulp',
                    value: pet.looking_for,
                    toChange: (value) => ({ petLookingFor: value }),
                  },
                }}
              >
                {pet.looking_for.length > 0 ? (
                  <BulletList items={pet.looking_for} />
                ) : (
                  <ProfileText
                    text={null}
                    empty="Nog niets ingevuld, bijvoorbeeld Uitlaten of Logeren."
                  />
                )}
              </ProfileSection>
            )}
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
            <SafeContactNote />
          </div>
        </div>
      </ProfileShell>
    </FieldEditorProvider>
  );
}
