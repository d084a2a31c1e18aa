//! Moderation: people with the moderator role (granted on the command line) read the open
//! reports, hide a profile from lists and pages or a reference from the pages, and close a
//! report with a note. Every action is
//! logged with who and when; nobody else reaches any of it.

use crate::profiles::changes::ListingChanges;
use crate::trust::ports::{Lifted, ModerationRepository, QueuedReport};
use crate::{ReferenceId, ReportId, RepositoryError, UserId};
use std::sync::Arc;

/// Longest text a moderator writes: a note closing a report, the reason of a suspension.
pub const RESOLUTION_MAX: usize = 1000;

/// A moderator's own words (a note closing a report, the reason of a suspension), trimmed:
/// `None` when empty, refused when longer than [`RESOLUTION_MAX`] or holding control
/// characters. `what` names it in the refusal ('Een notitie', 'Een reden').
///
/// # Errors
/// The Dutch refusal.
pub fn moderator_text(raw: &str, what: &str) -> Result<Option<String>, String> {
    let text = raw.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.chars().count() > RESOLUTION_MAX {
        return Err(format!("{what} mag maximaal {RESOLUTION_MAX} tekens lang zijn."));
    }
    crate::kernel::text::check_free_text(text).map_err(|error| error.to_string())?;
    Ok(Some(text.to_owned()))
}

/// A suspension's reason: a moderator's text ([`moderator_text`]) that must be given.
///
/// # Errors
/// The Dutch refusal.
pub fn suspension_reason(raw: &str) -> Result<String, String> {
    moderator_text(raw, "Een reden")?.ok_or_else(|| "Geef een reden voor de schorsing.".to_owned())
}

/// Most open reports the queue shows at once.
pub const QUEUE_SIZE: i64 = 200;

/// Lines of the moderators' log on one page.
pub const LOG_PAGE: i64 = 50;

/// Why a moderation call is refused.
#[derive(Debug, thiserror::Error)]
pub enum ModerationError {
    /// Not a moderator.
    #[error("Alleen moderators kunnen dit doen.")]
    NotAModerator,
    /// No such report (open) or person.
    #[error("Deze melding of dit profiel bestaat niet (meer).")]
    NotFound,
    /// The note is too long or holds control characters.
    #[error("{0}")]
    Invalid(String),
    /// A suspension's reason is missing, too long or holds control characters.
    #[error("{0}")]
    InvalidReason(String),
    /// A moderator's own account.
    #[error("Je kunt je eigen account niet schorsen.")]
    Yourself,
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Who sees a profile's pages and reads (docs/security.md E6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// Not hidden: the same answer for everyone, which may be kept and shared.
    Public,
    /// Hidden, and the viewer is the person or a moderator: shown to them with a notice, made
    /// for them alone (never kept for others).
    HiddenShownToViewer,
    /// Hidden from this viewer: answered as a profile that does not exist.
    Gone,
}

/// Whether `user` moderates; [`ModerationError::NotAModerator`] when not.
///
/// # Errors
/// Not a moderator, storage.
pub fn require_moderator(repo: &dyn ModerationRepository, user: UserId) -> Result<(), ModerationError> {
    if repo.is_moderator(user)? {
        Ok(())
    } else {
        Err(ModerationError::NotAModerator)
    }
}

/// The moderation use cases.
#[derive(Clone)]
pub struct Moderation {
    repo: Arc<dyn ModerationRepository>,
    changes: ListingChanges,
}

impl std::fmt::Debug for Moderation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Moderation").finish_non_exhaustive()
    }
}

impl Moderation {
    /// The service; `changes` ends cached lists and pages when a profile is hidden or shown.
    #[must_use]
    pub fn new(repo: Arc<dyn ModerationRepository>, changes: ListingChanges) -> Self {
        Self { repo, changes }
    }

    fn require(&self, user: UserId) -> Result<(), ModerationError> {
        require_moderator(self.repo.as_ref(), user)
    }

    /// Whether `user` moderates.
    ///
    /// # Errors
    /// Storage failures.
    pub fn is_moderator(&self, user: UserId) -> Result<bool, RepositoryError> {
        self.repo.is_moderator(user)
    }

    /// Whether the profile of `user` is hidden.
    ///
    /// # Errors
    /// Storage failures.
    pub fn is_hidden(&self, user: UserId) -> Result<bool, RepositoryError> {
        self.repo.is_hidden(user)
    }

    /// How the profile of `owner` shows to `viewer`: hidden profiles exist only for their own
    /// person and the moderators.
    ///
    /// # Errors
    /// Storage failures.
    pub fn visibility(&self, owner: UserId, viewer: Option<UserId>) -> Result<Visibility, RepositoryError> {
        if !self.repo.is_hidden(owner)? {
            return Ok(Visibility::Public);
        }
        let allowed = match viewer {
            Some(viewer) if viewer == owner => true,
            Some(viewer) => self.repo.is_moderator(viewer)?,
            None => false,
        };
        Ok(if allowed {
            Visibility::HiddenShownToViewer
        } else {
            Visibility::Gone
        })
    }

    /// Gives or takes the role (the command line's `oppas moderator grant|revoke`).
    ///
    /// # Errors
    /// Storage failures.
    pub fn set_role(&self, email: &str, moderator: bool) -> Result<Option<UserId>, RepositoryError> {
        self.repo.set_moderator(email, moderator)
    }

