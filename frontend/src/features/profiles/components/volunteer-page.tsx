import { useNavigate } from 'react-router';
import { FavouriteButton } from '@/components/favourites/favourite-button';
import { TrustActions } from '@/components/trust/trust-actions';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { ReferencesSection } from '@/features/appointments/components/references-section';
import { ScheduleSection } from '@/features/appointments/components/schedule-section';
import { useVolunteerPage } from '@/features/profiles/api/get-volunteer-page';
import { MessageButton } from '@/features/profiles/components/message-button';
import {
  choiceEdit,
  choicesEdit,
  locationEdit,
  personNameEdit,
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
import { FieldEditorProvider } from '@/features/profiles/components/use-field-editor';
import { firstLine, profileTitle, useDocumentTitle } from '@/hooks/use-document-title';
import type { components } from '@/lib/api/openapi';
import * as V from '@/lib/api/vocabulary';
import { useAuth } from '@/lib/auth/use-auth';
import { useRecordView } from '@/lib/favourites/favourites';
import { editTitle, LABELS } from '@/lib/profile-labels';
import type { TrustSignals } from '@/lib/profiles/trust-signals';
import { labelList, labelOf, NO_PREFERENCE } from '@/lib/vocabulary';

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
      {(data) => (
        <VolunteerProfile volunteer={data.volunteer} trust={data.trust} hidden={data.hidden} />
      )}
    </ProfileQueryState>
  );
}

function VolunteerProfile({
  volunteer: v,
  trust,
  hidden,
}: {
  volunteer: VolunteerView;
  trust: TrustSignals | undefined;
  hidden: boolean;
}) {
  const { user } = useAuth();
  const navigate = useNavigate();
  useRecordView(v.listing_id);
  const name = [v.first_name, v.last_name].filter(Boolean).join(' ');
  useDocumentTitle(profileTitle(name, v.location), firstLine(v.bio));

  const details: DetailItem[] = [
    { key: 'leeftijd', label: LABELS.age, value: v.age == null ? null : `${v.age} jaar` },
    {
      key: 'ervaring',
      label: LABELS.experience,
      value: labelOf(V.Experience, v.experience),
      edit: choiceEdit(
        editTitle(LABELS.experience),
        LABELS.experience,
        V.Experience,
        v.experience,
        (value) => ({
          experience: value,
        }),
      ),
    },
    {
      key: 'specialiteit',
      label: LABELS.specialties,
      value: labelList(V.Specialty, v.specialties),
      edit: choicesEdit(
        editTitle(LABELS.specialties),
        LABELS.specialties,
        V.Specialty,
        v.specialties,
        (value) => ({ specialties: value }),
      ),
    },
    {
      key: 'ervaringMet',
      label: LABELS.species,
      value: labelList(V.Species, v.species),
      edit: choicesEdit(
        editTitle(LABELS.species),
        LABELS.species,
        V.Species,
        v.species,
        (value) => ({
          species: value,
        }),
      ),
    },
    {
      key: 'talen',
      label: LABELS.languages,
      value: labelList(V.Language, v.languages),
      edit: choicesEdit(
        editTitle(LABELS.languages),
        LABELS.languages,
        V.Language,
        v.languages,
        (value) => ({
          languages: value,
        }),
      ),
    },
    {
      key: 'afstand',
      label: LABELS.maxDistance,
      value: labelOf(V.Distance, v.max_distance) ?? NO_PREFERENCE,
      edit: choiceEdit(
        editTitle(LABELS.maxDistance),
        LABELS.maxDistance,
        V.Distance,
        v.max_distance,
        (value) => ({ maxDistance: value }),
        NO_PREFERENCE,
      ),
    },
    {
      key: 'uurtarief',
      label: LABELS.hourlyRate,
      value: labelOf(V.HourlyRate, v.hourly_rate),
      edit: choiceEdit(
        editTitle(LABELS.hourlyRate),
        LABELS.hourlyRate,
        V.HourlyRate,
        v.hourly_rate,
        (value) => ({
          hourlyRate: value,
        }),
      ),
    },
    {
      key: 'huisdier',
      label: LABELS.hasOwnPet,
      value: labelOf(V.HasOwnPet, v.has_own_pet),
      edit: choiceEdit(
        editTitle(LABELS.hasOwnPet),
        LABELS.hasOwnPet,
        V.HasOwnPet,
        v.has_own_pet,
        (value) => ({ hasOwnPet: value }),
      ),
    },
    {
      key: 'vervoer',
      label: LABELS.transportMode,
      value: labelOf(V.TransportMode, v.transport_mode),
      edit: choiceEdit(
        editTitle(LABELS.transportMode),
        LABELS.transportMode,
        V.TransportMode,
        v.transport_mode,
        (value) => ({
          transportMode: value,
        }),
      ),
    },
  ];

  return (
    <FieldEditorProvider canEdit={user?.id === v.user_id}>
      <ProfileShell hidden={hidden} own={user?.id === v.user_id}>
        <ProfileHeader
          name={name}
          avatarUrl={v.avatar_url}
          location={v.location}
          badges={
            <>
              {v.is_new && <Badge tone="green">Nieuw</Badge>}
              <Badge tone="teal">Vrijwilliger</Badge>
              {v.paused && <Badge tone="stone">Tijdelijk niet beschikbaar</Badge>}
            </>
          }
          actions={
            <div className="flex flex-wrap items-center gap-3 *:first:grow sm:*:first:grow-0">
              <MessageButton
                targetUserId={v.user_id}
                // An owner writes about one of their pets, the first unless they pick another
                // (or none).
                petFor={(own) => (own.type === 'huisdier' ? own.profile.id : null)}
                choosePet
              />
              <FavouriteButton
                listingId={v.listing_id}
                name={name}
                look="page"
                ownerUserId={v.user_id}
              />
            </div>
          }
          editName={personNameEdit(v.first_name, v.last_name)}
          editPhoto={photoEdit(v.avatar_url, `Foto van ${name}`, (url) => ({ avatarUrl: url }))}
        />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <ProfileSection
              title={`Over ${v.first_name}`}
              edit={textEdit(editTitle(LABELS.bio), LABELS.bio, 'bio', v.bio, 'textarea')}
            >
              <ProfileText text={v.bio} empty="Nog geen beschrijving." />
            </ProfileSection>
            <ProfileSection
              title="Beschikbaar voor"
              edit={choicesEdit(
                editTitle(LABELS.availability),
                'Beschikbaar voor',
                V.Availability,
                v.availability,
                (value) => ({ availability: value }),
              )}
            >
              {v.availability.length > 0 ? (
                <BulletList items={v.availability.map((value) => V.Availability.labels[value])} />
              ) : (
                <p className="text-stone-600 italic">Nog geen beschikbaarheid opgegeven.</p>
              )}
            </ProfileSection>
            <ScheduleSection
              firstName={v.first_name}
              week={v.week}
              paused={v.paused}
              own={user?.id === v.user_id}
            />
            <ReferencesSection
              userId={v.user_id}
              firstName={v.first_name}
              own={user?.id === v.user_id}
            />
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
            <TrustSignalsSection trust={trust} firstName={v.first_name} />
            <SafeContactNote />
            <TrustActions
              userId={v.user_id}
              name={name}
              listingId={v.listing_id}
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
