//! The closings against in-memory stores whose transaction keeps all or nothing, with one step
//! made to fail where a test says so.

use super::{Closing, ClosingPorts};
use crate::appointments::afspraak::{Afspraak, CLOSED_REASON};
use crate::appointments::state::Timing;
use crate::closing::ports::{ClosingNews, ClosingRepository, ClosingStore, Suspension, WrittenTo};
use crate::kernel::enums::{AppointmentKind, AppointmentState};
use crate::mail::message::{MailMessage, SealedMail};
use crate::mail::testing::RecordingMailer;
use crate::messaging::conversation::Conversation;
use crate::profiles::card::CardWrite;
use crate::profiles::changes::ListingChanges;
use crate::testing::{FixedClock, MemoryStore, lock, start};
use crate::trust::moderation::ModerationError;
use crate::trust::ports::{Lifted, ModerationRepository, QueuedReport};
use crate::trust::service::TrustError;
use crate::uploads::ports::FileStore;
use crate::{AppointmentId, ConversationId, Email, ReferenceId, ReportId, RepositoryError, UserId};
use chrono::{DateTime, Duration, Utc};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// What the closings change, as one set of tables.
#[derive(Debug, Clone, Default, PartialEq)]
struct Tables {
    blocks: Vec<(UserId, UserId)>,
    hidden: Vec<UserId>,
    deleted: Vec<UserId>,
    conversations: Vec<Conversation>,
    afspraken: Vec<Afspraak>,
    moderators: Vec<UserId>,
    accounts: Vec<UserId>,
    suspended: Vec<UserId>,
    /// The kinds of the mails stored with a closing.
    mails: Vec<&'static str>,
}

/// The closings' store: a transaction works on a copy that replaces the tables only when it
/// answers `Ok`. `fail` names the one step that answers an error instead.
#[derive(Default)]
struct Closings {
    tables: Mutex<Tables>,
    fail: Mutex<Option<&'static str>>,
}

struct Transaction {
    tables: Tables,
    fail: Option<&'static str>,
}

impl Transaction {
    fn step(&self, name: &'static str) -> Result<(), RepositoryError> {
        if self.fail == Some(name) {
            return Err(RepositoryError::Unexpected(anyhow::anyhow!("{name} failed")));
        }
        Ok(())
    }
}

impl ClosingStore for Transaction {
    fn conversations_of(&mut self, user: UserId) -> Result<Vec<Conversation>, RepositoryError> {
        self.step("conversations_of")?;
        Ok(self
            .tables
            .conversations
            .iter()
            .filter(|conversation| conversation.has_participant(user))
            .cloned()
            .collect())
    }

    fn appointments_in(&mut self, conversation: ConversationId) -> Result<Vec<Afspraak>, RepositoryError> {
        self.step("appointments_in")?;
        Ok(self
            .tables
            .afspraken
            .iter()
            .filter(|afspraak| afspraak.conversation == conversation)
            .cloned()
            .collect())
    }

    fn move_appointment(
        &mut self,
        id: AppointmentId,
        from: AppointmentState,
        to: AppointmentState,
        reason: &str,
    ) -> Result<bool, RepositoryError> {
        self.step("move_appointment")?;
        match self
            .tables
            .afspraken
            .iter_mut()
            .find(|afspraak| afspraak.id == id && afspraak.state == from)
        {
            Some(afspraak) => {
                afspraak.state = to;
                afspraak.reason = Some(reason.to_owned());
                Ok(true)
            }
            None => Ok(false),
        }
    }

    fn block(&mut self, blocker: UserId, blocked: UserId) -> Result<(), RepositoryError> {
        self.step("block")?;
        if !self.tables.blocks.contains(&(blocker, blocked)) {
            self.tables.blocks.push((blocker, blocked));
        }
        Ok(())
    }

    fn hide(&mut self, _card: &CardWrite, _moderator: UserId, user: UserId) -> Result<bool, RepositoryError> {
        self.step("hide")?;
        if !self.tables.accounts.contains(&user) {
            return Ok(false);
        }
        if !self.tables.hidden.contains(&user) {
            self.tables.hidden.push(user);
        }
        Ok(true)
    }

