//! The Dutch text and HTML of every e-mail. Codes are shown large and on their own, easy to copy.

use chrono::{DateTime, Utc};
use oppas_domain::appointments::calendar::{afspraak_event, conversation_address};
use oppas_domain::kernel::clock::dutch_span;
use oppas_domain::mail::message::{AfspraakNews, MailMessage};

/// A rendered e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Subject line.
    pub subject: String,
    /// Plain-text body.
    pub text: String,
    /// HTML body.
    pub html: String,
    /// The one-click unsubscribe address (`List-Unsubscribe`, RFC 8058), for mails someone
    /// subscribed to.
    pub unsubscribe: Option<String>,
    /// A calendar item (iCalendar, RFC 5545) attached as `afspraak.ics`.
    pub calendar: Option<String>,
}

fn greeting(first_name: Option<&str>) -> String {
    match first_name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => format!("Hoi {name},"),
        None => "Hoi,".to_owned(),
    }
}

/// A count as Dutch writes it: `1.000`, as the web app shows it.
fn dutch_number(n: impl std::fmt::Display) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(digit);
    }
    out
}

const NOT_YOU: &str = "Heb je hier niet om gevraagd? Dan hoef je niets te doen: zonder de code kan niemand inloggen. \
Deel deze code nooit met anderen; Oppasmaatje vraagt je er nooit naar.";

/// The footer of the code that deletes an account: it signs nobody in.
const NOT_YOU_DELETION: &str = "Heb je hier niet om gevraagd? Dan hoef je niets te doen: zonder de code wordt er niets verwijderd. \
Deel deze code nooit met anderen; Oppasmaatje vraagt je er nooit naar.";

/// The footer of a mail that carries no code.
const NOT_YOU_WITHOUT_CODE: &str = "Heb je hier niet om gevraagd? Dan hoef je niets te doen.";

/// The line above a code mail's sign-in link.
const LINK_INTRO: &str = "Of gebruik deze link, op elk apparaat. Ook die werkt één keer en 10 minuten:";

/// The words of a code mail's sign-in link.
const LINK_BUTTON: &str = "Inloggen bij Oppasmaatje";

/// The HTML of every mail: the paragraphs, a code shown large, a sign-in button and the footer.
#[derive(askama::Template)]
#[template(path = "mail.html")]
struct MailPage<'a> {
    greeting: &'a str,
    paragraphs: &'a [&'a str],
    code: Option<&'a str>,
    link: Option<&'a str>,
    link_intro: &'a str,
    link_button: &'a str,
    footer: &'a str,
}

fn html_page(greeting: &str, paragraphs: &[&str], code: Option<&str>, footer: &str) -> String {
    html_page_with_link(greeting, paragraphs, code, None, footer)
}

fn html_page_with_link(
    greeting: &str,
    paragraphs: &[&str],
    code: Option<&str>,
    link: Option<&str>,
    footer: &str,
) -> String {
    let page = MailPage {
        greeting,
        paragraphs,
        code,
        link,
        link_intro: LINK_INTRO,
        link_button: LINK_BUTTON,
        footer,
    };
    // Writing into a String fails only when a value's Display fails, and these are all strings.
    askama::Template::render(&page).unwrap_or_default()
}

fn code_mail(subject: &str, first_name: Option<&str>, intro: &str, code: &str, link: Option<&str>) -> Rendered {
    code_mail_with(subject, first_name, intro, code, link, NOT_YOU)
}

/// [`code_mail`] with its own footer, `not_you`.
fn code_mail_with(
    subject: &str,
    first_name: Option<&str>,
    intro: &str,
    code: &str,
    link: Option<&str>,
    not_you: &str,
) -> Rendered {
    let greeting = greeting(first_name);
    let link_lines = link.map_or_else(String::new, |link| format!("{LINK_INTRO}\n{link}\n\n"));
    Rendered {
        subject: subject.to_owned(),
        text: format!(
            "{greeting}\n\n{intro}\n\n    {code}\n\nDe code is 10 minuten geldig en werkt één keer.\n\n{link_lines}{not_you}\n\nGroet,\nOppasmaatje\n"
        ),
        html: html_page_with_link(&greeting, &[intro], Some(code), link, not_you),
        unsubscribe: None,
        calendar: None,
    }
}

/// A code mail's one-time sign-in link: the token in the fragment, which a browser never sends,
/// so that it is in no server's or proxy's log.
fn sign_in_link(public_url: &str, token: Option<&str>) -> Option<String> {
    token.map(|token| format!("{}/inloggen/link#{token}", public_url.trim_end_matches('/')))
}

