import { CalendarCheck, HeartHandshake, PawPrint, UserPlus } from 'lucide-react';
import { AudiencePage } from '@/features/browse/components/audience-page';
import { petCountLine } from '@/features/browse/components/count-line';

export const PET_SEARCH_PLACEHOLDER = 'Zoek op naam, locatie of ras...';

const benefits = [
  {
    icon: UserPlus,
    title: 'Gratis vrijwilligersprofiel',
    text: 'Maak gratis een profiel aan als vrijwillige oppas. Vertel wie je bent, wat je ervaring is en met welke dieren je graag op pad gaat.',
  },
  {
    icon: CalendarCheck,
    title: 'Jij kiest wanneer',
    text: 'Je geeft zelf aan wanneer je beschikbaar bent: een avond in de week, een weekend of alleen in de vakantie. Je zit nergens aan vast.',
  },
  {
    icon: HeartHandshake,
    title: 'Lokale connecties',
    text: 'Leer baasjes en hun huisdieren bij jou in de buurt kennen. Zo word je misschien wel het vaste wandelmaatje van de hond om de hoek.',
  },
] as const;

/** `/voor-oppassers`: for sitters, the pets that look for care. */
export function VolunteersPage() {
  return (
    <AudiencePage
      title="Voor Oppassers"
      description="Houd je van dieren? Vind huisdieren bij jou in de buurt die blij worden van een wandeling, een knuffel of een logeerplek."
      intro={
        <p>
          Houd je van dieren en heb je af en toe tijd over? Zoek een huisdier bij jou in de buurt
          dat blij wordt van een wandeling, een knuffel of een logeerplek.
        </p>
      }
      search={{ label: 'Zoek een huisdier', placeholder: PET_SEARCH_PLACEHOLDER }}
      benefits={{ title: 'Waarom oppassen via Oppasmaatje?', items: benefits }}
      type="huisdier"
      list={{
        title: 'Huisdieren die jouw zorg zoeken',
        loading: 'Huisdieren laden...',
        error: 'Er ging iets mis bij het laden van de huisdieren',
        countLine: petCountLine,
        none: {
          icon: PawPrint,
          title: 'Nog geen huisdieren',
          description:
            'Er zoeken op dit moment nog geen huisdieren een oppas. Kijk snel weer eens, of bekijk alvast de andere profielen.',
          action: 'Alle profielen bekijken',
        },
      }}
      cta={{
        title: 'Klaar om een huisdier blij te maken?',
        text: 'Maak gratis je profiel aan als oppas. Baasjes in de buurt kunnen je dan via het platform een bericht sturen.',
      }}
    />
  );
}