    fn suspend(
        &mut self,
        _card: &CardWrite,
        _moderator: UserId,
        user: UserId,
        _reason: &str,
    ) -> Result<Suspension, RepositoryError> {
        self.step("suspend")?;
        if !self.tables.accounts.contains(&user) {
            return Ok(Suspension::NoSuchAccount);
        }
        if self.tables.suspended.contains(&user) {
            return Ok(Suspension::AlreadySuspended);
        }
        self.tables.suspended.push(user);
        if !self.tables.hidden.contains(&user) {
            self.tables.hidden.push(user);
        }
        Ok(Suspension::Suspended {
            first_name: Some(format!("Lid {}", user.get())),
            sessions: vec![format!("sessie-{}", user.get())],
        })
    }

    /// Everyone in a conversation with `user` (the fake has no messages to look at).
    fn written_to(&mut self, user: UserId, _since: DateTime<Utc>) -> Result<Vec<WrittenTo>, RepositoryError> {
        self.step("written_to")?;
        Ok(self
            .tables
            .conversations
            .iter()
            .filter(|conversation| conversation.has_participant(user))
            .map(|conversation| {
                let other = conversation.other_participant(user);
                WrittenTo {
                    user: other,
                    email: Email::parse(&format!("lid{}@example.nl", other.get())).unwrap_or_else(|_| unreachable!()),
                    first_name: None,
                    conversation: conversation.id,
                }
            })
            .collect())
    }

    fn queue_mail(&mut self, mail: &SealedMail) -> Result<(), RepositoryError> {
        self.step("queue_mail")?;
        self.tables.mails.push(mail.kind);
        Ok(())
    }

    fn delete_account(
        &mut self,
        _card: &CardWrite,
        user: UserId,
        _stand_in_email: &str,
    ) -> Result<Vec<String>, RepositoryError> {
        self.step("delete_account")?;
        self.tables.accounts.retain(|account| *account != user);
        self.tables.deleted.push(user);
        Ok(vec![format!("foto-{}.jpg", user.get())])
    }
}

impl ClosingRepository for Closings {
    fn in_one_transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn ClosingStore) -> Result<(), RepositoryError>,
    ) -> Result<(), RepositoryError> {
        let mut transaction = Transaction {
            tables: lock(&self.tables).clone(),
            fail: *lock(&self.fail),
        };
        work(&mut transaction)?;
        *lock(&self.tables) = transaction.tables;
        Ok(())
    }
}

impl ModerationRepository for Closings {
    fn is_moderator(&self, user: UserId) -> Result<bool, RepositoryError> {
        Ok(lock(&self.tables).moderators.contains(&user))
    }

    fn set_moderator(&self, _email: &str, _moderator: bool) -> Result<Option<UserId>, RepositoryError> {
        Ok(None)
    }

    fn queue_for_review(
        &self,
        _person: UserId,
        _reason: crate::kernel::enums::ReportReason,
        _note: &str,
        _since: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, RepositoryError> {
        Ok(false)
    }

    fn log_entries(
        &self,
        _limit: i64,
        _before: Option<i64>,
    ) -> Result<Vec<crate::trust::ports::LogEntry>, RepositoryError> {
        Ok(Vec::new())
    }

    fn open_reports(&self, _limit: i64) -> Result<Vec<QueuedReport>, RepositoryError> {
        Ok(Vec::new())
    }

    fn is_hidden(&self, user: UserId) -> Result<bool, RepositoryError> {
        Ok(lock(&self.tables).hidden.contains(&user))
    }

    fn hidden_among(&self, users: &[UserId]) -> Result<HashSet<UserId>, RepositoryError> {
        let tables = lock(&self.tables);
        Ok(users
            .iter()
            .copied()
            .filter(|user| tables.hidden.contains(user))
            .collect())
    }

    fn suspended_among(&self, users: &[UserId]) -> Result<HashSet<UserId>, RepositoryError> {
        let tables = lock(&self.tables);
        Ok(users
            .iter()
            .copied()
            .filter(|user| tables.suspended.contains(user))
            .collect())
    }

    fn lift_suspension(&self, _card: &CardWrite, _moderator: UserId, _user: UserId) -> Result<Lifted, RepositoryError> {
        Ok(Lifted::NotSuspended)
    }

    fn log_suspended_export(&self, _moderator: UserId, _user: UserId) -> Result<bool, RepositoryError> {
        Ok(false)
    }

    fn set_hidden(
        &self,
        _card: &CardWrite,
        _moderator: UserId,
        _user: UserId,
        _hidden: bool,
    ) -> Result<bool, RepositoryError> {
        Ok(false)
    }

    fn close_report(
        &self,
        _moderator: UserId,
        _report: ReportId,
        _note: Option<&str>,
    ) -> Result<bool, RepositoryError> {
        Ok(false)
    }

    fn set_reference_hidden(
        &self,
        _moderator: UserId,
        _reference: ReferenceId,
        _hidden: bool,
    ) -> Result<bool, RepositoryError> {
        Ok(false)
    }
}

/// What the people were told.
#[derive(Default)]
struct Heard {
    closed: Mutex<Vec<ConversationId>>,
    ended: Mutex<Vec<AppointmentId>>,
    sessions: Mutex<Vec<String>>,
}

impl ClosingNews for Heard {
    fn conversations_closed(&self, conversations: &[ConversationId]) {
        lock(&self.closed).extend_from_slice(conversations);
    }

