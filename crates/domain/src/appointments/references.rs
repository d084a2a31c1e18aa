//! References ('referenties'): after an accepted afspraak has ended, each of the two may write
//! one about the other within [`REFERENCE_WINDOW`], once they said it took place
//! ([`crate::appointments::outcomes`]). Double-blind: neither reads the other's
//! until both wrote or the window closed; then both are published together and stay as written.

use crate::appointments::state::Refusal;
use crate::kernel::contact::{ContactSign, contact_in_public_text};
use crate::kernel::enums::{AppointmentKind, AppointmentState, ReferenceTag};
use crate::{AppointmentId, ReferenceId, UserId};
use chrono::{DateTime, Duration, Utc};

/// A stored reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// Its id.
    pub id: ReferenceId,
    /// The afspraak it is about.
    pub appointment: AppointmentId,
    /// Who wrote it.
    pub author: UserId,
    /// About whom.
    pub subject: UserId,
    /// What they wrote.
    pub text: String,
    /// 'Zou je weer met X afspreken?'
    pub again: bool,
    /// What stood out, from the enumeration.
    pub tags: Vec<ReferenceTag>,
    /// Written at.
    pub created_at: DateTime<Utc>,
    /// When both had written theirs (then both were published together).
    pub published_at: Option<DateTime<Utc>>,
    /// The subject's one public reply.
    pub reply: Option<String>,
    /// When a moderator hid it (after a report): then it is on no page.
    pub hidden_at: Option<DateTime<Utc>>,
    /// What the author told only the moderators ('Alleen voor de moderatoren'): never on a
    /// page, never to the subject.
    pub moderator_note: Option<String>,
}

/// A reference with what the public reads of its afspraak: the kind of help and when it ended
/// (shown as a month), never its address or exact dates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferenceWithAfspraak {
    /// The reference.
    pub reference: Reference,
    /// The help it was.
    pub kind: AppointmentKind,
    /// When it ended.
    pub ends_at: DateTime<Utc>,
}

/// A reference as it is written, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReference {
    /// The afspraak.
    pub appointment: AppointmentId,
    /// Who writes it.
    pub author: UserId,
    /// About whom.
    pub subject: UserId,
    /// The text, trimmed.
    pub text: String,
    /// Whether they would make an afspraak with the subject again.
    pub again: bool,
    /// The tags, each once, in the enumeration's order.
    pub tags: Vec<ReferenceTag>,
    /// What only the moderators read, trimmed, never empty when present.
    pub moderator_note: Option<String>,
    /// With a note: the line the moderators' queue shows of it, filed as the platform's report
    /// about the subject (`ReportReason::NotitieBijReferentie`) in the reference's transaction,
    /// so that no note is stored without reaching the queue.
    pub queued_note: Option<String>,
}

/// What storing a reference came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// Stored (and, as the second of the two, published with the other).
    Stored(Reference),
    /// Its author wrote one for this afspraak already.
    AlreadyWritten,
    /// Its author has not said 'Ja', or one of the two said the afspraak did not take place
    /// ([`crate::appointments::outcomes::may_write_after`]), read under the afspraak's hold.
    NotTakenPlace,
}

/// How long after an afspraak's end its two people may write their references.
pub const REFERENCE_WINDOW: Duration = Duration::days(14);

/// Fewest characters of a reference's text.
pub const REFERENCE_MIN_CHARS: usize = 20;

/// Most characters of a reference's text.
pub const REFERENCE_MAX_CHARS: usize = 1_000;

/// Where an afspraak stands for what follows it (the question 'Is de afspraak doorgegaan?' and
/// the references), at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterAfspraak {
    /// Never accepted: nothing follows it.
    NotAccepted,
    /// Accepted, not yet over.
    NotOver,
    /// Over, within [`REFERENCE_WINDOW`].
    Open,
    /// Over for [`REFERENCE_WINDOW`] or longer.
    Closed,
}

