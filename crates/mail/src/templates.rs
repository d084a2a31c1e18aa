//! The Dutch text and HTML of every e-mail. Codes are shown large and on their own, easy to copy.

use oppas_domain::mail::message::MailMessage;

/// A rendered e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Subject line.
    pub subject: String,
    /// Plain-text body.
    pub text: String,
    /// HTML body.
    pub html: String,
}

fn greeting(first_name: Option<&str>) -> String {
    match first_name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => format!("Hoi {name},"),
        None => "Hoi,".to_owned(),
    }
}

/// Escapes text for HTML element content and attribute values.
fn escape(text: &str) -> String {
    text.chars().fold(String::with_capacity(text.len()), |mut out, c| {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
        out
    })
}

const NOT_YOU: &str = "Heb je hier niet om gevraagd? Dan hoef je niets te doen: zonder de code kan niemand inloggen. \
Deel deze code nooit met anderen; Oppasmaatje vraagt je er nooit naar.";

/// The footer of a mail that carries no code.
const NOT_YOU_WITHOUT_CODE: &str = "Heb je hier niet om gevraagd? Dan hoef je niets te doen.";

fn html_page(greeting: &str, paragraphs: &[&str], code: Option<&str>, footer: &str) -> String {
    let mut body = format!("<p style=\"margin:0 0 16px\">{}</p>", escape(greeting));
    for paragraph in paragraphs {
        body.push_str(&format!("<p style=\"margin:0 0 16px\">{}</p>", escape(paragraph)));
    }
    if let Some(code) = code {
        body.push_str(&format!(
            "<p style=\"margin:24px 0;font-size:32px;font-weight:700;letter-spacing:8px;font-family:monospace\">{}</p>",
            escape(code)
        ));
        body.push_str("<p style=\"margin:0 0 16px\">De code is 10 minuten geldig en werkt één keer.</p>");
    }
    format!(
        "<!doctype html><html lang=\"nl\"><body style=\"font-family:Arial,sans-serif;color:#1f2937;line-height:1.5\">\
         <div style=\"max-width:480px;margin:0 auto;padding:24px\">\
         <p style=\"font-size:20px;font-weight:700;color:#9a3412;margin:0 0 24px\">Oppasmaatje</p>{body}\
         <p style=\"margin:24px 0 0;font-size:13px;color:#4b5563\">{}</p>\
         <p style=\"margin:16px 0 0;font-size:13px;color:#4b5563\">Groet,<br>Oppasmaatje</p></div></body></html>",
        escape(footer)
    )
}

fn code_mail(subject: &str, first_name: Option<&str>, intro: &str, code: &str) -> Rendered {
    let greeting = greeting(first_name);
    Rendered {
        subject: subject.to_owned(),
        text: format!(
            "{greeting}\n\n{intro}\n\n    {code}\n\nDe code is 10 minuten geldig en werkt één keer.\n\n{NOT_YOU}\n\nGroet,\nOppasmaatje\n"
        ),
        html: html_page(&greeting, &[intro], Some(code), NOT_YOU),
    }
}

/// Renders `message`; `public_url` is the site's address for links.
#[must_use]
pub fn render(message: &MailMessage, public_url: &str) -> Rendered {
    match message {
        MailMessage::RegistrationCode { first_name, code } => code_mail(
            &format!("{code} is je code voor Oppasmaatje"),
            first_name.as_deref(),
            "Welkom bij Oppasmaatje! Vul deze code in om je e-mailadres te bevestigen:",
            code,
        ),
        MailMessage::LoginCode { first_name, code } => code_mail(
            &format!("{code} is je inlogcode voor Oppasmaatje"),
            first_name.as_deref(),
            "Vul deze code in om in te loggen bij Oppasmaatje:",
            code,
        ),
        MailMessage::DeletionCode { first_name, code } => code_mail(
            &format!("{code} is je code om je account te verwijderen"),
            first_name.as_deref(),
            "Je vroeg om je account bij Oppasmaatje te verwijderen. Vul deze code in om dat te bevestigen; \
             je profiel, huisdieren, favorieten en foto's worden dan definitief verwijderd:",
            code,
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
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_mail_shows_the_code_in_the_subject_text_and_html() {
        let mail = render(
            &MailMessage::RegistrationCode {
                first_name: Some("Sanne".into()),
                code: "048213".into(),
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
    fn names_are_escaped_in_html() {
        let mail = render(
            &MailMessage::LoginCode {
                first_name: Some("<script>".into()),
                code: "111111".into(),
            },
            "http://x",
        );
        assert!(!mail.html.contains("<script>"));
        assert!(mail.html.contains("Hoi &lt;script&gt;,"));
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
        assert!(mail.html.contains("&lt;b&gt;Piet&lt;/b&gt;"), "{}", mail.html);
        assert!(!mail.html.contains("<b>Piet"));
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
            },
            "https://oppasmaatje.nl",
        );
        assert!(with_code.text.contains("Deel deze code nooit met anderen"));
    }
}