    fn afspraken_ended(&self, afspraken: &[Afspraak]) {
        lock(&self.ended).extend(afspraken.iter().map(|afspraak| afspraak.id));
    }

    fn sessions_ended(&self, _user: UserId, sessions: &[String]) {
        lock(&self.sessions).extend_from_slice(sessions);
    }
}

struct World {
    closing: Closing,
    closings: Arc<Closings>,
    heard: Arc<Heard>,
    mailer: Arc<RecordingMailer>,
    files: Arc<MemoryStore>,
    changes: ListingChanges,
    anna: UserId,
    bert: UserId,
    carla: UserId,
    moderator: UserId,
    /// Anna and Bert's conversation, and Anna and Carla's.
    with_bert: ConversationId,
    with_carla: ConversationId,
}

fn conversation(id: i64, a: UserId, b: UserId) -> Conversation {
    Conversation {
        id: ConversationId(id),
        user_low: a.min(b),
        user_high: a.max(b),
        pet_id: None,
        about_pet: false,
        started_by: a,
        last_message_id: None,
        last_activity_at: start(),
        created_at: start(),
    }
}

fn afspraak(id: i64, conversation: &Conversation, state: AppointmentState, starts_in_days: i64) -> Afspraak {
    let starts_at = start() + Duration::days(starts_in_days);
    Afspraak {
        id: AppointmentId(id),
        conversation: conversation.id,
        proposer: conversation.user_low,
        recipient: conversation.user_high,
        kind: AppointmentKind::Uitlaten,
        pets: Vec::new(),
        timing: Timing {
            starts_at,
            ends_at: starts_at + Duration::hours(2),
        },
        note: None,
        state,
        reason: None,
        replaces: None,
        created_at: start(),
        updated_at: start(),
    }
}

/// Anna with Bert: a proposal (1), an accepted afspraak to come (2), one that took place (3);
/// Anna with Carla: a proposal (4).
fn world() -> World {
    let clock = FixedClock::new();
    let store = MemoryStore::new(clock.clone());
    let anna = store.user("anna@example.nl").id;
    let bert = store.user("bert@example.nl").id;
    let carla = store.user("carla@example.nl").id;
    let moderator = store.user("mod@example.nl").id;
    let files = store.clone();
    let with_bert = conversation(1, anna, bert);
    let with_carla = conversation(2, anna, carla);
    let closings = Arc::new(Closings::default());
    {
        let mut tables = lock(&closings.tables);
        tables.afspraken = vec![
            afspraak(1, &with_bert, AppointmentState::Voorgesteld, 3),
            afspraak(2, &with_bert, AppointmentState::Geaccepteerd, 5),
            afspraak(3, &with_bert, AppointmentState::Geaccepteerd, -5),
            afspraak(4, &with_carla, AppointmentState::Voorgesteld, 3),
        ];
        tables.conversations = vec![with_bert.clone(), with_carla.clone()];
        tables.moderators = vec![moderator];
        tables.accounts = vec![anna, bert, carla, moderator];
    }
    let heard = Arc::new(Heard::default());
    let mailer = Arc::new(RecordingMailer::default());
    let changes = ListingChanges::default();
    let closing = Closing::new(ClosingPorts {
        closings: closings.clone(),
        users: store.clone(),
        moderation: closings.clone(),
        files: store.clone(),
        news: heard.clone(),
        mailer: mailer.clone(),
        changes: changes.clone(),
        clock,
    });
    World {
        closing,
        closings,
        heard,
        mailer,
        files,
        changes,
        anna,
        bert,
        carla,
        moderator,
        with_bert: with_bert.id,
        with_carla: with_carla.id,
    }
}

impl World {
    fn tables(&self) -> Tables {
        lock(&self.closings.tables).clone()
    }