/// Where an afspraak in `state` that ends at `ends_at` stands at `now` for what follows it: the
/// one rule of [`may_write`] and [`crate::appointments::outcomes::may_answer`].
#[must_use]
pub fn after_afspraak(state: AppointmentState, ends_at: DateTime<Utc>, now: DateTime<Utc>) -> AfterAfspraak {
    if !AppointmentState::TOOK_PLACE.contains(&state) {
        AfterAfspraak::NotAccepted
    } else if !crate::appointments::state::took_place(state, ends_at, now) {
        AfterAfspraak::NotOver
    } else if now >= ends_at + REFERENCE_WINDOW {
        AfterAfspraak::Closed
    } else {
        AfterAfspraak::Open
    }
}

/// Whether someone of an afspraak in `state` that ends at `ends_at` may write a reference at
/// `now`: it was accepted, it is over, and the window has not closed ([`after_afspraak`]).
///
/// # Errors
/// A [`Refusal`] saying why not, in Dutch.
pub fn may_write(state: AppointmentState, ends_at: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), Refusal> {
    match after_afspraak(state, ends_at, now) {
        AfterAfspraak::NotAccepted => Err(Refusal(
            "Een referentie kan alleen na een afspraak die jullie allebei hebben geaccepteerd.",
        )),
        AfterAfspraak::NotOver => Err(Refusal("Een referentie schrijf je na afloop van de afspraak.")),
        AfterAfspraak::Closed => Err(Refusal("De termijn om een referentie te schrijven is voorbij.")),
        AfterAfspraak::Open => Ok(()),
    }
}

/// Whether the references of an afspraak that ended at `ends_at` are published at `now`: both
/// wrote theirs, or the window closed (then the one that was written stands alone).
#[must_use]
pub fn published(ends_at: DateTime<Utc>, both_wrote: bool, now: DateTime<Utc>) -> bool {
    both_wrote || ends_at <= window_closed_by(now)
}

/// The latest end of an afspraak whose window for references has closed at `now`: its
/// references are published whether or not both wrote ([`published`]).
#[must_use]
pub fn window_closed_by(now: DateTime<Utc>) -> DateTime<Utc> {
    now - REFERENCE_WINDOW
}

/// Why the text of a reference is refused, in the words people read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReferenceTextError {
    /// Shorter than [`REFERENCE_MIN_CHARS`].
    #[error("Schrijf minstens {REFERENCE_MIN_CHARS} tekens over hoe het ging.")]
    TooShort,
    /// Longer than [`REFERENCE_MAX_CHARS`].
    #[error("Een referentie is hoogstens {REFERENCE_MAX_CHARS} tekens.")]
    TooLong,
    /// Characters that hide or disguise text.
    #[error("De tekst bevat tekens die we niet kunnen tonen. Haal ze weg en probeer het opnieuw.")]
    Unreadable,
    /// A way to reach someone outside the platform: references are public.
    #[error("{}", public_text_refusal(*.0))]
    ContactDetails(ContactSign),
}

/// The answer for a reference that does not exist for the one asking (unknown, unpublished, hidden).
pub const UNKNOWN_REFERENCE: &str = "Deze referentie bestaat niet.";

/// Why a public text (a reference, a reply to one) holding `found` is refused, naming it.
#[must_use]
pub fn public_text_refusal(found: ContactSign) -> &'static str {
    match found {
        ContactSign::Phone => "Iedereen kan dit lezen: laat het telefoonnummer weg.",
        ContactSign::Email => "Iedereen kan dit lezen: laat het e-mailadres weg.",
        ContactSign::BankAccount => "Iedereen kan dit lezen: laat het rekeningnummer weg.",
        ContactSign::Link | ContactSign::PaymentRequest => "Iedereen kan dit lezen: laat de link weg.",
    }
}

