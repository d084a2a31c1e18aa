import { Gift, MapPin, MessageCircle, Users } from 'lucide-react';
import { AudiencePage } from '@/features/browse/components/audience-page';
import { SEARCH_PLACEHOLDER } from '@/features/browse/components/browse-filters';
import { volunteerCountLine } from '@/features/browse/components/count-line';

export const VOLUNTEERS_LOAD_ERROR = 'Er ging iets mis bij het laden van de vrijwilligers';

const benefits = [
  {
    icon: Gift,
    title: 'Helemaal gratis',
    text: 'Aanmelden, zoeken en berichten sturen kost niets. Onze oppassers zijn vrijwilligers die het doen uit liefde voor dieren.',
  },
  {
    icon: MapPin,
    title: 'Vrijwilligers bij jou in de buurt',
    text: 'Zoek op naam, plaats of wat iemand over zichzelf vertelt, en vind een oppas die dichtbij woont en je huisdier kan leren kennen.',
  },
  {
    icon: MessageCircle,
    title: 'Contact via het platform',
    text: 'Je berichten lopen via Oppasmaatje. Je telefoonnummer en adres deel je pas als jij dat wilt, op je eigen moment.',
  },
] as const;

/** `/voor-baasjes`: for owners, the volunteers who offer to sit. */
export function OwnersPage() {
  return (
    <AudiencePage
      title="Voor Baasjes"
      description="Een lieve oppas voor je huisdier, gewoon in je buurt: vind gratis vrijwilligers die helpen met uitlaten, oppassen en logeren."
      intro={
        <p>
          Een lieve oppas voor je huisdier, gewoon in je buurt. Of het nu gaat om een dagelijkse
          wandeling of een logeerplek in de vakantie: hier vind je vrijwilligers die graag helpen.
        </p>
      }
      search={{ label: 'Zoek een vrijwilliger', placeholder: SEARCH_PLACEHOLDER }}
      benefits={{ title: 'Zo vind je rustig de juiste oppas', items: benefits }}
      type="vrijwilliger"
      list={{
        title: 'Vrijwilligers die graag helpen',
        loading: 'Vrijwilligers laden...',
        error: VOLUNTEERS_LOAD_ERROR,
        countLine: volunteerCountLine,
        none: {
          icon: Users,
          title: 'Nog geen vrijwilligers',
          description:
            'Er hebben zich nog geen vrijwilligers aangemeld. Kijk snel weer eens, of bekijk alvast de andere profielen.',
          action: 'Alle profielen bekijken',
        },
      }}
      cta={{
        title: 'Klaar om een oppas te vinden?',
        text: 'Maak gratis een profiel aan voor je huisdier. Vrijwilligers in de buurt zien dan wie er op ze wacht.',
      }}
    />
  );
}