    fn fail_at(&self, step: &'static str) {
        *lock(&self.closings.fail) = Some(step);
    }

    fn state_of(&self, id: i64) -> Option<(AppointmentState, Option<String>)> {
        self.tables()
            .afspraken
            .into_iter()
            .find(|afspraak| afspraak.id == AppointmentId(id))
            .map(|afspraak| (afspraak.state, afspraak.reason))
    }

    fn told(&self) -> (Vec<ConversationId>, Vec<AppointmentId>) {
        (lock(&self.heard.closed).clone(), lock(&self.heard.ended).clone())
    }
}

#[test]
fn a_block_ends_the_open_afspraken_of_the_pair_and_tells_them_after() -> Result<(), TrustError> {
    let world = world();
    world.closing.block(world.anna, world.bert)?;
    let tables = world.tables();
    assert_eq!(tables.blocks, [(world.anna, world.bert)]);
    let closed = Some(CLOSED_REASON.to_owned());
    assert_eq!(world.state_of(1), Some((AppointmentState::Ingetrokken, closed.clone())));
    assert_eq!(world.state_of(2), Some((AppointmentState::Geannuleerd, closed)));
    assert_eq!(
        world.state_of(3),
        Some((AppointmentState::Geaccepteerd, None)),
        "what took place stays"
    );
    assert_eq!(
        world.state_of(4),
        Some((AppointmentState::Voorgesteld, None)),
        "another pair's afspraak stays"
    );
    assert_eq!(
        world.told(),
        (vec![world.with_bert], vec![AppointmentId(1), AppointmentId(2)])
    );
    Ok(())
}

#[test]
fn a_block_whose_afspraken_cannot_end_does_not_stand_and_nobody_is_told() {
    let world = world();
    let before = world.tables();
    for step in ["conversations_of", "appointments_in", "move_appointment"] {
        world.fail_at(step);
        let outcome = world.closing.block(world.anna, world.bert);
        assert!(matches!(outcome, Err(TrustError::Repository(_))), "{step}: {outcome:?}");
        assert_eq!(world.tables(), before, "{step}: no block, every afspraak as it was");
        assert_eq!(world.told(), (Vec::new(), Vec::new()), "{step}");
    }
}

#[test]
fn a_block_of_oneself_or_of_nobody_changes_nothing() {
    let world = world();
    let before = world.tables();
    assert!(matches!(
        world.closing.block(world.anna, world.anna),
        Err(TrustError::Yourself)
    ));
    assert!(matches!(
        world.closing.block(world.anna, UserId(999)),
        Err(TrustError::UnknownPerson)
    ));
    assert_eq!(world.tables(), before);
    assert_eq!(world.told(), (Vec::new(), Vec::new()));
}

#[test]
fn a_hidden_profile_closes_all_its_conversations_or_nothing() -> Result<(), ModerationError> {
    let world = world();
    let before = world.tables();
    world.fail_at("move_appointment");
    assert!(matches!(
        world.closing.hide(world.moderator, world.anna),
        Err(ModerationError::Repository(_))
    ));
    assert_eq!(world.tables(), before, "not hidden, every afspraak as it was");
    assert_eq!(world.told(), (Vec::new(), Vec::new()));

    *lock(&world.closings.fail) = None;
    let changes = world.changes.current();
    world.closing.hide(world.moderator, world.anna)?;
    assert_eq!(world.tables().hidden, [world.anna]);
    assert!(world.changes.current() > changes, "the cards' memories end");
    for id in [1, 2, 4] {
        assert_eq!(
            world.state_of(id).and_then(|(_, reason)| reason).as_deref(),
            Some(CLOSED_REASON),
            "afspraak {id}"
        );
    }
    assert_eq!(
        world.told(),
        (
            vec![world.with_bert, world.with_carla],
            vec![AppointmentId(1), AppointmentId(2), AppointmentId(4)]
        )
    );
    Ok(())
}

#[test]
fn a_suspension_hides_ends_afspraken_warns_the_people_and_ends_the_sessions_once() -> Result<(), ModerationError> {
    let world = world();
    let changes = world.changes.current();
    world
        .closing
        .suspend(world.moderator, world.anna, "  Vraagt om geld  ")?;
    let tables = world.tables();
    assert_eq!(tables.suspended, [world.anna]);
    assert_eq!(tables.hidden, [world.anna]);
    assert!(world.changes.current() > changes, "the cards' memories end");
    assert_eq!(
        tables.mails,
        ["account_suspended", "account_suspended"],
        "Bert and Carla"
    );
    let warned: Vec<(String, MailMessage)> = world
        .mailer
        .sealed()
        .into_iter()
        .map(|(to, message)| (to.to_string(), message))
        .collect();
    assert!(
        warned
            .iter()
            .any(|(to, message)| to == &format!("lid{}@example.nl", world.bert.get())
                && *message
                    == MailMessage::AccountSuspended {
                        first_name: None,
                        suspended_first_name: format!("Lid {}", world.anna.get()),
                        conversation_id: world.with_bert,
                    }),
        "{warned:?}"
    );
    assert!(world.mailer.wakes() > 0);
    assert_eq!(*lock(&world.heard.sessions), [format!("sessie-{}", world.anna.get())]);
    assert_eq!(
        world.told(),
        (
            vec![world.with_bert, world.with_carla],
            vec![AppointmentId(1), AppointmentId(2), AppointmentId(4)]
        )
    );

    world.closing.suspend(world.moderator, world.anna, "nog eens")?;
    assert_eq!(world.tables(), tables, "a second suspension changes nothing");
    assert_eq!(world.mailer.sealed().len(), 2, "and warns nobody again");
    Ok(())
}

#[test]
fn a_suspension_whose_warnings_cannot_be_stored_does_not_stand() {
    let world = world();
    let before = world.tables();
    for step in ["suspend", "written_to", "queue_mail", "move_appointment"] {
        world.fail_at(step);
        let outcome = world.closing.suspend(world.moderator, world.anna, "oplichting");
        assert!(
            matches!(outcome, Err(ModerationError::Repository(_))),
            "{step}: {outcome:?}"
        );
        assert_eq!(
            world.tables(),
            before,
            "{step}: not suspended, every afspraak as it was"
        );
        assert_eq!(world.told(), (Vec::new(), Vec::new()), "{step}");
        assert!(lock(&world.heard.sessions).is_empty(), "{step}");
    }
}

#[test]
fn only_a_moderator_suspends_someone_else_who_exists_for_a_reason() {
    let world = world();
    let before = world.tables();
    assert!(matches!(
        world.closing.suspend(world.bert, world.anna, "oplichting"),
        Err(ModerationError::NotAModerator)
    ));
    assert!(matches!(
        world.closing.suspend(world.moderator, world.moderator, "oplichting"),
        Err(ModerationError::Yourself)
    ));
    assert!(matches!(
        world.closing.suspend(world.moderator, world.anna, "   "),
        Err(ModerationError::InvalidReason(_))
    ));
    assert!(matches!(
        world.closing.suspend(world.moderator, UserId(999), "oplichting"),
        Err(ModerationError::NotFound)
    ));
    assert_eq!(world.tables(), before);
    assert!(world.mailer.sealed().is_empty());
}

#[test]
fn only_a_moderator_hides_and_only_someone_who_exists() {
    let world = world();
    let before = world.tables();
    assert!(matches!(
        world.closing.hide(world.bert, world.anna),
        Err(ModerationError::NotAModerator)
    ));
    assert!(matches!(
        world.closing.hide(world.moderator, UserId(999)),
        Err(ModerationError::NotFound)
    ));
    assert_eq!(world.tables(), before);
    assert_eq!(world.told(), (Vec::new(), Vec::new()));
}

#[test]
fn a_deletion_that_fails_leaves_the_account_its_afspraken_and_its_photos() -> Result<(), RepositoryError> {
    let world = world();
    world.files.put(&format!("foto-{}.jpg", world.carla.get()), b"jpg")?;
    let before = world.tables();
    world.fail_at("delete_account");
    assert!(world.closing.delete_account(world.carla).is_err());
    assert_eq!(
        world.tables(),
        before,
        "the afspraken ended before the failure are open again"
    );
    assert!(world.files.get(&format!("foto-{}.jpg", world.carla.get()))?.is_some());
    assert_eq!(world.told(), (Vec::new(), Vec::new()));

    *lock(&world.closings.fail) = None;
    world.closing.delete_account(world.carla)?;
    assert_eq!(world.tables().deleted, [world.carla]);
    assert_eq!(
        world.state_of(4),
        Some((AppointmentState::Ingetrokken, Some(CLOSED_REASON.to_owned())))
    );
    assert!(world.files.get(&format!("foto-{}.jpg", world.carla.get()))?.is_none());
    assert_eq!(world.told(), (vec![world.with_carla], vec![AppointmentId(4)]));
    Ok(())
}
