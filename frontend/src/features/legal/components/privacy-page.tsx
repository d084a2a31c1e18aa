import { Link } from 'react-router';
import { contact } from '@/config/contact';
import { paths } from '@/config/paths';
import { LegalLayout, LegalSection } from '@/features/legal/components/legal-layout';
import { useOrganisation } from '@/lib/site/get-site-info';

const mail = <a href={`mailto:${contact.email}`}>{contact.email}</a>;

/** `/privacy`: what the platform does with personal data, as the AVG (GDPR) requires. */
export function PrivacyPage() {
  const organisation = useOrganisation();
  return (
    <LegalLayout
      title="Privacyverklaring"
      intro={
        <p>
          Oppasmaatje gaat zorgvuldig om met je persoonsgegevens. We verzamelen niet meer dan nodig
          is om baasjes en oppassers bij elkaar te brengen, verkopen niets door en gebruiken geen
          advertentie- of volgcookies. Hieronder lees je welke gegevens we verwerken, waarom, hoe
          lang we ze bewaren en welke rechten je hebt.
        </p>
      }
    >
      <LegalSection title="1. Wie is verantwoordelijk">
        <p>
          Oppasmaatje wordt beheerd door {organisation}. Zij is verwerkingsverantwoordelijke in de
          zin van de Algemene verordening gegevensbescherming (AVG). Voor alle vragen over privacy
          mail je naar {mail}.
        </p>
      </LegalSection>

      <LegalSection title="2. Welke gegevens we verwerken">
        <ul>
          <li>
            <strong>Accountgegevens</strong>: je e-mailadres, voornaam en achternaam. Log je in met
            Google, dan ontvangen we van Google je naam, e-mailadres, profielfoto en een kenmerk van
            je Google-account. Je wachtwoord krijgen we nooit te zien.
          </li>
          <li>
            <strong>Profielgegevens</strong>: wat je zelf op je profiel invult, zoals een
            beschrijving, je woonplaats en de vier cijfers van je postcode, je ervaring,
            beschikbaarheid, talen en foto&rsquo;s, en als je die invult je telefoonnummer en
            geboortedatum. Baasjes vullen ook gegevens over hun huisdieren in.
          </li>
          <li>
            <strong>Berichten</strong>: de berichten die je via het platform uitwisselt, en of ze
            zijn gelezen.
          </li>
          <li>
            <strong>Zoekopdrachten</strong>: hoe vaak een zoekopdracht op Profielen is gedaan,
            zonder wie hem deed, zodat we de eerste resultaten van veelgezochte zoekopdrachten klaar
            hebben.
          </li>
          <li>
            <strong>Meldingen op je apparaat</strong>: zet je onder Instellingen meldingen aan, dan
            bewaren we per apparaat het adres dat de pushdienst van je browser daarvoor geeft, de
            sleutels waarmee we meldingen versleutelen, de naam van je browser en wanneer je ze
            aanzette, en of je het begin van een bericht in de melding wilt zien.
          </li>
          <li>
            <strong>Afspraken</strong>: de afspraken die je in een gesprek voorstelt of aanneemt
            (wat, wanneer, voor welke huisdieren, een notitie), hoe ze ervoor staan, en of de
            herinnering de dag ervoor is verstuurd. Ben je oppas, dan ook je beschikbaarheid per
            week en de periodes dat je weg bent; die periodes zijn nooit openbaar.
          </li>
          <li>
            <strong>Referenties</strong>: wat je na een afspraak over de ander schrijft en wat de
            ander over jou schrijft. Een referentie wordt pas zichtbaar als jullie allebei hebben
            geschreven of 14 dagen na de afspraak, en staat dan met je voornaam, de soort hulp en de
            maand op het profiel van de ander, nooit met een adres of precieze datum.
          </li>
          <li>
            <strong>Inloggegevens</strong>: eenmalige inlogcodes, die we alleen versleuteld opslaan,
            je sessie, zodat je ingelogd blijft, en de dag waarop je voor het laatst actief was
            (alleen de dag, nooit het tijdstip), zodat profielen op &lsquo;Recent actief&rsquo;
            gesorteerd kunnen worden.
          </li>
          <li>
            <strong>Technische gegevens</strong>: je IP-adres en het type browser, die onze server
            kort in logbestanden bijhoudt om storingen en misbruik op te sporen.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="3. Waarvoor we je gegevens gebruiken">
        <ul>
          <li>
            Om je account aan te maken, je te laten inloggen, je profiel te tonen en je berichten af
            te leveren. Dat is nodig om de overeenkomst uit te voeren die je met ons sluit als je je
            aanmeldt (artikel 6 lid 1 onder b AVG).
          </li>
          <li>
            Om je de e-mails te sturen die bij je account horen, zoals inlogcodes, en (tenzij je die
            uitzet op je dashboard) over nieuwe berichten en je afspraken, met de afspraak als
            agenda-item. Ook dat hoort bij die overeenkomst.
          </li>
          <li>
            Om je meldingen op je apparaat te sturen over nieuwe berichten en je afspraken, als je
            die zelf aanzet. Dat doen we met jouw toestemming (artikel 6 lid 1 onder a AVG), die je
            altijd intrekt door ze weer uit te zetten.
          </li>
          <li>
            Om het platform te beveiligen en misbruik, fraude en spam tegen te gaan. Dat is ons
            gerechtvaardigd belang en dat van alle gebruikers (artikel 6 lid 1 onder f AVG).
          </li>
          <li>Om te voldoen aan wettelijke verplichtingen (artikel 6 lid 1 onder c AVG).</li>
        </ul>
        <p>
          We gebruiken je gegevens niet voor reclame, maken geen marketingprofielen en laten geen
          besluiten over je nemen door alleen een computer.
        </p>
      </LegalSection>

      <LegalSection title="4. Wat anderen van je zien">
        <p>
          Profielen zijn ook zonder account te bekijken. Op je profiel staat wat je daar zelf
          invult: je naam, foto, woonplaats, beschrijving, ervaring en beschikbaarheid, en bij een
          geboortedatum alleen je leeftijd. Zet er daarom niets op wat je niet openbaar wilt maken.
        </p>
        <p>
          Je e-mailadres, telefoonnummer en geboortedatum zijn nooit openbaar en delen we niet met
          andere gebruikers zonder jouw toestemming. Contact loopt via de berichten op het platform;
          of je zelf contactgegevens uitwisselt, bepaal jij.
        </p>
      </LegalSection>

      <LegalSection title="5. Met wie we gegevens delen">
        <ul>
          <li>We verkopen je gegevens nooit, aan niemand.</li>
          <li>
            Voor de hosting van het platform en het versturen van e-mail werken we met
            dienstverleners in Nederland of elders in de Europese Unie. Met hen sluiten we een
            verwerkersovereenkomst: ze mogen je gegevens alleen in onze opdracht gebruiken.
          </li>
          <li>
            Kies je ervoor om in te loggen met Google, dan stuurt je browser je naar Google. Wat
            Google met je gegevens doet, staat in de privacyverklaring van Google.
          </li>
          <li>
            Zet je meldingen op je apparaat aan, dan gaan ze via de pushdienst van je browser: van
            Google (Chrome, Edge en andere), Mozilla (Firefox), Microsoft of Apple (Safari). Die
            dienst ontvangt elke melding versleuteld en kan niet lezen wat erin staat; hij ziet wel
            dat er een melding naar je apparaat gaat, en wanneer. Die diensten kunnen buiten de
            Europese Unie staan.
          </li>
          <li>We verstrekken gegevens aan instanties alleen als de wet ons daartoe verplicht.</li>
        </ul>
      </LegalSection>

      <LegalSection title="6. Waar je gegevens staan">
        <p>
          We slaan al je gegevens op in Nederland of elders in de Europese Unie, en geven ze niet
          door aan landen daarbuiten. Alleen meldingen op je apparaat, als je die aanzet, gaan
          versleuteld via de pushdienst van je browser (zie hierboven).
        </p>
      </LegalSection>

      <LegalSection title="7. Kaarten en postcodes">
        <p>
          Op profielen tonen we een kaartje van de woonplaats. Waar de kaart afbeeldingen toont,
          laadt je browser die rechtstreeks bij OpenStreetMap. Daarbij ziet de OpenStreetMap
          Foundation je IP-adres en welk stukje kaart je bekijkt; hoe zij daarmee omgaan, lees je in
          het{' '}
          <a href="https://osmfoundation.org/wiki/Privacy_Policy">
            privacybeleid van OpenStreetMap
          </a>
          . Dit is het enige verzoek dat onze website vanuit je browser aan een andere partij doet:
          we laden geen lettertypen, statistieken, advertenties, video&rsquo;s of knoppen van
          sociale media van andere websites.
        </p>
        <p>
          Plaatsnamen en postcodes zoeken we op onze eigen server op, met postcodegegevens van{' '}
          <a href="https://www.geonames.org/">GeoNames</a> (licentie{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/deed.nl">CC BY 4.0</a>). Alleen voor
          een plaats die daar niet in staat, kan onze server een openbare kaartdienst raadplegen;
          die krijgt dan alleen de plaatsnaam te zien, niets over jou.
        </p>
      </LegalSection>

      <LegalSection title="8. Cookies">
        <p>We gebruiken drie functionele cookies:</p>
        <ul>
          <li>
            <strong>Een sessiecookie</strong>, die ervoor zorgt dat je ingelogd blijft, hooguit 30
            dagen.
          </li>
          <li>
            <strong>Een inlogcookie</strong>, die een aangevraagde inlogcode aan deze browser
            koppelt. Die blijft hooguit een dag en verdwijnt zodra je bent ingelogd.
          </li>
          <li>
            <strong>Een herkenningscookie</strong>, die 90 dagen onthoudt dat je in deze browser al
            eens met je e-mailadres bent ingelogd. Zo kunnen vreemden die inlogcodes voor jouw adres
            aanvragen, jou niet buitensluiten. Deze cookie blijft staan als je uitlogt; er staat
            geen wachtwoord of code in.
          </li>
        </ul>
        <p>
          We gebruiken geen analytische, tracking- of advertentiecookies, en daarom vragen we je ook
          niet om toestemming voor cookies.
        </p>
        <p>
          Tijdens het aanmaken van je profiel onthoudt je browser daarnaast tijdelijk welk soort
          profiel je kiest en, zolang het tabblad open is, wat je al hebt ingevuld. Na het aanmaken
          bewaart hij een kopie van je profiel zonder je telefoonnummer en geboortedatum. Dat blijft
          allemaal op je eigen apparaat. Ook een bericht dat je schrijft terwijl je geen verbinding
          hebt, bewaart je browser alleen op je apparaat, tot het is verstuurd; daarna verwijdert
          hij het. Lukt versturen niet, dan blijft het staan tot je het opnieuw probeert of
          weghaalt, of tot je uitlogt.
        </p>
      </LegalSection>

      <LegalSection title="9. Hoe lang we gegevens bewaren">
        <ul>
          <li>Inlog- en verificatiecodes: hooguit 24 uur.</li>
          <li>
            Accounts waarvan het e-mailadres niet binnen 14 dagen is bevestigd: die verwijderen we
            daarna automatisch.
          </li>
          <li>Sessies: hooguit 30 dagen. Daarna log je opnieuw in.</li>
          <li>
            Je account, profiel, foto&rsquo;s en berichten: zolang je account bestaat. Verwijder je
            je account, dan wissen we deze gegevens.
          </li>
          <li>
            Bewaarde zoekopdrachten: tot je ze verwijdert (onder Instellingen of met de afmeldlink
            in de e-mail) of je account verwijdert.
          </li>
          <li>Hoe vaak een zoekopdracht is gedaan: tot er een week niet meer op is gezocht.</li>
          <li>
            Apparaten met meldingen: tot je ze uitzet, uitlogt op dat apparaat, de pushdienst laat
            weten dat het adres niet meer bestaat, of je je account verwijdert.
          </li>
          <li>Logbestanden: niet langer dan nodig om storingen en misbruik op te sporen.</li>
        </ul>
      </LegalSection>

      <LegalSection title="10. Beveiliging">
        <p>
          We beveiligen je gegevens met passende technische en organisatorische maatregelen. Alle
          verbindingen zijn versleuteld, inlogcodes slaan we alleen versleuteld op, sessies kunnen
          we op afstand beëindigen en alleen vrijwilligers die dat voor hun taak nodig hebben,
          kunnen bij persoonsgegevens. Gaat er toch iets mis, dan melden we dat zoals de wet
          voorschrijft bij de Autoriteit Persoonsgegevens en, als het jou raakt, ook bij jou.
        </p>
      </LegalSection>

      <LegalSection title="11. Je rechten">
        <p>De AVG geeft je de volgende rechten:</p>
        <ul>
          <li>
            <strong>Inzage</strong>: je mag weten welke gegevens we van je hebben. Onder{' '}
            <Link to={paths.settings}>Instellingen</Link> download je ze zelf, op elk moment.
          </li>
          <li>
            <strong>Correctie</strong>: de meeste gegevens pas je zelf aan op je profiel. Klopt er
            iets anders niet, dan passen wij het aan.
          </li>
          <li>
            <strong>Verwijdering</strong>: onder <Link to={paths.settings}>Instellingen</Link>{' '}
            verwijder je je account zelf, bevestigd met een code per e-mail. Dan verwijderen we
            direct je account, je profiel, de profielen van je huisdieren, je favorieten, je
            bewaarde zoekopdrachten, je apparaten met meldingen, je meldingen en je foto&rsquo;s.
            Berichten die je stuurde blijven bij de ander staan, onder &lsquo;Verwijderd
            account&rsquo;, zonder je naam of foto.
          </li>
          <li>
            <strong>Dataportabiliteit</strong>: &lsquo;Download mijn gegevens&rsquo; onder{' '}
            <Link to={paths.settings}>Instellingen</Link> geeft je je gegevens en foto&rsquo;s in
            een ZIP-bestand met een leesbaar JSON-bestand, dat je kunt bewaren of aan een andere
            dienst kunt geven.
          </li>
          <li>
            <strong>Bezwaar en beperking</strong>: je kunt bezwaar maken tegen verwerking op grond
            van ons gerechtvaardigd belang, of vragen een verwerking tijdelijk stop te zetten.
          </li>
        </ul>
        <p>
          Voor de andere rechten, of als het zelf niet lukt, stuur je een verzoek naar {mail}, het
          liefst vanaf het e-mailadres van je account, zodat we weten dat het van jou komt. We
          reageren binnen een maand.
        </p>
      </LegalSection>

      <LegalSection title="12. Klachten">
        <p>
          Ben je niet tevreden over hoe we met je gegevens omgaan? Laat het ons eerst weten via{' '}
          {mail}, dan zoeken we samen naar een oplossing. Je hebt daarnaast altijd het recht een
          klacht in te dienen bij de{' '}
          <a href="https://www.autoriteitpersoonsgegevens.nl/">Autoriteit Persoonsgegevens</a>.
        </p>
      </LegalSection>

      <LegalSection title="13. Wijzigingen">
        <p>
          Als het platform verandert, kan deze privacyverklaring ook veranderen. Belangrijke
          wijzigingen maken we vooraf bekend op het platform of per e-mail. Bovenaan deze pagina zie
          je wanneer de tekst voor het laatst is bijgewerkt. Lees ook onze{' '}
          <Link to={paths.terms}>algemene voorwaarden</Link>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
