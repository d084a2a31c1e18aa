import { Badge } from '@/components/ui/badge';
import {
  AVAILABILITY_EDIT,
  EXPERIENCE,
  HAS_OWN_PET_EDIT,
  HAS_OWN_PET_WIZARD,
  HOURLY_RATE_EDIT,
  HOURLY_RATE_WIZARD,
  LANGUAGES_EDIT,
  labelOf,
  MAX_DISTANCE_EDIT,
  NO_PREFERENCE,
  SPECIALTIES_EDIT,
  TRANSPORT_MODES,
} from '@/config/profile-options';
import { useVolunteerPage } from '@/features/profiles/api/get-volunteer-page';
import { MessageButton } from '@/features/profiles/components/message-button';
import {
  locationEdit,
  multiselectEdit,
  orNull,
  personNameEdit,
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
import { FieldEditorProvider } from '@/features/profiles/components/use-field-editor';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { components } from '@/lib/api/openapi';
import { useAuth } from '@/lib/auth/use-auth';

type VolunteerView = components['schemas']['VolunteerView'];

export const VOLUNTEER_NOT_FOUND = 'Vrijwilliger niet gevonden';

/** `/vrijwilliger/{volunteerId}`; `volunteerId` null for an id that cannot exist. */
export function VolunteerPage({ volunteerId }: { volunteerId: number | null }) {
  if (volunteerId === null) {
    return <ProfileNotFound title={VOLUNTEER_NOT_FOUND} />;
  }
  return <LoadedVolunteerPage volunteerId={volunteerId} />;
}

function LoadedVolunteerPage({ volunteerId }: { volunteerId: number }) {
  return (
    <ProfileQueryState query={useVolunteerPage(volunteerId)} notFoundTitle={VOLUNTEER_NOT_FOUND}>
      {(data) => <VolunteerProfile volunteer={data.volunteer} />}
    </ProfileQueryState>
  );
}

const distanceOptions = MAX_DISTANCE_EDIT.map((option) => ({
  value: String(option.value),
  label: option.label,
}));

function VolunteerProfile({ volunteer: v }: { volunteer: VolunteerView }) {
  const { user } = useAuth();
  const name = [v.first_name, v.last_name].filter(Boolean).join(' ');
  useDocumentTitle(name);

  const details: DetailItem[] = [
    { key: 'leeftijd', label: 'Leeftijd', value: v.age == null ? null : `${v.age} jaar` },
    {
      key: 'ervaring',
      label: 'Ervaring',
      value: labelOf(EXPERIENCE, v.experience),
      edit: selectEdit('Ervaring bewerken', 'Ervaring', v.experience, EXPERIENCE, (value) => ({
        experience: value,
      })),
    },
    {
      key: 'specialiteit',
      label: 'Specialiteiten',
      value: v.specialties.join(', '),
      edit: multiselectEdit(
        'Specialiteiten bewerken',
        'Specialiteiten',
        v.specialties,
        SPECIALTIES_EDIT,
        (value) => ({ specialties: value }),
      ),
    },
    {
      key: 'talen',
      label: 'Talen',
      value: v.languages.join(', '),
      edit: multiselectEdit('Talen bewerken', 'Talen', v.languages, LANGUAGES_EDIT, (value) => ({
        languages: value,
      })),
    },
    {
      key: 'afstand',
      label: 'Maximale afstand',
      value: v.max_distance == null ? NO_PREFERENCE : `${v.max_distance} km`,
      edit: selectEdit(
        'Maximale afstand bewerken',
        'Maximale afstand',
        v.max_distance == null ? '' : String(v.max_distance),
        distanceOptions,
        (value) => ({ maxDistance: value === null ? null : Number(value) }),
        NO_PREFERENCE,
      ),
    },
    {
      key: 'uurtarief',
      label: 'Uurtarief',
      value: labelOf([...HOURLY_RATE_EDIT, ...HOURLY_RATE_WIZARD], v.hourly_rate),
      edit: selectEdit(
        'Uurtarief bewerken',
        'Uurtarief',
        v.hourly_rate,
        HOURLY_RATE_EDIT,
        (value) => ({ hourlyRate: value }),
      ),
    },
    {
      key: 'huisdier',
      label: 'Eigen huisdier',
      value: labelOf([...HAS_OWN_PET_EDIT, ...HAS_OWN_PET_WIZARD], v.has_own_pet),
      edit: selectEdit(
        'Eigen huisdier bewerken',
        'Eigen huisdier',
        v.has_own_pet,
        HAS_OWN_PET_EDIT,
        (value) => ({ hasOwnPet: value }),
      ),
    },
    {
      key: 'vervoer',
      label: 'Vervoer',
      value: labelOf(TRANSPORT_MODES, v.transport_mode),
      edit: selectEdit(
        'Vervoer bewerken',
        'Vervoer',
        v.transport_mode,
        TRANSPORT_MODES,
        (value) => ({
          transportMode: value,
        }),
      ),
    },
  ];

  return (
    <FieldEditorProvider canEdit={user?.id === v.user_id}>
      <ProfileShell>
        <ProfileHeader
          name={name}
          avatarUrl={v.avatar_url}
          location={v.location}
          badges={
            <>
              {v.is_new && <Badge tone="green">Nieuw</Badge>}
              <Badge tone="teal">Vrijwilliger</Badge>
            </>
          }
          actions={
            <MessageButton
              targetUserId={v.user_id}
              // An owner writes about their pet: the first one, as on the pet page (spec section 2).
              petFor={(own) => (own.type === 'huisdier' ? own.profile.id : null)}
            />
          }
          editName={personNameEdit(v.first_name, v.last_name)}
          editPhoto={photoEdit(v.avatar_url, `Foto van ${name}`, (url) => ({ avatarUrl: url }))}
        />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <ProfileSection
              title={`Over ${v.first_name}`}
              edit={textEdit(
                'Over bewerken',
                'Over',
                v.bio,
                (bio) => ({ bio: orNull(bio) }),
                'textarea',
              )}
            >
              <ProfileText text={v.bio} empty="Nog geen beschrijving." />
            </ProfileSection>
            <ProfileSection
              title="Beschikbaar voor"
              edit={multiselectEdit(
                'Beschikbaarheid bewerken',
                'Beschikbaar voor',
                v.availability,
                AVAILABILITY_EDIT,
                (value) => ({ availability: value }),
              )}
            >
              {v.availability.length > 0 ? (
                <BulletList items={v.availability} />
              ) : (
                <p className="text-stone-600 italic">Nog geen beschikbaarheid opgegeven.</p>
              )}
            </ProfileSection>
            <LocationSection
              name={name}
              location={v.location}
              avatarUrl={v.avatar_url}
              lat={v.lat}
              lon={v.lon}
              edit={locationEdit(v.location, v.postal_code)}
            />
          </div>
          <div className="flex flex-col gap-6">
            <DetailsCard items={details} />
            <SafeContactNote />
          </div>
        </div>
      </ProfileShell>
    </FieldEditorProvider>
  );
}
