import { Link } from 'react-router';
import { contact } from '@/config/contact';
import { paths } from '@/config/paths';
import { LegalLayout, LegalSection } from '@/features/legal/components/legal-layout';
import { useOrganisation } from '@/lib/site/get-site-info';

const mail = <a href={`mailto:${contact.email}`}>{contact.email}</a>;

/** `/voorwaarden`: the terms every user accepts when signing up. */
export function TermsPage() {
  const organisation = useOrganisation();
  return (
    <LegalLayout
      title="Algemene voorwaarden"
      intro={
        <p>
          Deze voorwaarden gelden voor iedereen die Oppasmaatje gebruikt: als baasje, als oppas of
          als bezoeker. Door een account aan te maken ga je ermee akkoord. We hebben ze zo helder
          mogelijk opgeschreven. Is er toch iets onduidelijk, mail ons dan via {mail}.
        </p>
      }
    >
      <LegalSection title="1. Wie we zijn">
        <p>
          Oppasmaatje is een online platform dat baasjes (eigenaren van huisdieren) en vrijwillige
          oppassers met elkaar in contact brengt. Het platform wordt beheerd door {organisation}{' '}
          (hierna: &lsquo;Oppasmaatje&rsquo;, &lsquo;wij&rsquo; of &lsquo;ons&rsquo;). Je bereikt
          ons via {mail}.
        </p>
      </LegalSection>

      <LegalSection title="2. Begrippen">
        <ul>
          <li>
            <strong>Platform</strong>: de website Oppasmaatje en alles wat je daarop kunt doen.
          </li>
          <li>
            <strong>Gebruiker</strong>: iedereen met een account op het platform.
          </li>
          <li>
            <strong>Baasje</strong>: een gebruiker met een profiel voor zijn of haar huisdier, die
            een oppas zoekt.
          </li>
          <li>
            <strong>Oppas</strong>: een gebruiker met een vrijwilligersprofiel, die wil oppassen op
            de huisdieren van anderen.
          </li>
          <li>
            <strong>Afspraak</strong>: alles wat een baasje en een oppas samen afspreken over de
            zorg voor een huisdier.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="3. Wat Oppasmaatje wel en niet doet">
        <ul>
          <li>
            We bieden een plek waar baasjes en oppassers elkaar kunnen vinden en elkaar berichten
            kunnen sturen.
          </li>
          <li>
            We zijn geen partij bij de afspraken tussen baasjes en oppassers. We plannen niets in en
            zijn geen werkgever, uitzendbureau of oppasdienst.
          </li>
          <li>
            We grijpen in bij meldingen van misbruik, maar we controleren profielen niet vooraf en
            kunnen niet garanderen dat alles klopt wat gebruikers over zichzelf vertellen. Maak
            daarom altijd eerst kennis voordat je iets afspreekt.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="4. Gratis gebruik">
        <p>
          Aanmelden, profielen bekijken, zoeken en berichten sturen zijn gratis. Oppasmaatje rekent
          geen commissie, abonnementsgeld of andere kosten en toont geen advertenties.
        </p>
        <p>
          Een oppas mag op zijn of haar profiel aangeven gratis op te passen of een vergoeding te
          vragen. Afspraken over een vergoeding maken baasje en oppas samen, buiten Oppasmaatje om.
          Wij ontvangen daar niets van en zijn er niet verantwoordelijk voor.
        </p>
      </LegalSection>

      <LegalSection title="5. Je account">
        <ul>
          <li>Je moet 18 jaar of ouder zijn om een account aan te maken.</li>
          <li>
            Je meldt je aan met een Google-account of met je e-mailadres en een eenmalige code. Houd
            de toegang tot dat e-mailadres of Google-account voor jezelf.
          </li>
          <li>Je hebt één account met één profiel: als baasje of als oppas.</li>
          <li>Je vult je profiel naar waarheid in en houdt het actueel.</li>
          <li>
            Je bent verantwoordelijk voor wat er via jouw account gebeurt. Merk je dat iemand anders
            je account gebruikt, laat het ons dan meteen weten.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="6. Oppassers zijn vrijwilligers">
        <p>
          Oppassers helpen vrijwillig. Ze zijn geen werknemers, opdrachtnemers of vertegenwoordigers
          van Oppasmaatje, en ook niet van het baasje. Een oppas beslist zelf of, wanneer en hoe
          vaak hij of zij oppast, mag een verzoek altijd weigeren en kan een afspraak in goed
          overleg beëindigen.
        </p>
      </LegalSection>

      <LegalSection title="7. Verantwoordelijkheid van baasjes">
        <ul>
          <li>Je blijft zelf verantwoordelijk voor je huisdier, ook als een oppas ervoor zorgt.</li>
          <li>
            Je vertelt de oppas vooraf alles wat nodig is voor een veilige verzorging: gezondheid,
            medicijnen, gedrag, angsten en allergieën van je dier, en hoe de oppas jou en je
            dierenarts in een noodgeval bereikt.
          </li>
          <li>
            Je zorgt dat je huisdier is gevaccineerd, gechipt en geregistreerd waar dat wettelijk
            verplicht is.
          </li>
          <li>
            Je regelt zelf een passende verzekering, zoals een aansprakelijkheidsverzekering die
            schade door je huisdier dekt. Vraag bij je verzekeraar na of die schade ook gedekt is
            terwijl iemand anders op je dier past.
          </li>
          <li>
            Kosten voor voer, dierenarts en andere zaken van je huisdier zijn voor jouw rekening.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="8. Verantwoordelijkheid van oppassers">
        <ul>
          <li>
            Je zorgt met aandacht voor het dier dat je wordt toevertrouwd en volgt de afspraken en
            instructies van het baasje.
          </li>
          <li>
            Je zegt alleen toe wat je echt kunt waarmaken, en laat het baasje op tijd weten als je
            verhinderd bent.
          </li>
          <li>
            Bij ziekte, een ongeluk of een ander noodgeval neem je direct contact op met het baasje
            en zo nodig met een dierenarts.
          </li>
          <li>
            Vraag bij je eigen aansprakelijkheidsverzekering na of schade die je tijdens het
            oppassen veroorzaakt, gedekt is.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="9. Contact via het platform">
        <ul>
          <li>Contact tussen gebruikers begint altijd via de berichten op Oppasmaatje.</li>
          <li>
            We delen je e-mailadres, telefoonnummer en geboortedatum nooit met andere gebruikers
            zonder jouw toestemming. Of en wanneer je zelf contactgegevens uitwisselt, bepaal jij.
          </li>
          <li>
            Deel nooit bankgegevens, wachtwoorden of inlogcodes met andere gebruikers. Oppasmaatje
            vraagt je daar ook nooit om.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="10. Gedragsregels">
        <p>Op Oppasmaatje gaan we respectvol met elkaar om. Het is niet toegestaan om:</p>
        <ul>
          <li>
            onjuiste of misleidende gegevens te gebruiken, of de gegevens of foto&rsquo;s van een
            ander;
          </li>
          <li>
            anderen lastig te vallen, te bedreigen of te discrimineren, of ongevraagd berichten te
            blijven sturen;
          </li>
          <li>
            het platform te gebruiken voor reclame, verkoop (ook van dieren), fondsenwerving of
            andere commerciële doelen;
          </li>
          <li>
            gegevens van andere gebruikers te verzamelen of te kopiëren, met de hand of
            geautomatiseerd;
          </li>
          <li>het platform te verstoren, te misbruiken of de beveiliging ervan te omzeilen.</li>
        </ul>
        <p>Zie je iets wat niet deugt? Meld het ons via {mail}.</p>
      </LegalSection>

      <LegalSection title="11. Wat je op het platform zet">
        <p>
          Teksten en foto&rsquo;s die je plaatst, blijven van jou. Je geeft Oppasmaatje toestemming
          om ze op het platform te tonen zolang ze op je profiel staan. Plaats alleen materiaal
          waarvoor je de rechten hebt, en foto&rsquo;s van andere mensen alleen met hun toestemming.
          We mogen inhoud verwijderen die in strijd is met deze voorwaarden of met de wet.
        </p>
      </LegalSection>

      <LegalSection title="12. Maatregelen">
        <p>
          Houd je je niet aan deze voorwaarden, dan kunnen we inhoud verwijderen, je profiel
          verbergen of je account tijdelijk of definitief blokkeren. We doen dat in verhouding tot
          wat er is gebeurd en laten je, waar dat kan, weten waarom.
        </p>
      </LegalSection>

      <LegalSection title="13. Aansprakelijkheid">
        <ul>
          <li>
            Afspraken over oppassen maak je op eigen verantwoordelijkheid. Oppasmaatje is niet
            aansprakelijk voor schade die bij of door het oppassen ontstaat, zoals schade aan of
            door een huisdier, aan spullen of aan personen.
          </li>
          <li>
            We doen ons best om het platform goed en veilig te laten werken, maar kunnen niet
            garanderen dat het altijd zonder onderbreking of fouten beschikbaar is.
          </li>
          <li>
            Deze beperkingen gelden niet voor schade die het gevolg is van opzet of bewuste
            roekeloosheid van Oppasmaatje.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="14. Je account verwijderen">
        <p>
          Je kunt je account op ieder moment zelf verwijderen onder{' '}
          <Link to={paths.settings}>Instellingen</Link>, of door ons te mailen vanaf het e-mailadres
          van je account. We verwijderen dan je account, je profiel, de profielen van je huisdieren
          en je foto&rsquo;s, zoals beschreven in onze{' '}
          <Link to={paths.privacy}>privacyverklaring</Link>.
        </p>
      </LegalSection>

      <LegalSection title="15. Wijzigingen">
        <p>
          We kunnen deze voorwaarden aanpassen, bijvoorbeeld als het platform verandert of de wet
          dat vraagt. Belangrijke wijzigingen maken we vooraf bekend op het platform of per e-mail.
          Gebruik je Oppasmaatje daarna nog, dan gelden de nieuwe voorwaarden. Ben je het er niet
          mee eens, dan kun je je account verwijderen.
        </p>
      </LegalSection>

      <LegalSection title="16. Toepasselijk recht">
        <p>
          Op deze voorwaarden en op het gebruik van Oppasmaatje is Nederlands recht van toepassing.
          Komen we er samen niet uit, dan is de bevoegde rechter in Nederland aan zet. Je rechten
          als consument blijven daarbij altijd behouden.
        </p>
      </LegalSection>

      <LegalSection title="17. Vragen">
        <p>
          Heb je vragen over deze voorwaarden? Mail ons via {mail}. Hoe we met je persoonsgegevens
          omgaan, lees je in onze <Link to={paths.privacy}>privacyverklaring</Link>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