/// The text of a reference, trimmed, or why it is refused.
///
/// # Errors
/// [`ReferenceTextError`]: too short, too long, with characters that hide or disguise text, or
/// with contact details.
pub fn reference_text(raw: &str) -> Result<String, ReferenceTextError> {
    let text = raw.trim();
    let chars = text.chars().count();
    if chars < REFERENCE_MIN_CHARS {
        return Err(ReferenceTextError::TooShort);
    }
    if chars > REFERENCE_MAX_CHARS {
        return Err(ReferenceTextError::TooLong);
    }
    crate::kernel::text::check_free_text(text).map_err(|_| ReferenceTextError::Unreadable)?;
    if let Some(found) = contact_in_public_text(text) {
        return Err(ReferenceTextError::ContactDetails(found));
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use AppointmentState as S;
    use chrono::NaiveDate;

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        NaiveDate::from_ymd_opt(2026, 12, day)
            .and_then(|d| d.and_hms_opt(hour, 0, 0))
            .unwrap_or_default()
            .and_utc()
    }

    /// The afspraak ended on the 1st at 17:00.
    fn ended() -> DateTime<Utc> {
        at(1, 17)
    }

    #[test]
    fn a_reference_is_written_after_an_accepted_afspraak_ended_and_within_fourteen_days() {
        assert!(
            may_write(S::Geaccepteerd, ended(), at(1, 16)).is_err(),
            "before its end"
        );
        assert_eq!(may_write(S::Geaccepteerd, ended(), at(1, 17)), Ok(()), "at its end");
        assert_eq!(may_write(S::Afgerond, ended(), at(15, 16)), Ok(()), "the last hour");
        assert!(may_write(S::Afgerond, ended(), at(15, 17)).is_err(), "fourteen days on");
        for never in [
            S::Voorgesteld,
            S::Afgewezen,
            S::Tegenvoorstel,
            S::Ingetrokken,
            S::Geannuleerd,
        ] {
            assert_eq!(
                may_write(never, ended(), at(2, 12)),
                Err(Refusal(
                    "Een referentie kan alleen na een afspraak die jullie allebei hebben geaccepteerd."
                )),
                "{never:?}"
            );
        }
    }

    #[test]
    fn one_side_wrote_stays_hidden_until_the_window_closes() {
        assert!(!published(ended(), false, at(2, 12)));
        assert!(!published(ended(), false, at(15, 16)));
        assert!(published(ended(), false, at(15, 17)), "fourteen days passed");
    }

    #[test]
    fn both_wrote_publishes_both_at_once() {
        assert!(published(ended(), true, at(2, 12)));
    }

    #[test]
    fn a_reference_holds_twenty_to_a_thousand_characters_of_readable_text() {
        assert_eq!(reference_text("Te kort."), Err(ReferenceTextError::TooShort));
        for contact in [
            "Heel fijn! Bel me gerust op 06-12345678 voor een volgende keer.",
            "Heel fijn! Mail me gerust op fenna@example.nl voor een volgende keer.",
            "Heel fijn! Kijk ook eens op www.mijnoppas.nl voor foto's van Bobby.",
        ] {
            assert!(
                matches!(reference_text(contact), Err(ReferenceTextError::ContactDetails(_))),
                "{contact}"
            );
        }
        assert_eq!(
            ReferenceTextError::TooShort.to_string(),
            "Schrijf minstens 20 tekens over hoe het ging."
        );
        assert_eq!(
            reference_text("  Fenna was op tijd en lief voor Bobby.  "),
            Ok("Fenna was op tijd en lief voor Bobby.".to_owned())
        );
        assert!(reference_text(&"a".repeat(REFERENCE_MAX_CHARS + 1)).is_err());
        assert!(reference_text(&"a".repeat(REFERENCE_MAX_CHARS)).is_ok());
        assert_eq!(
            reference_text("Heel fijn\u{202e} contact gehad met haar."),
            Err(ReferenceTextError::Unreadable),
            "a bidi override"
        );
    }
}