    /// The queue of open reports, newest first.
    ///
    /// # Errors
    /// Not a moderator, storage.
    pub fn queue(&self, me: UserId) -> Result<Vec<QueuedReport>, ModerationError> {
        self.require(me)?;
        Ok(self.repo.open_reports(QUEUE_SIZE)?)
    }

    /// A page of the moderators' log, newest first ([`LOG_PAGE`] lines), older than the line
    /// `before` when given.
    ///
    /// # Errors
    /// Not a moderator, storage.
    pub fn log(&self, me: UserId, before: Option<i64>) -> Result<Vec<crate::trust::ports::LogEntry>, ModerationError> {
        self.require(me)?;
        Ok(self.repo.log_entries(LOG_PAGE, before)?)
    }

    /// Shows the hidden profile of `user` again. (Hiding one closes its conversations:
    /// [`crate::closing::service::Closing::hide`].)
    ///
    /// # Errors
    /// Not a moderator, no such person, storage.
    pub fn show(&self, me: UserId, user: UserId) -> Result<(), ModerationError> {
        self.require(me)?;
        if !self.changes.write(|card| self.repo.set_hidden(card, me, user, false))? {
            return Err(ModerationError::NotFound);
        }
        tracing::info!(
            moderator = me.get(),
            subject = user.get(),
            hidden = false,
            "profile visibility set by a moderator"
        );
        Ok(())
    }

    /// Lifts the suspension of `user`: they can sign in again, and their profile shows again
    /// unless a moderator hid it apart from the suspension. Lifting one that is not suspended
    /// changes nothing. (Suspending closes conversations:
    /// [`crate::closing::service::Closing::suspend`].)
    ///
    /// # Errors
    /// Not a moderator, no such person, storage.
    pub fn lift_suspension(&self, me: UserId, user: UserId) -> Result<(), ModerationError> {
        self.require(me)?;
        match self.changes.write(|card| self.repo.lift_suspension(card, me, user))? {
            Lifted::NoSuchAccount => Err(ModerationError::NotFound),
            Lifted::NotSuspended => Ok(()),
            Lifted::Lifted => {
                tracing::info!(
                    moderator = me.get(),
                    subject = user.get(),
                    "suspension lifted by a moderator"
                );
                Ok(())
            }
        }
    }

    /// A moderator takes the data of a suspended account, which can no longer sign in to
    /// download it, to send it to the person who asked for it by mail ([`CONTACT_ADDRESS`]):
    /// only while the account is suspended, and logged.
    ///
    /// [`CONTACT_ADDRESS`]: crate::kernel::organisation::CONTACT_ADDRESS
    ///
    /// # Errors
    /// Not a moderator; [`ModerationError::NotFound`] for an account that is not suspended;
    /// storage.
    pub fn export_suspended(&self, me: UserId, user: UserId) -> Result<(), ModerationError> {
        self.require(me)?;
        if !self.repo.log_suspended_export(me, user)? {
            return Err(ModerationError::NotFound);
        }
        tracing::info!(
            moderator = me.get(),
            subject = user.get(),
            "a suspended account's data downloaded by a moderator"
        );
        Ok(())
    }

    /// Hides (or shows again) a reference: a hidden one is on no page and in no count (logged,
    /// with its author as the subject).
    ///
    /// # Errors
    /// Not a moderator, no such reference, storage.
    pub fn set_reference_hidden(
        &self,
        me: UserId,
        reference: ReferenceId,
        hidden: bool,
    ) -> Result<(), ModerationError> {
        self.require(me)?;
        if !self.repo.set_reference_hidden(me, reference, hidden)? {
            return Err(ModerationError::NotFound);
        }
        tracing::info!(
            moderator = me.get(),
            reference = reference.get(),
            hidden,
            "reference visibility set by a moderator"
        );
        Ok(())
    }

    /// Closes an open report with an optional note.
    ///
    /// # Errors
    /// Not a moderator, no such open report, a bad note, storage.
    pub fn close(&self, me: UserId, report: ReportId, note: Option<&str>) -> Result<(), ModerationError> {
        self.require(me)?;
        let note = match note {
            Some(raw) => moderator_text(raw, "Een notitie").map_err(ModerationError::Invalid)?,
            None => None,
        };
        if !self.repo.close_report(me, report, note.as_deref())? {
            return Err(ModerationError::NotFound);
        }
        tracing::info!(moderator = me.get(), report = report.get(), "report closed");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moderators_text_is_trimmed_and_refused_when_long_or_odd() {
        assert_eq!(moderator_text("  klaar  ", "Een notitie"), Ok(Some("klaar".to_owned())));
        assert_eq!(moderator_text(" \n ", "Een notitie"), Ok(None));
        assert_eq!(
            moderator_text(&"a".repeat(RESOLUTION_MAX + 1), "Een notitie"),
            Err("Een notitie mag maximaal 1000 tekens lang zijn.".to_owned())
        );
        assert!(moderator_text(&"a".repeat(RESOLUTION_MAX), "Een notitie").is_ok());
        assert!(moderator_text("a\u{0007}b", "Een notitie").is_err());
    }

    #[test]
    fn a_suspension_needs_a_reason_of_a_moderators_text() {
        assert_eq!(suspension_reason("  oplichting "), Ok("oplichting".to_owned()));
        assert_eq!(
            suspension_reason("   "),
            Err("Geef een reden voor de schorsing.".to_owned())
        );
        assert_eq!(
            suspension_reason(&"a".repeat(RESOLUTION_MAX + 1)),
            Err("Een reden mag maximaal 1000 tekens lang zijn.".to_owned())
        );
    }
}