/// Renders `message` at `now` (UTC); `public_url` is the site's address for links.
#[must_use]
pub fn render(message: &MailMessage, public_url: &str, now: DateTime<Utc>) -> Rendered {
    match message {
        MailMessage::RegistrationCode { first_name, code, link } => code_mail(
            &format!("{code} is je code voor Oppasmaatje"),
            first_name.as_deref(),
            "Welkom bij Oppasmaatje! Vul deze code in om je e-mailadres te bevestigen:",
            code,
            sign_in_link(public_url, link.as_deref()).as_deref(),
        ),
        MailMessage::LoginCode { first_name, code, link } => code_mail(
            &format!("{code} is je inlogcode voor Oppasmaatje"),
            first_name.as_deref(),
            "Vul deze code in om in te loggen bij Oppasmaatje:",
            code,
            sign_in_link(public_url, link.as_deref()).as_deref(),
        ),
        MailMessage::DeletionCode { first_name, code } => code_mail_with(
            &format!("{code} is je code om je account te verwijderen"),
            first_name.as_deref(),
            "Je vroeg om je account bij Oppasmaatje te verwijderen. Vul deze code in om dat te bevestigen; \
             je profiel, huisdieren, favorieten en foto's worden dan definitief verwijderd:",
            code,
            None,
            NOT_YOU_DELETION,
        ),
        MailMessage::AlreadyRegistered { first_name } => {
            let greeting = greeting(first_name.as_deref());
            let line = format!(
                "Iemand probeerde een account aan te maken met dit e-mailadres, maar je hebt al een account. \
                 Log in op {public_url}/inloggen met een code per e-mail."
            );
            Rendered {
                subject: "Je hebt al een account bij Oppasmaatje".to_owned(),
                text: format!("{greeting}\n\n{line}\n\n{NOT_YOU_WITHOUT_CODE}\n\nGroet,\nOppasmaatje\n"),
                html: html_page(&greeting, &[&line], None, NOT_YOU_WITHOUT_CODE),
                unsubscribe: None,
                calendar: None,
            }
        }
        MailMessage::NoAccount => {
            let greeting = greeting(None);
            let line = format!(
                "Iemand vroeg een inlogcode aan voor dit e-mailadres, maar er is nog geen account mee gemaakt. \
                 Een gratis account maak je op {public_url}/email-registreren."
            );
            Rendered {
                subject: "Inloggen bij Oppasmaatje".to_owned(),
                text: format!("{greeting}\n\n{line}\n\n{NOT_YOU_WITHOUT_CODE}\n\nGroet,\nOppasmaatje\n"),
                html: html_page(&greeting, &[&line], None, NOT_YOU_WITHOUT_CODE),
                unsubscribe: None,
                calendar: None,
            }
        }
        MailMessage::NewMessage {
            first_name,
            sender_first_name,
            conversation_id,
        } => {
            let greeting = greeting(first_name.as_deref());
            let line = format!("{sender_first_name} heeft je een bericht gestuurd op Oppasmaatje.");
            let link = format!("Lees en beantwoord het op {public_url}/berichten?conversation={conversation_id}");
            let settings = "Wil je deze e-mails niet meer ontvangen? Zet ze uit op je dashboard.";
            let privacy = "Antwoord altijd via Oppasmaatje: zo blijven je gegevens privé.";
            Rendered {
                subject: format!("Nieuw bericht van {sender_first_name}"),
                text: format!("{greeting}\n\n{line}\n\n{link}\n\n{privacy}\n\n{settings}\n\nGroet,\nOppasmaatje\n"),
                html: html_page(&greeting, &[&line, &link, privacy], None, settings),
                unsubscribe: None,
                calendar: None,
            }
        }
        MailMessage::AccountSuspended {
            first_name,
            suspended_first_name,
            conversation_id,
        } => {
            let greeting = greeting(first_name.as_deref());
            let warning = oppas_domain::sign_in::suspension::warning(suspended_first_name);
            let contact = format!(
                "Mail ons op {}, of lees het gesprek terug op {public_url}/berichten?conversation={conversation_id}",
                oppas_domain::kernel::organisation::CONTACT_ADDRESS
            );
            let why = format!(
                "Je krijgt deze e-mail omdat dit account je de afgelopen {} dagen via Oppasmaatje schreef.",
                oppas_domain::sign_in::suspension::WARN_DAYS
            );
            Rendered {
                subject: format!("Let op: het account van {suspended_first_name} is geschorst"),
                text: format!("{greeting}\n\n{warning}\n\n{contact}\n\n{why}\n\nGroet,\nOppasmaatje\n"),
                html: html_page(&greeting, &[&warning, &contact], None, &why),
                unsubscribe: None,
                calendar: None,
            }
        }
        MailMessage::Afspraak {
            first_name,
            other_first_name: other,
            news,
            help,
            starts_at,
            ends_at,
            conversation_id,
            appointment_id,
        } => {
            let greeting = greeting(first_name.as_deref());
            let help_kind = help;
            let help = help.label();
            let when = dutch_span(*starts_at, *ends_at);
            let address = conversation_address(public_url, *conversation_id);
            let subject = news.headline(other, help);
            let (line, link) = match news {
                AfspraakNews::Proposed => (
                    format!("{other} stelt een afspraak voor op Oppasmaatje: {help}, {when}."),
                    format!("Accepteer of beantwoord het voorstel in jullie gesprek: {address}"),
                ),
                AfspraakNews::Accepted => (
                    format!("{other} heeft je voorstel geaccepteerd: {help}, {when}."),
                    format!("De afspraak zit als agenda-item bij deze e-mail. Jullie gesprek: {address}"),
                ),
                AfspraakNews::Settled => (
                    format!("Je hebt het voorstel van {other} geaccepteerd: {help}, {when}."),
                    format!("De afspraak zit als agenda-item bij deze e-mail. Jullie gesprek: {address}"),
                ),
                AfspraakNews::Cancelled => (
                    format!("{other} heeft de afspraak geannuleerd: {help}, {when}."),
                    format!("Lees waarom in jullie gesprek: {address}"),
                ),
                AfspraakNews::Reminder => (
                    format!("Denk je aan je afspraak met {other}? {help}, {when}."),
                    format!("Iets veranderd? Laat het weten in jullie gesprek: {address}"),
                ),
            };
            let settings = "Wil je deze e-mails niet meer ontvangen? Zet ze uit op je dashboard.";
            let privacy = "Spreek alles af via Oppasmaatje: zo blijven je gegevens privé.";
            Rendered {
                subject,
                text: format!("{greeting}\n\n{line}\n\n{link}\n\n{privacy}\n\n{settings}\n\nGroet,\nOppasmaatje\n"),
                html: html_page(&greeting, &[&line, &link, privacy], None, settings),
                unsubscribe: None,
                calendar: news.with_calendar_item().then(|| {
                    let event = afspraak_event(
                        public_url,
                        *appointment_id,
                        *conversation_id,
                        *help_kind,
                        other,
                        *starts_at,
                        *ends_at,
                    );
                    crate::calendar::ics(std::slice::from_ref(&event), None, now)
                }),
            }
        }
        MailMessage::NewMatches {
            first_name,
            label,
            address,
            cards,
            more,
            more_capped,
            unsubscribe,
        } => {
            let greeting = greeting(first_name.as_deref());
            let count = cards.len() + usize::try_from(*more).unwrap_or(usize::MAX);
            let plus = if *more_capped { "+" } else { "" };
            let counted = format!("{}{plus}", dutch_number(count));
            let intro = if count == 1 && !*more_capped {
                format!("Er is 1 nieuw profiel voor je zoekopdracht '{label}':")
            } else {
                format!("Er zijn {counted} nieuwe profielen voor je zoekopdracht '{label}':")
            };
            let lines: Vec<String> = cards
                .iter()
                .map(|card| {
                    let kind = match card.kind {
                        oppas_domain::kernel::enums::ProfileType::Huisdier => "huisdier",
                        oppas_domain::kernel::enums::ProfileType::Vrijwilliger => "oppas",
                    };
                    let place = if card.location.trim().is_empty() {
                        String::new()
                    } else {
                        format!(" in {}", card.location.trim())
                    };
                    format!("{} ({kind}{place}): {public_url}{}", card.name, card.path)
                })
                .collect();
            let rest = if *more > 0 || *more_capped {
                let more = format!("{}{plus}", dutch_number(*more));
                format!("En nog {more} meer. ")
            } else {
                String::new()
            };
            let search = if address.is_empty() {
                format!("{public_url}/profielen")
            } else {
                format!("{public_url}/profielen?{address}")
            };
            let all = format!("{rest}Bekijk alles op {search}");
            let stop_page = format!("{public_url}/zoekopdracht-afmelden?token={unsubscribe}");
            let stop = format!("Geen e-mails meer voor deze zoekopdracht? Meld je af: {stop_page}");
            let mut paragraphs: Vec<&str> = vec![&intro];
            paragraphs.extend(lines.iter().map(String::as_str));
            paragraphs.push(&all);
            Rendered {
                subject: if count == 1 && !*more_capped {
                    format!("Nieuw profiel voor '{label}'")
                } else {
                    format!("{counted} nieuwe profielen voor '{label}'")
                },
                text: format!(
                    "{greeting}\n\n{intro}\n\n{}\n\n{all}\n\n{stop}\n\nGroet,\nOppasmaatje\n",
                    lines
                        .iter()
                        .map(|line| format!("- {line}"))
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
                html: html_page(&greeting, &paragraphs, None, &stop),
                unsubscribe: Some(format!(
                    "{public_url}/api/saved-searches/unsubscribe?token={unsubscribe}"
                )),
                calendar: None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use icalendar::Component;

    /// Renders `message` at 2026-11-22 12:00 UTC.
    fn render(message: &MailMessage, public_url: &str) -> Rendered {
        let now = chrono::NaiveDate::from_ymd_opt(2026, 11, 22)
            .and_then(|day| day.and_hms_opt(12, 0, 0))
            .unwrap_or_default()
            .and_utc();
        super::render(message, public_url, now)
    }

    #[test]
    fn a_code_mail_shows_the_code_in_the_subject_text_and_html() {
        let mail = render(
            &MailMessage::RegistrationCode {
                first_name: Some("Sanne".into()),
                code: "048213".into(),
                link: None,
            },
            "http://x",
        );
        assert_eq!(mail.subject, "048213 is je code voor Oppasmaatje");
        assert!(mail.text.starts_with("Hoi Sanne,"));
        assert!(mail.text.contains("\n    048213\n"));
        assert!(mail.html.contains(">048213</p>"));
        assert!(mail.text.contains("Heb je hier niet om gevraagd?"));
    }

    #[test]
    fn a_code_mail_carries_its_sign_in_link_with_the_token_in_the_fragment() {
        let token = "ab".repeat(32);
        let mail = render(
            &MailMessage::LoginCode {
                first_name: None,
                code: "048213".into(),
                link: Some(token.clone()),
            },
            "https://oppasmaatje.nl/",
        );
        let link = format!("https://oppasmaatje.nl/inloggen/link#{token}");
        assert!(mail.text.contains(&format!("{LINK_INTRO}\n{link}\n")), "{}", mail.text);
        assert!(mail.html.contains(&format!("href=\"{link}\"")), "{}", mail.html);
        assert!(mail.html.contains(LINK_BUTTON));
        let deletion = render(
            &MailMessage::DeletionCode {
                first_name: None,
                code: "048213".into(),
            },
            "https://oppasmaatje.nl",
        );
        assert!(
            !deletion.text.contains("/inloggen/link"),
            "a deletion is confirmed with its code only"
        );
        assert!(
            !deletion.text.contains("inloggen"),
            "it signs nobody in: {}",
            deletion.text
        );
        assert!(deletion.text.contains("zonder de code wordt er niets verwijderd"));
        assert!(deletion.html.contains("zonder de code wordt er niets verwijderd"));
    }

    fn afspraak(news: AfspraakNews, other: &str) -> MailMessage {
        let at = |day: u32, hour: u32| {
            chrono::NaiveDate::from_ymd_opt(2026, 12, day)
                .and_then(|d| d.and_hms_opt(hour, 0, 0))
                .unwrap_or_default()
                .and_utc()
        };
        MailMessage::Afspraak {
            first_name: Some("Lotte".into()),
            other_first_name: other.into(),
            news,
            help: oppas_domain::kernel::enums::AppointmentKind::Uitlaten,
            starts_at: at(5, 8),
            ends_at: at(5, 9),
            conversation_id: oppas_domain::ConversationId(31),
            appointment_id: oppas_domain::AppointmentId(4),
        }
    }

    #[test]
    fn an_afspraak_mail_names_the_help_and_the_dutch_time_and_links_to_the_conversation() {
        let mail = render(&afspraak(AfspraakNews::Proposed, "Sanne"), "https://oppasmaatje.nl");
        assert_eq!(mail.subject, "Sanne stelt een afspraak voor");
        assert!(
            mail.text.contains(
                "Sanne stelt een afspraak voor op Oppasmaatje: Uitlaten, zaterdag 5 december 2026, 09:00 – 10:00."
            ),
            "{}",
            mail.text
        );
        assert!(mail.text.contains("https://oppasmaatje.nl/berichten?conversation=31"));
        assert_eq!(mail.calendar, None, "not agreed yet");
        let cancelled = render(&afspraak(AfspraakNews::Cancelled, "Sanne"), "https://oppasmaatje.nl");
        assert_eq!(cancelled.subject, "Sanne heeft de afspraak geannuleerd");
        assert_eq!(cancelled.calendar, None);
        for (news, subject) in [
            (AfspraakNews::Accepted, "Sanne heeft je afspraak geaccepteerd"),
            (AfspraakNews::Settled, "Je afspraak met Sanne staat vast"),
            (AfspraakNews::Reminder, "Herinnering: Uitlaten met Sanne"),
        ] {
            let mail = render(&afspraak(news, "Sanne"), "https://oppasmaatje.nl");
            assert_eq!(mail.subject, subject);
            assert!(mail.calendar.is_some(), "{subject}");
        }
    }

    #[test]
    fn an_agreed_afspraak_is_a_calendar_item_in_utc_with_escaped_text_and_folded_lines() {
        let long = "Anna-Maria Wilhelmina Theodora van den Berg-Oosterhuis, zuster";
        let mail = render(&afspraak(AfspraakNews::Accepted, long), "https://oppasmaatje.nl:8443/x");
        let ics = mail.calendar.unwrap_or_default();
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"), "{ics}");
        assert!(ics.ends_with("END:VEVENT\r\nEND:VCALENDAR\r\n"));
        assert!(ics.contains("\r\nUID:afspraak-4@oppasmaatje.nl\r\n"), "{ics}");
        assert!(ics.contains("\r\nDTSTART:20261205T080000Z\r\n"), "{ics}");
        assert!(ics.contains("\r\nDTEND:20261205T090000Z\r\n"), "{ics}");
        assert!(ics.contains("\r\nDTSTAMP:20261122T120000Z\r\n"), "{ics}");
        assert!(ics.lines().all(|line| line.trim_end_matches('\r').len() <= 75), "{ics}");
        let unfolded = ics.replace("\r\n ", "");
        assert!(
            unfolded.contains(
                "SUMMARY:Uitlaten met Anna-Maria Wilhelmina Theodora van den Berg-Oosterhuis\\, zuster (Oppasmaatje)"
            ),
            "{unfolded}"
        );
        assert!(!ics.contains("\n\n"), "no bare line ends");
        // Read back, the item has the same facts with the text as written.
        let read: icalendar::Calendar = ics.parse().unwrap_or_else(|error| panic!("{error}: {ics}"));
        let events: Vec<&icalendar::Event> = read.components.iter().filter_map(|c| c.as_event()).collect();
        let [event] = events.as_slice() else {
            panic!("one event: {ics}")
        };
        let utc = |day: u32, hour: u32| {
            chrono::NaiveDate::from_ymd_opt(2026, 12, day)
                .and_then(|d| d.and_hms_opt(hour, 0, 0))
                .map(|at| icalendar::DatePerhapsTime::DateTime(icalendar::CalendarDateTime::Utc(at.and_utc())))
        };
        assert_eq!(event.get_start(), utc(5, 8));
        assert_eq!(event.get_end(), utc(5, 9));
        assert_eq!(event.get_uid(), Some("afspraak-4@oppasmaatje.nl"));
        assert_eq!(
            event.get_summary(),
            Some("Uitlaten met Anna-Maria Wilhelmina Theodora van den Berg-Oosterhuis, zuster (Oppasmaatje)")
        );
        assert_eq!(read.property_value("METHOD"), Some("PUBLISH"));
    }

    #[test]
    fn names_are_escaped_in_html() {
        let mail = render(
            &MailMessage::LoginCode {
                first_name: Some("<script>".into()),
                code: "111111".into(),
                link: None,
            },
            "http://x",
        );
        assert!(!mail.html.contains("<script>"));
        // The template engine writes the characters as numeric references.
        assert!(mail.html.contains("Hoi &#60;script&#62;,"), "{}", mail.html);
    }

    #[test]
    fn a_new_message_mail_names_the_sender_and_links_to_the_conversation() {
        let mail = render(
            &MailMessage::NewMessage {
                first_name: Some("Sanne".into()),
                sender_first_name: "<b>Piet</b>".into(),
                conversation_id: oppas_domain::ConversationId(12),
            },
            "https://oppasmaatje.nl",
        );
        assert_eq!(mail.subject, "Nieuw bericht van <b>Piet</b>");
        assert!(mail.text.contains("https://oppasmaatje.nl/berichten?conversation=12"));
        assert!(mail.html.contains("&#60;b&#62;Piet&#60;/b&#62;"), "{}", mail.html);
        assert!(!mail.html.contains("<b>Piet"));
    }

    #[test]
    fn the_suspension_warning_says_what_to_do_and_links_the_conversation() {
        let mail = render(
            &MailMessage::AccountSuspended {
                first_name: Some("Sanne".into()),
                suspended_first_name: "<i>Piet</i>".into(),
                conversation_id: oppas_domain::ConversationId(7),
            },
            "https://oppasmaatje.nl",
        );
        assert_eq!(mail.subject, "Let op: het account van <i>Piet</i> is geschorst");
        assert!(mail.text.contains(
            "Let op: we hebben het account van <i>Piet</i> geschorst. Stuur geen geld en deel geen gegevens."
        ));
        assert!(mail.text.contains("https://oppasmaatje.nl/berichten?conversation=7"));
        assert!(mail.text.contains("info@oppasmaatje.nl"));
        assert!(!mail.html.contains("<i>Piet"), "{}", mail.html);
    }

    #[test]
    fn the_new_matches_mail_lists_the_cards_links_the_search_and_unsubscribes() {
        let card = |name: &str, path: &str| oppas_domain::mail::message::MatchedCard {
            name: name.to_owned(),
            kind: oppas_domain::kernel::enums::ProfileType::Huisdier,
            location: "Utrecht".to_owned(),
            path: path.to_owned(),
        };
        let mail = render(
            &MailMessage::NewMatches {
                first_name: Some("Sanne".into()),
                label: "Huisdieren · Kat".into(),
                address: "type=huisdier&species=kat".into(),
                cards: vec![card("Minoes", "/huisdier/4"), card("<i>Tijger</i>", "/huisdier/9")],
                more: 3,
                more_capped: false,
                unsubscribe: "7.2.abc".into(),
            },
            "https://oppasmaatje.nl",
        );
        assert_eq!(mail.subject, "5 nieuwe profielen voor 'Huisdieren · Kat'");
        assert!(
            mail.text
                .contains("- Minoes (huisdier in Utrecht): https://oppasmaatje.nl/huisdier/4")
        );
        assert!(
            mail.text
                .contains("En nog 3 meer. Bekijk alles op https://oppasmaatje.nl/profielen?type=huisdier&species=kat")
        );
        assert!(
            mail.text
                .contains("https://oppasmaatje.nl/zoekopdracht-afmelden?token=7.2.abc")
        );
        assert!(mail.html.contains("&#60;i&#62;Tijger&#60;/i&#62;"), "{}", mail.html);
        assert!(!mail.html.contains("<i>"));
        assert_eq!(
            mail.unsubscribe.as_deref(),
            Some("https://oppasmaatje.nl/api/saved-searches/unsubscribe?token=7.2.abc")
        );
    }

    #[test]
    fn counts_are_written_the_dutch_way() {
        assert_eq!(dutch_number(7), "7");
        assert_eq!(dutch_number(1000), "1.000");
        assert_eq!(dutch_number(133_000), "133.000");
        assert_eq!(dutch_number(1_234_567_u64), "1.234.567");
    }

    #[test]
    fn the_no_account_mail_points_to_sign_up() {
        let mail = render(&MailMessage::NoAccount, "https://oppasmaatje.nl");
        assert!(mail.text.contains("https://oppasmaatje.nl/email-registreren"));
    }

    #[test]
    fn mails_without_a_code_say_nothing_about_one() {
        for message in [
            MailMessage::NoAccount,
            MailMessage::AlreadyRegistered {
                first_name: Some("Anna".to_owned()),
            },
        ] {
            let mail = render(&message, "https://oppasmaatje.nl");
            for part in [&mail.text, &mail.html] {
                assert!(!part.contains("zonder de code"), "{message:?}: {part}");
                assert!(!part.contains("Deel deze code"), "{message:?}: {part}");
                assert!(part.contains("Dan hoef je niets te doen."), "{message:?}: {part}");
            }
        }
        let with_code = render(
            &MailMessage::LoginCode {
                first_name: None,
                code: "123456".to_owned(),
                link: None,
            },
            "https://oppasmaatje.nl",
        );
        assert!(with_code.text.contains("Deel deze code nooit met anderen"));
    }
}
