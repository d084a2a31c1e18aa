import { PawPrint } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TrustActions } from '@/components/trust/trust-actions';
import { Badge } from '@/components/ui/badge';
import { ADD_PET_PARAM, paths } from '@/config/paths';
import { ReferencesSection } from '@/features/appointments/components/references-section';
import { MessageButton } from '@/features/profiles/components/message-button';
import { AddPetButton, RemovePetButton } from '@/features/profiles/components/pet-management';
import { ProfileAvatar } from '@/features/profiles/components/profile-avatar';
import {
  choicesEdit,
  locationEdit,
  personNameEdit,
  photoEdit,
  textEdit,
} from '@/features/profiles/components/profile-edits';
import {
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
import { FieldEditorProvider } from '@/features/profiles/components/use-field-editor';
import { firstLine, profileTitle, useDocumentTitle } from '@/hooks/use-document-title';
import type { components } from '@/lib/api/openapi';
import * as V from '@/lib/api/vocabulary';
import { useAuth } from '@/lib/auth/use-auth';
import { editTitle, LABELS } from '@/lib/profile-labels';
import { useOwnerPage } from '@/lib/profiles/get-owner-page';
import type { TrustSignals } from '@/lib/profiles/trust-signals';
import { labelList, labelOf } from '@/lib/vocabulary';

type OwnerView = components['schemas']['OwnerView'];
type PetView = components['schemas']['PetView'];

export const OWNER_NOT_FOUND = 'Eigenaar niet gevonden';

/** `/eigenaar/{ownerId}`; `ownerId` null for an id that cannot exist. */
export function OwnerPage({ ownerId }: { ownerId: number | null }) {
  if (ownerId === null) {
    return <ProfileNotFound title={OWNER_NOT_FOUND} />;
  }
  return <LoadedOwnerPage ownerId={ownerId} />;
}

function LoadedOwnerPage({ ownerId }: { ownerId: number }) {
  return (
    <ProfileQueryState query={useOwnerPage(ownerId)} notFoundTitle={OWNER_NOT_FOUND}>
      {(data) => (
        <OwnerProfile owner={data.owner} pets={data.pets} trust={data.trust} hidden={data.hidden} />
      )}
    </ProfileQueryState>
  );
}

function OwnerProfile({
  owner,
  pets,
  trust,
  hidden,
}: {
  owner: OwnerView;
  pets: PetView[];
  trust: TrustSignals | undefined;
  hidden: boolean;
}) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const own = user?.id === owner.user_id;
  const name = [owner.first_name, owner.last_name].filter(Boolean).join(' ');
  useDocumentTitle(profileTitle(name, owner.location), firstLine(owner.bio));

  const details: DetailItem[] = [
    { key: 'leeftijd', label: LABELS.age, value: owner.age == null ? null : `${owner.age} jaar` },
    {
      key: 'ervaring',
      label: LABELS.ownerExperience,
      value: owner.experience,
      edit: textEdit(
        editTitle(LABELS.ownerExperience),
        LABELS.ownerExperience,
        'experience',
        owner.experience,
      ),
    },
    {
      key: 'talen',
      label: LABELS.languages,
      value: labelList(V.Language, owner.languages),
      edit: choicesEdit(
        editTitle(LABELS.languages),
        LABELS.languages,
        V.Language,
        owner.languages,
        (value) => ({
          languages: value,
        }),
      ),
    },
  ];

  return (
    <FieldEditorProvider canEdit={own}>
      <ProfileShell hidden={hidden} own={own}>
        <ProfileHeader
          name={name}
          avatarUrl={owner.avatar_url}
          location={owner.location}
          badges={<Badge tone="orange">Baasje</Badge>}
          actions={
            // A conversation with the owner as a person, about none of the pets in particular.
            <MessageButton targetUserId={owner.user_id} petFor={() => null} />
          }
          editName={personNameEdit(owner.first_name, owner.last_name)}
          editPhoto={photoEdit(owner.avatar_url, `Foto van ${name}`, (url) => ({
            ownerAvatarUrl: url,
          }))}
        />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <ProfileSection
              title={`Over ${owner.first_name}`}
              edit={textEdit(
                editTitle(LABELS.ownerBio),
                LABELS.ownerBio,
                'ownerBio',
                owner.bio,
                'textarea',
              )}
            >
              <ProfileText text={owner.bio} empty="Nog geen beschrijving." />
            </ProfileSection>
            <ProfileSection title={`Huisdieren van ${owner.first_name}`}>
              {pets.length > 0 ? (
                <ul className="grid gap-4 sm:grid-cols-2">
                  {pets.map((pet) => (
                    <li key={pet.id} className="flex flex-col gap-1">
                      <PetCard pet={pet} />
                      {own && pets.length > 1 && <RemovePetButton petId={pet.id} name={pet.name} />}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-stone-600 italic">Nog geen huisdieren.</p>
              )}
              {own && (
                <div className="mt-4">
                  <AddPetButton open={searchParams.get(ADD_PET_PARAM) !== null} />
                </div>
              )}
            </ProfileSection>
            <ReferencesSection userId={owner.user_id} firstName={owner.first_name} own={own} />
            <LocationSection
              name={name}
              location={owner.location}
              avatarUrl={owner.avatar_url}
              lat={owner.lat}
              lon={owner.lon}
              edit={locationEdit(owner.location, owner.postal_code)}
            />
          </div>
          <div className="flex flex-col gap-6">
            <DetailsCard items={details} />
            <TrustSignalsSection trust={trust} firstName={owner.first_name} />
            <SafeContactNote />
            <TrustActions
              userId={owner.user_id}
              name={name}
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

function PetCard({ pet }: { pet: PetView }) {
  const facts = [V.Species.labels[pet.species], pet.breed, pet.age, labelOf(V.PetSize, pet.size)]
    .filter(Boolean)
    .join(' · ');
  return (
    <Link
      to={paths.pet(pet.id)}
      className="flex h-full items-center gap-4 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200 hover:bg-orange-50 hover:ring-orange-200"
    >
      <ProfileAvatar
        name={pet.name}
        url={pet.avatar_url}
        pet
        decorative
        className="size-16 ring-2"
      />
      <span className="flex min-w-0 flex-col">
        <span className="flex items-center gap-1.5 text-lg font-bold text-stone-900">
          <PawPrint aria-hidden="true" className="size-4 text-orange-700" />
          {pet.name}
        </span>
        {facts && <span className="text-sm text-stone-600">{facts}</span>}
        <span className="text-sm font-semibold text-orange-800">Bekijk profiel</span>
      </span>
    </Link>
  );
}
