//! The data layer against real databases: every test runs once on SQLite (module `sqlite`) and
//! once on PostgreSQL (module `postgres`, needs `OPPAS_TEST_POSTGRES_URL`).

use chrono::NaiveDate;
use oppas_domain::closing::ports::ClosingRepository;
use oppas_domain::kernel::enums::{Availability, Distance, Experience, GoodWith, HourlyRate, Language, PetSize};
use oppas_domain::kernel::limits::ThrottleRepository;
use oppas_domain::mail::message::SealedMail;
use oppas_domain::mail::ports::MailOutboxRepository;
use oppas_domain::maintenance::ports::Readiness;
use oppas_domain::messaging::closed::Closed;
use oppas_domain::messaging::conversation::Message;
use oppas_domain::messaging::conversation::MessageText;
use oppas_domain::messaging::live::LiveEvent;
use oppas_domain::messaging::live::LiveEventKind;
use oppas_domain::messaging::ports::{ConversationRepository, LiveRepository, Posted};
use oppas_domain::profiles::changes::ListingChanges;
use oppas_domain::profiles::demo;
use oppas_domain::profiles::ports::{PetEdit, PhotoChanges, ProfileRepository, ReadAt};
use oppas_domain::profiles::profile::{OwnerFields, PetFields, VolunteerFields, Whereabouts};
use oppas_domain::sign_in::code::SignInAttempt;
use oppas_domain::sign_in::ports::{CodePurpose, EmailCodeRepository, SessionRepository, UserRepository};
use oppas_domain::sign_in::session::StoredSession;
use oppas_domain::sign_in::user::NewUser;
use oppas_domain::trust::ports::{BlockRepository, ModerationRepository};
use oppas_domain::{Email, PetId, RepositoryError, SystemClock, UserId};
use oppas_persistence::testing::TestDatabase;
use oppas_persistence::{Database, PoolSettings};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

type TestResult = Result<(), Box<dyn std::error::Error>>;

/// A profile write that shows no uploaded photo.
const NO_PHOTOS: PhotoChanges = PhotoChanges {
    attach: Vec::new(),
    detach: Vec::new(),
};

fn open(db: &TestDatabase) -> Result<Database, Box<dyn std::error::Error>> {
    let database = Database::connect(db.url(), PoolSettings::default(), Arc::new(SystemClock))?;
    database.run_migrations()?;
    Ok(database)
}

fn new_user(database: &Database, email: &str) -> Result<UserId, Box<dyn std::error::Error>> {
    let user = database.create_user(&NewUser {
        email: Email::parse(email)?,
        first_name: Some("Test".into()),
        last_name: Some("Persoon".into()),
        avatar_url: None,
        email_verified_at: None,
    })?;
    Ok(user.id)
}

fn volunteer_fields() -> VolunteerFields {
    VolunteerFields {
        first_name: "Lotte".into(),
        last_name: "de Vries".into(),
        bio: Some("Ik wandel graag.".into()),
        whereabouts: Whereabouts {
            location: Some("Haarlem".into()),
            postal_code: Some("2011".into()),
            lat: Some(52.3812),
            lon: Some(4.6361),
        },
        phone: Some("06-12345678".into()),
        date_of_birth: NaiveDate::from_ymd_opt(1999, 4, 12),
        experience: Some(Experience::Ervaren),
        availability: vec![Availability::WeekendOverdag, Availability::Noodgevallen],
        languages: vec![Language::Nederlands],
        max_distance: Some(Distance::Km5),
        hourly_rate: Some(HourlyRate::Gratis),
        ..VolunteerFields::default()
    }
}

fn pet_fields(name: &str) -> PetFields {
    PetFields {
        name: name.into(),
        breed: Some("Beagle".into()),
        size: Some(PetSize::Middel),
        good_with: vec![GoodWith::Kinderen, GoodWith::Katten],
        ..PetFields::default()
    }
}

/// Runs `work(i)` for `i` in `0..n` on `n` threads at once; every result, or the first error.
fn concurrently<T: Send>(
    n: usize,
    work: impl Fn(usize) -> Result<T, RepositoryError> + Sync,
) -> Result<Vec<T>, Box<dyn std::error::Error>> {
    let joined = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..n)
            .map(|i| {
                scope.spawn({
                    let work = &work;
                    move || work(i)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| "thread panicked"))
            .collect::<Result<Vec<_>, _>>()
    })?;
    Ok(joined.into_iter().collect::<Result<Vec<T>, _>>()?)
}

fn migrations_run_up_then_down_then_up_again(db: TestDatabase) -> TestResult {
    let database = Database::connect(db.url(), PoolSettings::default(), Arc::new(SystemClock))?;
    let applied = database.run_migrations()?;
    assert!(!applied.is_empty(), "a fresh database gets every migration");
    assert!(!database.has_pending_migrations()?);
    new_user(&database, "voor@example.nl")?;

    let reverted = database.revert_all_migrations()?;
    assert_eq!(reverted.len(), applied.len(), "every migration has a working down.sql");
    assert!(database.has_pending_migrations()?);

    let again = database.run_migrations()?;
    assert_eq!(again, applied);
    assert_eq!(
        database.find_user_by_email(&Email::parse("voor@example.nl")?)?,
        None,
        "down removed the data"
    );
    new_user(&database, "na@example.nl")?;
    Ok(())
}

fn instances_that_start_at_once_apply_every_migration_once(db: TestDatabase) -> TestResult {
    let answers: Vec<Result<Vec<String>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..3)
            .map(|_| {
                scope.spawn(|| {
                    let database = Database::connect(db.url(), PoolSettings::default(), Arc::new(SystemClock))
                        .map_err(|e| e.to_string())?;
                    database.run_migrations().map_err(|e| e.to_string())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("thread panicked".to_owned())))
            .collect()
    });
    let applied: Vec<Vec<String>> = answers.into_iter().collect::<Result<_, _>>()?;
    let total: usize = applied.iter().map(Vec::len).sum();
    let all = applied.iter().map(Vec::len).max().unwrap_or(0);
    assert!(all > 0, "one of them applied the migrations");
    assert_eq!(
        total, all,
        "every migration was applied by exactly one of them: {applied:?}"
    );
    let database = open(&db)?;
    assert!(!database.has_pending_migrations()?);
    new_user(&database, "na@example.nl")?;
    Ok(())
}

fn a_user_is_found_by_id_and_by_email_and_an_address_is_taken_once(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let id = new_user(&database, "Sanne@Example.nl")?;
    let by_id = database.find_user(id)?.ok_or("user by id")?;
    assert_eq!(by_id.email.as_str(), "sanne@example.nl");
    assert_eq!(by_id.first_name.as_deref(), Some("Test"));
    let by_email = database.find_user_by_email(&Email::parse("SANNE@example.nl")?)?;
    assert_eq!(by_email.map(|u| u.id), Some(id));
    assert_eq!(database.find_user(UserId(id.get() + 1000))?, None);

    let again = new_user(&database, "sanne@example.nl");
    let conflict = again.map_err(|e| {
        e.downcast::<RepositoryError>()
            .map(|e| matches!(*e, RepositoryError::Conflict(ref rule) if rule == "users_email_key"))
    });
    assert!(
        matches!(conflict, Err(Ok(true))),
        "a taken address is a conflict on its rule, named alike on both backends"
    );
    Ok(())
}

fn a_volunteer_profile_is_stored_replaced_and_found_by_its_user(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let user = new_user(&database, "lotte@example.nl")?;
    let fields = volunteer_fields();
    let created = oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| database.create_volunteer(card, user, &fields, &NO_PHOTOS))?;
    assert_eq!(created.user_id, user);
    assert_eq!(created.fields, fields, "every field survives the round trip");

    let mut changed = fields.clone();
    changed.bio = None;
    changed.availability = vec![Availability::Vakantieperiodes];
    changed.max_distance = None;
    let updated = oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| database.update_volunteer(card, created.id, &changed, &NO_PHOTOS, ReadAt::ANY))?
        .ok_or("updated volunteer")?;
    assert_eq!(
        updated.fields, changed,
        "an update replaces the whole profile, NULLs included"
    );
    assert_eq!(database.find_volunteer_by_user(user)?.map(|v| v.id), Some(created.id));
    assert_eq!(database.find_volunteer(created.id)?.map(|v| v.fields), Some(changed));

    let twice = oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| database.create_volunteer(card, user, &fields, &NO_PHOTOS));
    assert!(
        matches!(&twice, Err(RepositoryError::Conflict(rule)) if rule == "profile_claims_pkey"),
        "one volunteer profile per user, told by its rule on both backends: {twice:?}"
    );
    Ok(())
}

fn an_owner_is_stored_with_a_first_pet_and_can_add_more(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let user = new_user(&database, "els@example.nl")?;
    let owner_fields = OwnerFields {
        first_name: "Els".into(),
        last_name: "Bakker".into(),
        phone: Some("050-1234567".into()),
        languages: vec![Language::Nederlands, Language::Fries],
        ..OwnerFields::default()
    };
    let (owner, first) = oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| database.create_owner(card, user, &owner_fields, &pet_fields("Guus"), &NO_PHOTOS))?;
    assert_eq!(owner.fields, owner_fields);
    assert_eq!(first.owner_id, owner.id);
    assert_eq!(first.fields, pet_fields("Guus"));
    let second = oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| database.add_pet(card, owner.id, &pet_fields("Saar"), 2, &NO_PHOTOS))?
        .ok_or("a second pet fits under a cap of two")?;
    assert_eq!(
        oppas_domain::profiles::changes::ListingChanges::default().write(|card| database.add_pet(
            card,
            owner.id,
            &pet_fields("Derde"),
            2,
            &NO_PHOTOS
        ))?,
        None,
        "a third does not"
    );
    let names: Vec<String> = database
        .list_pets(owner.id)?
        .into_iter()
        .map(|p| p.fields.name)
        .collect();
    assert_eq!(names, ["Guus", "Saar"]);

    let mut renamed = second.fields.clone();
    renamed.name = "Sara".into();
    assert_eq!(
        oppas_domain::profiles::changes::ListingChanges::default()
            .write(|card| database.update_pet(card, second.id, &renamed, &NO_PHOTOS, ReadAt::ANY))?
            .map(|p| p.fields.name),
        Some("Sara".into())
    );
    assert_eq!(database.find_pet(PetId(second.id.get() + 1000))?, None);
    assert_eq!(database.count_profiles()?, 2, "each pet is a listed profile");

    let twice = oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| database.create_owner(card, user, &owner_fields, &pet_fields("Extra"), &NO_PHOTOS));
    assert!(
        matches!(&twice, Err(RepositoryError::Conflict(rule)) if rule == "profile_claims_pkey"),
        "{twice:?}"
    );
    assert_eq!(
        database.list_pets(owner.id)?.len(),
        2,
        "a refused owner writes no pet either"
    );
    Ok(())
}

/// Caps are counted and written in one transaction that takes turns per person (docs/security.md E8).
fn a_write_against_an_older_read_is_stale_and_writes_nothing(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let volunteer_user = new_user(&database, "tabs@example.nl")?;
    let sitter = ListingChanges::default()
        .write(|card| database.create_volunteer(card, volunteer_user, &volunteer_fields(), &NO_PHOTOS))?;
    // Two tabs read the same profile; the first writes against what it read.
    let read = ReadAt {
        profile: Some(sitter.updated_at),
        pet: None,
    };
    let first = VolunteerFields {
        first_name: "Eerste".into(),
        ..volunteer_fields()
    };
    let written = ListingChanges::default()
        .write(|card| database.update_volunteer(card, sitter.id, &first, &NO_PHOTOS, read))?
        .ok_or("the first write goes through")?;
    assert!(
        written.updated_at > sitter.updated_at,
        "a checked write is stamped after what it read"
    );
    // The second, against the same older read, is refused and changes nothing.
    let second = VolunteerFields {
        last_name: "Tweede".into(),
        ..volunteer_fields()
    };
    let stale =
        ListingChanges::default().write(|card| database.update_volunteer(card, sitter.id, &second, &NO_PHOTOS, read));
    assert!(matches!(stale, Err(RepositoryError::Stale(_))), "{stale:?}");
    assert_eq!(database.find_volunteer(sitter.id)?.map(|v| v.fields), Some(first));
    // Against what is stored now it goes through.
    let fresh = ReadAt {
        profile: Some(written.updated_at),
        pet: None,
    };
    ListingChanges::default()
        .write(|card| database.update_volunteer(card, sitter.id, &second, &NO_PHOTOS, fresh))?
        .ok_or("a write against the newest read goes through")?;

    // An owner's write checks the edited pet's row too.
    let owner_user = new_user(&database, "baasje.tabs@example.nl")?;
    let owner_fields = OwnerFields {
        first_name: "Els".into(),
        ..OwnerFields::default()
    };
    let (owner, pet) = ListingChanges::default()
        .write(|card| database.create_owner(card, owner_user, &owner_fields, &pet_fields("Guus"), &NO_PHOTOS))?;
    let pet_read = ReadAt {
        profile: None,
        pet: Some(pet.updated_at),
    };
    ListingChanges::default()
        .write(|card| database.update_pet(card, pet.id, &pet_fields("Guusje"), &NO_PHOTOS, pet_read))?
        .ok_or("the pet's change goes through")?;
    let owner_read = ReadAt {
        profile: Some(owner.updated_at),
        pet: Some(pet.updated_at),
    };
    let renamed = OwnerFields {
        first_name: "Elsa".into(),
        ..owner_fields.clone()
    };
    let stale_owner = ListingChanges::default().write(|card| {
        let edit = PetEdit {
            id: None,
            fields: &pet_fields("Guus"),
        };
        database.update_owner(card, owner.id, &renamed, edit, &NO_PHOTOS, owner_read)
    });
    assert!(matches!(stale_owner, Err(RepositoryError::Stale(_))), "{stale_owner:?}");
    let (kept_owner, kept_pets) = database.owner_with_pets(owner.id)?.ok_or("the owner")?;
    assert_eq!(kept_owner.fields, owner_fields, "nothing of the stale write is kept");
    assert_eq!(kept_pets.first().map(|p| p.fields.name.as_str()), Some("Guusje"));
    Ok(())
}

fn simultaneous_adds_never_pass_a_cap(db: TestDatabase) -> TestResult {
    use oppas_domain::kernel::enums::ReportReason;
    use oppas_domain::trust::ports::{NewReport, ReportRepository};
    let database = open(&db)?;
    let user = new_user(&database, "els@example.nl")?;
    let owner_fields = OwnerFields {
        first_name: "Els".into(),
        last_name: "Bakker".into(),
        ..OwnerFields::default()
    };
    let (owner, _) = oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| database.create_owner(card, user, &owner_fields, &pet_fields("Guus"), &NO_PHOTOS))?;
    let added = concurrently(20, |i| {
        oppas_domain::profiles::changes::ListingChanges::default()
            .write(|card| database.add_pet(card, owner.id, &pet_fields(&format!("Dier {i}")), 5, &NO_PHOTOS))
    })?;
    assert_eq!(added.iter().flatten().count(), 4, "one pet was there already");
    assert_eq!(database.list_pets(owner.id)?.len(), 5);

    let other = new_user(&database, "ander@example.nl")?;
    let report = NewReport {
        reporter: user,
        reported: other,
        listing: None,
        conversation: None,
        reference: None,
        reason: ReportReason::Anders,
        note: None,
    };
    let since = SystemClock.now_for_tests() - chrono::Duration::days(1);
    let stored = concurrently(20, |_| database.add_report(&report, 3, since))?;
    assert_eq!(stored.iter().filter(|stored| **stored).count(), 3);

    // New conversations and uploads are capped by throttle counters: each hit adds one in a
    // single statement, so no more hits than the cap see a count within it.
    let now = SystemClock.now_for_tests();
    let counts = concurrently(40, |_| database.hit("conversation:1", 3600, now))?;
    assert!(counts.iter().filter(|hit| hit.count <= 10).count() <= 10, "{counts:?}");
    assert_eq!(database.peek("conversation:1")?.map(|state| state.count), Some(40));
    Ok(())
}

fn text(raw: &str) -> Result<MessageText, Box<dyn std::error::Error>> {
    Ok(MessageText::parse(raw)?)
}

/// A message stored; one that is refused fails the test.
fn sent(posted: Result<Posted, RepositoryError>) -> Result<(Message, Vec<LiveEvent>), Box<dyn std::error::Error>> {
    match posted? {
        Posted::Sent(message, events) => Ok((message, events)),
        Posted::Closed(reason) => Err(format!("the message was refused: {reason}").into()),
    }
}

fn a_pair_has_one_conversation_per_pet_with_ordered_messages(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let b = new_user(&database, "b@example.nl")?;
    let owner = new_user(&database, "c@example.nl")?;
    let (_, pet) = oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| database.create_owner(card, owner, &OwnerFields::default(), &pet_fields("Bobby"), &NO_PHOTOS))?;

    let first = database.start_conversation(a, b, None)?;
    assert_eq!(
        database.start_conversation(b, a, None)?.id,
        first.id,
        "the pair is unordered"
    );
    assert_eq!(
        database.find_conversation_between(b, a, None)?.map(|c| c.id),
        Some(first.id)
    );
    let about_pet = database.start_conversation(a, b, Some(pet.id))?;
    assert_ne!(about_pet.id, first.id);
    assert_eq!(about_pet.pet_id, Some(pet.id));
    assert!(about_pet.about_pet && !first.about_pet);
    assert!(first.has_participant(a) && first.has_participant(b) && !first.has_participant(owner));

    let (m1, events) = sent(database.add_message(&first, a, &text("Hoi!")?))?;
    assert_eq!(events.len(), 2, "one stored event for each participant");
    assert!(events.iter().all(|e| e.id.is_some()));
    let (m2, _) = sent(database.add_message(&first, b, &text("Hallo, leuk dat je reageert.")?))?;
    let bodies: Vec<String> = database
        .messages_before(first.id, None, 10)?
        .into_iter()
        .map(|m| m.body)
        .collect();
    assert_eq!(bodies, ["Hallo, leuk dat je reageert.", "Hoi!"], "newest first");
    let older: Vec<_> = database
        .messages_before(first.id, Some(m2.id), 10)?
        .into_iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(older, [m1.id], "keyset paging before a message");

    let now = oppas_domain::Clock::now(&SystemClock);
    let listed: Vec<_> = database.inbox(a, now)?.into_iter().map(|e| e.conversation.id).collect();
    assert_eq!(
        listed,
        [first.id, about_pet.id],
        "the conversation with the newest message comes first"
    );
    let for_b: Vec<_> = database.inbox(b, now)?.into_iter().map(|e| e.conversation.id).collect();
    assert_eq!(
        for_b,
        [first.id],
        "a started conversation without messages shows only to its starter"
    );
    assert!(database.inbox(owner, now)?.is_empty());
    Ok(())
}

fn unread_counts_follow_the_read_marks(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let b = new_user(&database, "b@example.nl")?;
    let c = new_user(&database, "c@example.nl")?;
    let ab = database.start_conversation(a, b, None)?;
    let cb = database.start_conversation(c, b, None)?;
    sent(database.add_message(&ab, a, &text("een")?))?;
    sent(database.add_message(&ab, a, &text("twee")?))?;
    let (last, _) = sent(database.add_message(&cb, c, &text("drie")?))?;
    sent(database.add_message(&ab, b, &text("eigen berichten tellen niet")?))?;
    assert_eq!(database.unread_count(a)?, 1, "b's reply, not a's own messages");
    assert_eq!(database.unread_count(b)?, 1, "writing in ab read ab; cb is unread");

    let events = database.mark_read(cb.id, b, &[b, c])?;
    assert_eq!(events.len(), 2, "a read receipt for both people");
    assert_eq!(database.unread_count(b)?, 0);
    assert!(database.mark_read(cb.id, b, &[b, c])?.is_empty(), "nothing new to mark");
    let marks = database.read_marks(cb.id)?;
    assert!(marks.contains(&(b, last.id)), "{marks:?}");
    assert!(marks.contains(&(c, last.id)), "the sender has read their own message");

    // Only the people told get the read event.
    sent(database.add_message(&ab, b, &text("nog een")?))?;
    let events = database.mark_read(ab.id, a, &[a])?;
    assert_eq!(events.iter().map(|e| e.user).collect::<Vec<_>>(), [a]);
    Ok(())
}

fn a_notification_is_claimed_once_per_quiet_period_or_after_reading(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let b = new_user(&database, "b@example.nl")?;
    let ab = database.start_conversation(a, b, None)?;
    let t0 = oppas_domain::Clock::now(&SystemClock);
    let minutes = |m: i64| chrono::Duration::minutes(m);
    assert!(database.claim_notification(ab.id, b, t0, t0 - minutes(30))?);
    let claims = concurrently(8, |_| database.claim_notification(ab.id, b, t0, t0 - minutes(30)))?;
    assert!(
        claims.iter().all(|claimed| !claimed),
        "claimed once, also under concurrency"
    );
    let later = t0 + minutes(31);
    assert!(database.claim_notification(ab.id, b, later, later - minutes(30))?);
    sent(database.add_message(&ab, a, &text("hoi")?))?;
    database.mark_read(ab.id, b, &[a, b])?;
    let soon = later + minutes(1);
    assert!(
        !database.claim_notification(ab.id, b, soon, soon - minutes(30))?,
        "read before the last notice: the mark is older than the notice"
    );
    Ok(())
}

fn removing_a_pet_keeps_its_conversations(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let owner = new_user(&database, "o@example.nl")?;
    let (_, pet) = oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| database.create_owner(card, owner, &OwnerFields::default(), &pet_fields("Bobby"), &NO_PHOTOS))?;
    let about = database.start_conversation(a, owner, Some(pet.id))?;
    sent(database.add_message(&about, a, &text("Hoi")?))?;
    let plain = database.start_conversation(a, owner, None)?;
    assert_ne!(plain.id, about.id);
    db.execute(&format!("DELETE FROM pets WHERE id = {}", pet.id.get()))?;
    let kept = database.find_conversation(about.id)?.ok_or("the conversation stays")?;
    assert_eq!((kept.pet_id, kept.about_pet), (None, true));
    assert_eq!(database.messages_before(about.id, None, 10)?.len(), 1);
    assert_eq!(
        database.start_conversation(owner, a, None)?.id,
        plain.id,
        "the pair's conversation without a pet is still the one"
    );
    Ok(())
}

fn events_are_kept_for_replay_in_order(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let b = new_user(&database, "b@example.nl")?;
    let ab = database.start_conversation(a, b, None)?;
    let (_, first) = sent(database.add_message(&ab, a, &text("een")?))?;
    sent(database.add_message(&ab, a, &text("twee")?))?;
    let first_of_b = first
        .iter()
        .find(|e| e.user == b)
        .and_then(|e| e.id)
        .ok_or("b's event")?;
    let after = database.events_after(b, first_of_b, 10)?;
    assert_eq!(after.len(), 1, "only what came after");
    assert!(matches!(after[0].kind, LiveEventKind::Message { .. }));
    assert_eq!(database.events_after(b, 0, 10)?.len(), 2);
    assert_eq!(database.partners(a)?, [b]);
    let future = oppas_domain::Clock::now(&SystemClock) + chrono::Duration::hours(1);
    assert_eq!(database.delete_events_before(future)?, 4);
    Ok(())
}

/// Polls `done` until it holds, for at most 10 s.
fn wait_for(mut done: impl FnMut() -> Result<bool, Box<dyn std::error::Error>>) -> TestResult {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done()? {
        if Instant::now() > deadline {
            return Err("not within 10 s".into());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    Ok(())
}

/// The message each of these events announces.
fn announced(events: &[oppas_domain::messaging::live::LiveEvent]) -> Vec<oppas_domain::MessageId> {
    events
        .iter()
        .filter_map(|event| match event.kind {
            LiveEventKind::Message { message_id, .. } => Some(message_id),
            _ => None,
        })
        .collect()
}

fn a_replay_from_the_last_number_seen_never_misses_an_event_that_committed_later(db: TestDatabase) -> TestResult {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;
    let database = open(&db)?;
    // P has the lowest id, so each send stores P's event before the other person's.
    let p = new_user(&database, "p@example.nl")?;
    let q = new_user(&database, "q@example.nl")?;
    let r = new_user(&database, "r@example.nl")?;
    let pq = database.start_conversation(p, q, None)?;
    let pr = database.start_conversation(p, r, None)?;
    let (one, two) = (text("een")?, text("twee")?);
    // On PostgreSQL a second connection holds Q's account row: the first send stores P's event
    // and then waits, uncommitted, while the second send is made.
    let mut holder = match oppas_persistence::DatabaseUrl::parse(db.url())? {
        oppas_persistence::DatabaseUrl::Postgres(url) => {
            let mut conn = diesel::PgConnection::establish(&url)?;
            conn.batch_execute(&format!(
                "BEGIN; SELECT id FROM users WHERE id = {} FOR UPDATE",
                q.get()
            ))?;
            Some(conn)
        }
        oppas_persistence::DatabaseUrl::Sqlite(_) => None,
    };
    let on_postgres = holder.is_some();
    let waiting = |at_least: i64| -> Result<bool, Box<dyn std::error::Error>> {
        Ok(on_postgres
            && db.count("pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")?
                >= at_least)
    };
    let (seen, first, second) = std::thread::scope(|scope| -> Result<_, Box<dyn std::error::Error>> {
        let first = scope.spawn(|| database.add_message(&pq, p, &one));
        wait_for(|| Ok(first.is_finished() || waiting(1)?))?;
        let second = scope.spawn(|| database.add_message(&pr, p, &two));
        // The second send either finishes or waits for the first.
        wait_for(|| Ok(second.is_finished() || waiting(2)?))?;
        // What P's browser receives now.
        let seen = database.events_after(p, 0, 10)?;
        if let Some(conn) = holder.as_mut() {
            conn.batch_execute("ROLLBACK")?;
        }
        let first = sent(first.join().map_err(|_| "the first send panicked")?)?;
        let second = sent(second.join().map_err(|_| "the second send panicked")?)?;
        Ok((seen, first.0, second.0))
    })?;

    // The browser reconnects with the last number it saw.
    let last = seen.iter().filter_map(|e| e.id).max().unwrap_or(0);
    let replayed = database.events_after(p, last, 10)?;
    let mut got = announced(&seen);
    got.extend(announced(&replayed));
    got.sort();
    assert_eq!(got, [first.id, second.id], "seen {seen:?}, then replayed {replayed:?}");

    // A person's numbers follow each other without gaps, in the order their events committed.
    let numbers: Vec<i64> = database.events_after(p, 0, 10)?.iter().filter_map(|e| e.id).collect();
    let from = numbers.first().copied().ok_or("P's events")?;
    assert_eq!(numbers, (from..from + 2).collect::<Vec<_>>());
    Ok(())
}

fn concurrent_sends_leave_the_newest_message_as_the_last(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let b = new_user(&database, "b@example.nl")?;
    let ab = database.start_conversation(a, b, None)?;
    let body = text("tegelijk")?;
    let posted = concurrently(10, |i| database.add_message(&ab, if i % 2 == 0 { a } else { b }, &body))?;
    let messages = posted
        .into_iter()
        .map(|posted| sent(Ok(posted)))
        .collect::<Result<Vec<_>, _>>()?;
    let newest = messages.iter().map(|(m, _)| m.id).max().ok_or("messages")?;
    let stored = database.find_conversation(ab.id)?.ok_or("the conversation")?;
    assert_eq!(
        stored.last_message_id,
        Some(newest),
        "never moved back by a slower send"
    );
    Ok(())
}

/// The insert of a message reads, in its own transaction, whether the conversation is still open:
/// a sender holding a page from before a block, a hidden profile or a deletion stores nothing.
fn a_message_after_a_closing_committed_is_refused_in_its_own_transaction(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let b = new_user(&database, "b@example.nl")?;
    // What both senders read before anything closed it.
    let ab = database.start_conversation(a, b, None)?;
    let changes = ListingChanges::default();

    database.block(a, b)?;
    assert_eq!(
        database.add_message(&ab, a, &text("na mijn blokkade")?)?,
        Posted::Closed(Closed::Blocked)
    );
    assert_eq!(
        database.add_message(&ab, b, &text("na de blokkade")?)?,
        Posted::Closed(Closed::Unavailable)
    );
    database.unblock(a, b)?;

    changes.write(|card| database.set_hidden(card, a, b, true))?;
    assert_eq!(
        database.add_message(&ab, a, &text("verborgen")?)?,
        Posted::Closed(Closed::Unavailable)
    );
    assert_eq!(
        database.add_message(&ab, b, &text("zelf verborgen")?)?,
        Posted::Closed(Closed::OwnProfileHidden)
    );
    changes.write(|card| database.set_hidden(card, a, b, false))?;
    assert!(
        database.messages_before(ab.id, None, 10)?.is_empty(),
        "nothing was stored"
    );
    sent(database.add_message(&ab, a, &text("weer open")?))?;

    changes.write(|card| {
        database.in_one_transaction(&mut |store| {
            store
                .delete_account(card, b, "verwijderd-1@verwijderd.invalid")
                .map(|_| ())
        })
    })?;
    assert_eq!(
        database.add_message(&ab, a, &text("na het verwijderen")?)?,
        Posted::Closed(Closed::AccountDeleted)
    );
    assert_eq!(database.messages_before(ab.id, None, 10)?.len(), 1);
    Ok(())
}

/// A message racing a block: the block's transaction holds the conversation (as every closing
/// does) and has stored the block, uncommitted, when the message's transaction starts; the
/// message waits for it and, once the block commits, is refused.
fn a_message_whose_transaction_commits_after_a_block_is_refused(db: TestDatabase) -> TestResult {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let b = new_user(&database, "b@example.nl")?;
    let ab = database.start_conversation(a, b, None)?;
    let closing = format!(
        "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ({}, {}, CURRENT_TIMESTAMP)",
        b.get(),
        a.get()
    );
    let (mut pg, mut sqlite) = (None, None);
    match oppas_persistence::DatabaseUrl::parse(db.url())? {
        oppas_persistence::DatabaseUrl::Postgres(url) => {
            let mut conn = diesel::PgConnection::establish(&url)?;
            conn.batch_execute(&format!(
                "BEGIN; SELECT id FROM conversations WHERE id = {} FOR NO KEY UPDATE; {closing}",
                ab.id.get()
            ))?;
            pg = Some(conn);
        }
        oppas_persistence::DatabaseUrl::Sqlite(path) => {
            let mut conn = diesel::SqliteConnection::establish(&path)?;
            conn.batch_execute(&format!("BEGIN IMMEDIATE; {closing}"))?;
            sqlite = Some(conn);
        }
    }
    let message = text("nog snel")?;
    let posted = std::thread::scope(|scope| -> Result<_, Box<dyn std::error::Error>> {
        let sending = scope.spawn(|| database.add_message(&ab, a, &message));
        // On PostgreSQL the send is under way once it waits for the conversation (SQLite's
        // waits for the write lock, which it cannot show).
        wait_for(|| {
            Ok(sending.is_finished()
                || pg.is_none()
                || db.count("pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")? >= 1)
        })?;
        for conn in [
            pg.as_mut().map(|c| c as &mut dyn SimpleConnection),
            sqlite.as_mut().map(|c| c as &mut dyn SimpleConnection),
        ]
        .into_iter()
        .flatten()
        {
            conn.batch_execute("COMMIT")?;
        }
        Ok(sending.join().map_err(|_| "the send panicked")??)
    })?;
    assert_eq!(posted, Posted::Closed(Closed::Unavailable));
    assert!(database.messages_before(ab.id, None, 10)?.is_empty());
    Ok(())
}

/// A closing whose work fails after its act leaves nothing of the act.
fn a_closing_that_fails_after_its_act_leaves_nothing(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let b = new_user(&database, "b@example.nl")?;
    database.start_conversation(a, b, None)?;
    let outcome = database.in_one_transaction(&mut |store| {
        store.block(a, b)?;
        assert_eq!(store.conversations_of(a)?.len(), 1);
        Err(RepositoryError::Gone("an afspraak".to_owned()))
    });
    assert!(matches!(outcome, Err(RepositoryError::Gone(_))));
    assert!(!database.blocked_between(a, b)?, "the block was rolled back");
    Ok(())
}

fn ten_concurrent_starts_make_one_conversation(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let a = new_user(&database, "a@example.nl")?;
    let b = new_user(&database, "b@example.nl")?;
    let ids: Vec<_> = concurrently(10, |i| {
        if i % 2 == 0 {
            database.start_conversation(a, b, None)
        } else {
            database.start_conversation(b, a, None)
        }
    })?
    .into_iter()
    .map(|c| c.id)
    .collect();
    let distinct: HashSet<_> = ids.iter().collect();
    assert_eq!(ids.len(), 10);
    assert_eq!(distinct.len(), 1, "every caller got the same conversation");
    Ok(())
}

fn seeding_the_demo_twice_leaves_exactly_eight_profiles(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let first = demo::seed(
        &database,
        &database,
        &database,
        &oppas_domain::profiles::changes::ListingChanges::default(),
        &SystemClock,
    )?;
    assert_eq!((first.created, first.existing), (8, 0));
    let second = demo::seed(
        &database,
        &database,
        &database,
        &oppas_domain::profiles::changes::ListingChanges::default(),
        &SystemClock,
    )?;
    assert_eq!((second.created, second.existing), (0, 8));
    assert_eq!(database.count_profiles()?, 8);
    // Sanne looks for help with Bobby on the days she works.
    let sanne = database
        .find_user_by_email(&oppas_domain::Email::parse("sanne.jansen@demo.oppasmaatje.nl")?)?
        .ok_or("Sanne")?;
    let owner = database.find_owner_by_user(sanne.id)?.ok_or("her profile")?;
    let pets = database.list_pets(owner.id)?;
    assert_eq!(
        pets.first().and_then(|pet| pet.help.as_ref()).map(|help| help.kind()),
        Some(oppas_domain::kernel::enums::HelpKind::Regelmatig)
    );
    Ok(())
}

fn the_readiness_probe_answers_on_a_working_database(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    database.ping()?;
    Ok(())
}

fn a_job_turn_goes_to_one_of_many_instances_once_per_turn(db: TestDatabase) -> TestResult {
    use oppas_domain::kernel::jobs::JobTurns;
    use oppas_domain::maintenance::service::{CLEAN_UP, CLEAN_UP_TURN};
    let database = open(&db)?;
    let now = SystemClock.now_for_tests();
    // Ten instances ask at the same moment: one of them runs the clean-up.
    let taken = concurrently(10, |_| database.take_turn(CLEAN_UP, now, CLEAN_UP_TURN))?;
    assert_eq!(taken.iter().filter(|taken| **taken).count(), 1, "{taken:?}");
    // Another instance, twenty minutes later in the same hour: not its turn.
    let later = now + chrono::Duration::minutes(20);
    assert!(!database.take_turn(CLEAN_UP, later, CLEAN_UP_TURN)?);
    // The next hour: the first to ask.
    let next_hour = now + chrono::Duration::minutes(60);
    assert!(database.take_turn(CLEAN_UP, next_hour, CLEAN_UP_TURN)?);
    assert!(!database.take_turn(CLEAN_UP, next_hour, CLEAN_UP_TURN)?);
    // Another job keeps turns of its own.
    assert!(database.take_turn("another-job", later, CLEAN_UP_TURN)?);
    Ok(())
}

fn a_person_stays_online_while_another_instance_holds_their_stream(db: TestDatabase) -> TestResult {
    // Two instances on one database: each its own origin.
    let here = open(&db)?;
    let there = open(&db)?;
    let user = new_user(&here, "aanwezig@example.nl")?;
    let now = SystemClock.now_for_tests();
    let until = now + chrono::Duration::seconds(45);
    let online =
        |at| -> Result<bool, Box<dyn std::error::Error>> { Ok(here.find_user(user)?.ok_or("user")?.is_online(at)) };
    here.hold_presence(&[user], until)?;
    there.hold_presence(&[user], until)?;
    assert!(online(now)?);
    // The last stream here closes; the other instance still holds one.
    assert!(here.release_presence(user, now)?, "held elsewhere");
    assert!(online(now)?);
    // Closing again here changes nothing; the other instance's close makes them offline.
    assert!(here.release_presence(user, now)?, "still held elsewhere");
    assert!(!there.release_presence(user, now)?, "held nowhere");
    assert!(!online(now)?);
    // An instance that died keeps its hold only until it runs out.
    there.hold_presence(&[user], now + chrono::Duration::seconds(1))?;
    here.hold_presence(&[user], until)?;
    let later = now + chrono::Duration::seconds(2);
    assert!(!here.release_presence(user, later)?, "the dead instance's hold ran out");
    assert!(!online(later)?);
    // A heartbeat that names an account deleted meanwhile still renews everyone else.
    here.hold_presence(&[UserId(user.get() + 1000), user], until)?;
    assert!(online(now)?);
    Ok(())
}

/// An instant goes into its naive UTC column and comes back the same, to the microsecond: one
/// from the clock, and one given in the hour the clocks in the Netherlands go back.
fn an_instant_reads_back_as_it_was_written(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let user = new_user(&database, "tijd@example.nl")?;
    let from_clock = oppas_domain::Clock::now(&SystemClock);
    let switch = chrono::DateTime::from_timestamp_micros(1_792_890_000_123_456).ok_or("an instant")?;
    for (key, at) in [("hash-clock", from_clock), ("hash-switch", switch)] {
        let session = StoredSession {
            user_id: Some(user),
            state: "{}".into(),
            auth_at: Some(at),
            last_seen_at: at,
            expires_at: at + chrono::Duration::hours(24),
            created_at: at,
        };
        database.insert_session(key, &session)?;
        assert_eq!(database.find_session(key)?, Some(session), "{at}");
    }
    Ok(())
}

fn sessions_are_stored_by_key_hash_and_can_be_revoked(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let user = new_user(&database, "sessie@example.nl")?;
    let now = SystemClock.now_for_tests();
    let session = StoredSession {
        user_id: Some(user),
        state: r#"{"user_id":"1"}"#.into(),
        auth_at: Some(now),
        last_seen_at: now,
        expires_at: now + chrono::Duration::hours(24),
        created_at: now,
    };
    database.insert_session("hash-a", &session)?;
    database.insert_session("hash-b", &session)?;
    let anonymous = StoredSession {
        user_id: None,
        ..session.clone()
    };
    database.insert_session("hash-c", &anonymous)?;
    assert_eq!(database.find_session("hash-a")?, Some(session.clone()));
    assert!(matches!(
        database.insert_session("hash-a", &session),
        Err(RepositoryError::Conflict(rule)) if rule == "sessions_key_hash_key"
    ));

    let later = now + chrono::Duration::hours(1);
    database.touch_session("hash-a", later, later + chrono::Duration::hours(24))?;
    assert_eq!(database.find_session("hash-a")?.map(|s| s.last_seen_at), Some(later));
    let changed = StoredSession {
        state: "{}".into(),
        ..session.clone()
    };
    assert!(database.update_session("hash-b", &changed)?);
    assert!(!database.update_session("hash-gone", &changed)?);

    database.delete_session("hash-b")?;
    assert_eq!(database.find_session("hash-b")?, None);
    assert_eq!(
        database.delete_sessions_of_user(user)?,
        1,
        "only hash-a was left for the user"
    );
    assert_eq!(
        database.delete_expired_sessions(now + chrono::Duration::days(2))?,
        1,
        "the anonymous one expired"
    );
    assert_eq!(database.find_session("hash-c")?, None);
    Ok(())
}

fn an_unverified_account_takes_new_names_and_is_removed_when_stale(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let now = SystemClock.now_for_tests();
    let unverified = new_user(&database, "nieuw@example.nl")?;
    let verified = new_user(&database, "bevestigd@example.nl")?;
    database.mark_email_verified(verified, now)?;
    let renamed = database
        .rename_unverified(unverified, "Kim", "Bakker", now)?
        .ok_or("renamed")?;
    assert_eq!(renamed.first_name.as_deref(), Some("Kim"));
    assert_eq!(renamed.last_name.as_deref(), Some("Bakker"));
    assert_eq!(
        database.rename_unverified(verified, "Kim", "Bakker", now)?,
        None,
        "a verified account keeps its names"
    );
    assert_eq!(
        database.find_user(verified)?.and_then(|u| u.first_name).as_deref(),
        Some("Test")
    );
    let later = now + chrono::Duration::days(15);
    assert_eq!(
        database.delete_unverified_before(later)?,
        1,
        "only the unverified one goes"
    );
    assert_eq!(database.find_user(unverified)?, None);
    assert!(database.find_user(verified)?.is_some());
    Ok(())
}

fn a_new_code_voids_the_old_one_and_is_consumed_exactly_once(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let email = Email::parse("code@example.nl")?;
    let now = SystemClock.now_for_tests();
    let expires = now + chrono::Duration::minutes(10);
    let mine = SignInAttempt::from_random([1; 32]);
    let strangers = SignInAttempt::from_random([2; 32]);
    for (attempt, hash) in [(&mine, "hash-1"), (&strangers, "hash-stranger"), (&mine, "hash-2")] {
        database.replace_code(
            &email,
            CodePurpose::Register,
            attempt,
            hash,
            &format!("link-of-{hash}"),
            expires,
            &sealed("registration_code"),
        )?;
    }
    database.replace_code(
        &email,
        CodePurpose::Login,
        &mine,
        "hash-login",
        "link-of-hash-login",
        expires,
        &sealed("login_code"),
    )?;
    for voided in ["link-of-hash-1", "link-of-hash-stranger", "", "unknown"] {
        assert_eq!(
            database.linked_code(voided, now)?,
            None,
            "{voided}: a newer mail voids the earlier links, whichever browser asked"
        );
    }
    let linked = database.linked_code("link-of-hash-2", now)?.ok_or("the newest link")?;
    assert_eq!(
        (linked.email.clone(), linked.purpose),
        (email.clone(), CodePurpose::Register)
    );
    assert_eq!(
        database
            .linked_code("link-of-hash-login", now)?
            .map(|code| code.purpose),
        Some(CodePurpose::Login),
        "each purpose has its own newest link"
    );
    assert_eq!(database.linked_code("link-of-hash-2", expires)?, None, "expired");
    assert_eq!(
        database.waiting_mail()?,
        4,
        "each code's mail waits in the outbox with it"
    );
    let active = database
        .active_code(&email, CodePurpose::Register, &mine, now)?
        .ok_or("active code")?;
    assert_eq!(
        active.code_hash, "hash-2",
        "the newer code voided the older of the same browser"
    );
    assert_eq!(
        database
            .active_code(&email, CodePurpose::Register, &strangers, now)?
            .map(|code| code.code_hash),
        Some("hash-stranger".to_owned()),
        "another browser's code is its own, untouched by this browser's new code"
    );
    assert_eq!(
        database.active_code(&email, CodePurpose::Register, &SignInAttempt::from_random([3; 32]), now)?,
        None,
        "a browser that asked for nothing finds nothing"
    );
    let reserved = concurrently(40, |_| database.reserve_guess(active.id, 5, now))?
        .into_iter()
        .filter(|won| *won)
        .count();
    assert_eq!(reserved, 5, "40 simultaneous guesses, five reserved");
    assert!(
        !database.reserve_guess(active.id, 5, now)?,
        "the code has no guess left"
    );
    let login = database
        .active_code(&email, CodePurpose::Login, &mine, now)?
        .ok_or("login code")?;
    assert!(database.reserve_guess(login.id, 1, now)?);
    assert!(
        !database.reserve_guess(login.id, 1, now)?,
        "a smaller allowance holds too"
    );
    assert!(
        !database.reserve_guess(login.id, 5, expires)?,
        "no guess on an expired code"
    );
    assert_eq!(
        database.active_code(&email, CodePurpose::Register, &mine, expires)?,
        None,
        "expired at its expiry"
    );

    let winners = concurrently(20, |_| database.consume_code(active.id, now))?
        .into_iter()
        .filter(|won| *won)
        .count();
    assert_eq!(winners, 1, "20 concurrent consumers, one winner");
    assert_eq!(database.active_code(&email, CodePurpose::Register, &mine, now)?, None);
    assert_eq!(
        database.linked_code("link-of-hash-2", now)?,
        None,
        "a used code's link is spent"
    );
    assert!(
        database.active_code(&email, CodePurpose::Login, &mine, now)?.is_some(),
        "purposes are separate"
    );
    assert_eq!(database.delete_codes_before(now + chrono::Duration::hours(1))?, 4);
    Ok(())
}

fn throttles_count_in_windows_and_can_be_locked_and_cleared(db: TestDatabase) -> TestResult {
    let database = open(&db)?;
    let now = SystemClock.now_for_tests();
    assert_eq!(database.hit("send:a", 180, now)?.count, 1);
    assert_eq!(
        database.hit("send:a", 180, now + chrono::Duration::seconds(10))?.count,
        2
    );
    assert_eq!(database.hit("send:b", 180, now)?.count, 1, "keys are separate");
    let restarted = database.hit("send:a", 180, now + chrono::Duration::seconds(180))?;
    assert_eq!(
        (restarted.count, restarted.window_start),
        (1, now + chrono::Duration::seconds(180))
    );

    let until = now + chrono::Duration::days(365);
    database.lock("lock:a", until, now)?;
    assert_eq!(database.peek("lock:a")?.and_then(|s| s.locked_until), Some(until));
    database.clear("lock:a")?;
    assert_eq!(database.peek("lock:a")?, None);
    Ok(())
}

fn sealed(kind: &'static str) -> SealedMail {
    SealedMail {
        kind,
        body: format!("sealed-{kind}"),
    }
}

fn each_waiting_mail_is_claimed_once_even_by_two_instances(db: TestDatabase) -> TestResult {
    let one = open(&db)?;
    let two = Database::connect(db.url(), PoolSettings::default(), Arc::new(SystemClock))?;
    for kind in [
        "login_code",
        "no_account",
        "new_message",
        "registration_code",
        "login_code",
    ] {
        one.enqueue(&sealed(kind))?;
    }
    let claimed = concurrently(16, |i| {
        let database = if i % 2 == 0 { &one } else { &two };
        database.claim_due(120, 2)
    })?;
    let mut ids: Vec<i64> = claimed.iter().flatten().map(|mail| mail.id).collect();
    ids.sort_unstable();
    let claims = ids.len();
    ids.dedup();
    assert_eq!((claims, ids.len()), (5, 5), "every mail claimed, none twice");
    assert!(claimed.iter().flatten().all(|mail| mail.attempts == 1));
    assert!(one.claim_due(120, 10)?.is_empty(), "leased mail is not taken again");

    let first = ids[0];
    let now = SystemClock.now_for_tests();
    one.retry_mail_at(first, now - chrono::Duration::seconds(1))?;
    let again = two.claim_due(120, 10)?;
    assert_eq!(
        again.iter().map(|mail| (mail.id, mail.attempts)).collect::<Vec<_>>(),
        [(first, 2)]
    );
    assert_eq!(again[0].body, "sealed-login_code");
    one.retry_mail_at(first, now + chrono::Duration::hours(1))?;
    assert!(two.claim_due(120, 10)?.is_empty(), "not before its time");
    for id in ids {
        one.remove_mail(id)?;
    }
    assert_eq!(one.waiting_mail()?, 0);
    Ok(())
}

fn new_upload(user: UserId, name: &str) -> oppas_domain::uploads::upload::NewUpload {
    oppas_domain::uploads::upload::NewUpload {
        public_name: name.to_owned(),
        user_id: user,
        content_type: "image/jpeg".to_owned(),
        bytes: 5,
        width: 1,
        height: 1,
    }
}

fn photos(attach: &[&str], detach: &[&str]) -> PhotoChanges {
    PhotoChanges {
        attach: attach.iter().map(|name| (*name).to_owned()).collect(),
        detach: detach.iter().map(|name| (*name).to_owned()).collect(),
    }
}

fn uploads_wait_for_the_clean_up_from_when_no_profile_shows_them(db: TestDatabase) -> TestResult {
    use oppas_domain::uploads::ports::UploadRepository;
    let database = open(&db)?;
    let user = new_user(&database, "foto@example.nl")?;
    for name in ["los.jpg", "vast.jpg", "losgelaten.jpg"] {
        database.create_upload(&new_upload(user, name))?;
    }
    let sitter = oppas_domain::profiles::changes::ListingChanges::default().write(|card| {
        database.create_volunteer(
            card,
            user,
            &volunteer_fields(),
            &photos(&["vast.jpg", "losgelaten.jpg"], &[]),
        )
    })?;
    let attached = |name: &str| -> Result<bool, RepositoryError> {
        Ok(database.find_upload(name)?.is_some_and(|upload| upload.attached))
    };
    assert!(attached("vast.jpg")? && attached("losgelaten.jpg")? && !attached("los.jpg")?);
    let later = SystemClock.now_for_tests() + chrono::Duration::seconds(5);
    assert_eq!(
        database.claim_unattached_before(later)?,
        ["los.jpg"],
        "attached uploads are never taken"
    );
    assert_eq!(database.find_upload("los.jpg")?, None, "the claim removed the record");

    oppas_domain::profiles::changes::ListingChanges::default().write(|card| {
        database.update_volunteer(
            card,
            sitter.id,
            &volunteer_fields(),
            &photos(&["vast.jpg"], &["losgelaten.jpg"]),
            ReadAt::ANY,
        )
    })?;
    assert!(attached("vast.jpg")? && !attached("losgelaten.jpg")?);
    let before_letting_go = SystemClock.now_for_tests() - chrono::Duration::hours(1);
    assert!(
        database.claim_unattached_before(before_letting_go)?.is_empty(),
        "counted from when it was let go of"
    );
    assert_eq!(database.claim_unattached_before(later)?, ["losgelaten.jpg"]);
    assert!(!database.delete_unattached("vast.jpg")?, "an attached upload stays");
    Ok(())
}

fn a_profile_write_whose_upload_is_gone_writes_nothing(db: TestDatabase) -> TestResult {
    use oppas_domain::uploads::ports::UploadRepository;
    let database = open(&db)?;
    let user = new_user(&database, "foto@example.nl")?;
    for name in ["oud.jpg", "nieuw.jpg", "dier.jpg"] {
        database.create_upload(&new_upload(user, name))?;
    }
    let gone = |result: Result<_, RepositoryError>| match result {
        Err(RepositoryError::Gone(name)) => Some(name),
        _ => None,
    };
    let first = gone(
        oppas_domain::profiles::changes::ListingChanges::default()
            .write(|card| {
                database.create_volunteer(card, user, &volunteer_fields(), &photos(&["oud.jpg", "weg.jpg"], &[]))
            })
            .map(|_| ()),
    );
    assert_eq!(first.as_deref(), Some("weg.jpg"));
    assert_eq!(database.find_volunteer_by_user(user)?, None, "no profile");
    assert!(
        !database.find_upload("oud.jpg")?.is_some_and(|u| u.attached),
        "nothing attached"
    );

    let owner_fields = OwnerFields {
        first_name: "Sanne".into(),
        ..OwnerFields::default()
    };
    let (owner, pet) = oppas_domain::profiles::changes::ListingChanges::default().write(|card| {
        database.create_owner(
            card,
            user,
            &owner_fields,
            &pet_fields("Guus"),
            &photos(&["oud.jpg"], &[]),
        )
    })?;
    let before = database.owner_with_pets(owner.id)?;
    let renamed = OwnerFields {
        first_name: "Sanna".into(),
        ..owner_fields.clone()
    };
    let replaced = oppas_domain::profiles::changes::ListingChanges::default().write(|card| {
        database.update_owner(
            card,
            owner.id,
            &renamed,
            PetEdit {
                id: None,
                fields: &pet_fields("Max"),
            },
            &photos(&["nieuw.jpg", "weg.jpg"], &["oud.jpg"]),
            ReadAt::ANY,
        )
    });
    assert_eq!(gone(replaced.map(|_| ())).as_deref(), Some("weg.jpg"));
    let pet_changed = oppas_domain::profiles::changes::ListingChanges::default().write(|card| {
        database.update_pet(
            card,
            pet.id,
            &pet_fields("Max"),
            &photos(&["weg.jpg"], &["oud.jpg"]),
            ReadAt::ANY,
        )
    });
    assert_eq!(gone(pet_changed.map(|_| ())).as_deref(), Some("weg.jpg"));
    let added = oppas_domain::profiles::changes::ListingChanges::default().write(|card| {
        database.add_pet(
            card,
            owner.id,
            &pet_fields("Saar"),
            5,
            &photos(&["dier.jpg", "weg.jpg"], &[]),
        )
    });
    assert_eq!(gone(added.map(|_| ())).as_deref(), Some("weg.jpg"));
    assert_eq!(database.owner_with_pets(owner.id)?, before, "the profile is as it was");
    let states: Vec<(String, bool)> = ["oud.jpg", "nieuw.jpg", "dier.jpg"]
        .into_iter()
        .map(|name| Ok((name.to_owned(), database.find_upload(name)?.is_some_and(|u| u.attached))))
        .collect::<Result<_, RepositoryError>>()?;
    assert_eq!(
        states,
        [
            ("oud.jpg".to_owned(), true),
            ("nieuw.jpg".to_owned(), false),
            ("dier.jpg".to_owned(), false)
        ],
        "no photo attached or let go of"
    );
    Ok(())
}

/// The image files, in memory.
#[derive(Default)]
struct MemoryFiles(std::sync::Mutex<std::collections::HashMap<String, Vec<u8>>>);

impl oppas_domain::uploads::ports::FileStore for MemoryFiles {
    fn check(&self) -> Result<(), RepositoryError> {
        Ok(())
    }

    fn put(&self, name: &str, bytes: &[u8]) -> Result<(), RepositoryError> {
        self.0
            .lock()
            .map_err(|_| RepositoryError::Unexpected(anyhow::anyhow!("poisoned")))?
            .insert(name.to_owned(), bytes.to_vec());
        Ok(())
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, RepositoryError> {
        Ok(self
            .0
            .lock()
            .map_err(|_| RepositoryError::Unexpected(anyhow::anyhow!("poisoned")))?
            .get(name)
            .cloned())
    }

    fn delete(&self, name: &str) -> Result<(), RepositoryError> {
        self.0
            .lock()
            .map_err(|_| RepositoryError::Unexpected(anyhow::anyhow!("poisoned")))?
            .remove(name);
        Ok(())
    }
}

/// Never asked: the race below makes its uploads directly.
struct NoImages;

impl oppas_domain::uploads::ports::ImageSanitizer for NoImages {
    fn sanitize(
        &self,
        _bytes: &[u8],
    ) -> Result<oppas_domain::uploads::upload::CleanImage, oppas_domain::uploads::upload::UploadError> {
        Err(oppas_domain::uploads::upload::UploadError::NotAnImage)
    }
}

impl oppas_domain::uploads::ports::NameGenerator for NoImages {
    fn random_name(&self) -> String {
        String::new()
    }
}

/// The wall clock two days ago: uploads made with it are old enough for the clean-up.
struct TwoDaysAgo;

impl oppas_domain::Clock for TwoDaysAgo {
    fn now(&self) -> chrono::DateTime<chrono::Utc> {
        SystemClock.now_for_tests() - chrono::Duration::days(2)
    }
}

fn a_save_and_the_clean_up_at_once_never_leave_a_profile_on_a_removed_photo(db: TestDatabase) -> TestResult {
    use oppas_domain::maintenance::service::{Maintenance, MaintenancePorts};
    use oppas_domain::profiles::draft::ProfileDraft;
    use oppas_domain::profiles::service::{OwnProfile, PHOTO_GONE, ProfileError, ProfileService};
    use oppas_domain::uploads::ports::{FileStore, UploadRepository};
    use oppas_domain::uploads::service::{UploadPorts, UploadService};
    const ROUNDS: u32 = 40;
    let database = Arc::new(open(&db)?);
    let two_days_ago = Database::connect(db.url(), PoolSettings::default(), Arc::new(TwoDaysAgo))?;
    let files = Arc::new(MemoryFiles::default());
    let clock = Arc::new(SystemClock);
    let uploads = UploadService::new(UploadPorts {
        sanitizer: Arc::new(NoImages),
        files: files.clone(),
        uploads: database.clone(),
        names: Arc::new(NoImages),
        limiter: oppas_domain::kernel::limits::RateLimiter::new(database.clone(), clock.clone()),
        identities: database.clone(),
    });
    let profiles = ProfileService::new(
        database.clone(),
        oppas_domain::profiles::changes::ListingChanges::default(),
        uploads,
        oppas_domain::kernel::limits::RateLimiter::new(database.clone(), clock.clone()),
        clock.clone(),
    );
    let clean_up = Maintenance::new(MaintenancePorts {
        sessions: database.clone(),
        codes: database.clone(),
        throttles: database.clone(),
        uploads: database.clone(),
        files: files.clone(),
        users: database.clone(),
        live: database.clone(),
        views: database.clone(),
        idempotency: database.clone(),
        turns: database.clone(),
        clock,
    });

    let (mut saved, mut refused) = (0, 0);
    for round in 0..ROUNDS {
        let user = new_user(&database, &format!("ronde{round}@example.nl"))?;
        let name = format!("ronde{round}.jpg");
        two_days_ago.create_upload(&new_upload(user, &name))?;
        files.put(&name, b"jpg")?;
        let url = format!("/uploads/{name}");
        let draft = ProfileDraft {
            profile_type: "vrijwilliger".into(),
            first_name: Some("Lotte".into()),
            location: Some("Utrecht".into()),
            postal_code: Some("3512".into()),
            bio: Some("Ik pas al jaren op honden en katten bij mij in de buurt.".into()),
            avatar_url: Some(url.clone()),
            ..ProfileDraft::default()
        };
        // Both start together; a head start that grows with the round, for one side or the
        // other, lets the two meet at every step of the save.
        let head_start = Duration::from_micros(u64::from(round / 2 % 10) * 400);
        let barrier = std::sync::Barrier::new(2);
        let (save, cleaned) = std::thread::scope(|scope| {
            let save = scope.spawn(|| {
                barrier.wait();
                if round % 2 == 0 {
                    std::thread::sleep(head_start);
                }
                profiles.create(user, &draft)
            });
            let cleaned = scope.spawn(|| {
                barrier.wait();
                if round % 2 == 1 {
                    std::thread::sleep(head_start);
                }
                clean_up.run()
            });
            (save.join(), cleaned.join())
        });
        let save = save.map_err(|_| "the save panicked")?;
        let cleaned = cleaned.map_err(|_| "the clean-up panicked")??;
        let record = database.find_upload(&name)?;
        let file = files.get(&name)?;
        match save {
            Ok(OwnProfile::Volunteer(sitter)) => {
                saved += 1;
                assert_eq!(sitter.fields.avatar_url.as_deref(), Some(url.as_str()));
                assert!(
                    record.is_some_and(|u| u.attached),
                    "round {round}: the photo stays attached"
                );
                assert!(file.is_some(), "round {round}: its file stays");
                assert_eq!(cleaned.uploads, 0, "round {round}");
            }
            Err(ProfileError::Invalid(invalid)) if invalid.field == "avatarUrl" && invalid.message == PHOTO_GONE => {
                refused += 1;
                assert_eq!(
                    database.find_volunteer_by_user(user)?,
                    None,
                    "round {round}: nothing written"
                );
                assert_eq!(record, None, "round {round}");
                assert_eq!(file, None, "round {round}");
                assert_eq!(cleaned.uploads, 1, "round {round}");
            }
            other => return Err(format!("round {round}: {other:?}").into()),
        }
    }
    eprintln!("{saved} saves came first, {refused} found their photo gone");
    assert_eq!(saved + refused, ROUNDS);
    Ok(())
}

macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(#[test] fn $name() -> super::TestResult { super::$name(super::TestDatabase::sqlite()) })+
        }
        mod postgres {
            $(#[test] fn $name() -> super::TestResult {
                if !super::TestDatabase::postgres_available() {
                    return Ok(());
                }
                super::$name(super::TestDatabase::postgres())
            })+
        }
    };
}

on_both_backends!(
    migrations_run_up_then_down_then_up_again,
    instances_that_start_at_once_apply_every_migration_once,
    a_user_is_found_by_id_and_by_email_and_an_address_is_taken_once,
    a_volunteer_profile_is_stored_replaced_and_found_by_its_user,
    an_owner_is_stored_with_a_first_pet_and_can_add_more,
    simultaneous_adds_never_pass_a_cap,
    a_write_against_an_older_read_is_stale_and_writes_nothing,
    a_pair_has_one_conversation_per_pet_with_ordered_messages,
    unread_counts_follow_the_read_marks,
    a_notification_is_claimed_once_per_quiet_period_or_after_reading,
    removing_a_pet_keeps_its_conversations,
    events_are_kept_for_replay_in_order,
    a_replay_from_the_last_number_seen_never_misses_an_event_that_committed_later,
    concurrent_sends_leave_the_newest_message_as_the_last,
    a_message_after_a_closing_committed_is_refused_in_its_own_transaction,
    a_message_whose_transaction_commits_after_a_block_is_refused,
    a_closing_that_fails_after_its_act_leaves_nothing,
    ten_concurrent_starts_make_one_conversation,
    seeding_the_demo_twice_leaves_exactly_eight_profiles,
    the_readiness_probe_answers_on_a_working_database,
    a_job_turn_goes_to_one_of_many_instances_once_per_turn,
    a_person_stays_online_while_another_instance_holds_their_stream,
    sessions_are_stored_by_key_hash_and_can_be_revoked,
    an_instant_reads_back_as_it_was_written,
    a_new_code_voids_the_old_one_and_is_consumed_exactly_once,
    an_unverified_account_takes_new_names_and_is_removed_when_stale,
    throttles_count_in_windows_and_can_be_locked_and_cleared,
    each_waiting_mail_is_claimed_once_even_by_two_instances,
    uploads_wait_for_the_clean_up_from_when_no_profile_shows_them,
    a_profile_write_whose_upload_is_gone_writes_nothing,
    a_save_and_the_clean_up_at_once_never_leave_a_profile_on_a_removed_photo,
);

/// Whole seconds, as both backends store them without loss.
trait NowForTests {
    fn now_for_tests(&self) -> chrono::DateTime<chrono::Utc>;
}

impl NowForTests for SystemClock {
    fn now_for_tests(&self) -> chrono::DateTime<chrono::Utc> {
        use chrono::Timelike;
        let now = oppas_domain::Clock::now(self);
        now.with_nanosecond(0).unwrap_or(now)
    }
}

#[test]
fn an_unreachable_postgres_server_is_reported_unavailable_within_the_timeout() -> TestResult {
    let settings = PoolSettings {
        max_connections: 1,
        connection_timeout: Duration::from_millis(500),
        ..PoolSettings::default()
    };
    // Port 9 (discard) has no PostgreSQL listening on loopback.
    let database = Database::connect("postgres://postgres@127.0.0.1:9/none", settings, Arc::new(SystemClock))?;
    let started = Instant::now();
    let outcome = database.ping_within(Duration::from_millis(500));
    assert!(matches!(outcome, Err(RepositoryError::Unavailable(_))));
    assert!(started.elapsed() < Duration::from_secs(5), "the probe does not hang");
    Ok(())
}

#[test]
fn a_write_that_waits_past_the_busy_timeout_on_sqlite_is_busy_and_writes_nothing() -> TestResult {
    let db = TestDatabase::sqlite();
    open(&db)?;
    // Another process's transaction holds the write lock.
    let holder = Database::single_connection(db.url(), Arc::new(SystemClock))?;
    holder.begin_batch()?;
    let impatient = Database::connect(
        db.url(),
        PoolSettings {
            sqlite_busy_timeout: Duration::from_millis(20),
            ..PoolSettings::default()
        },
        Arc::new(SystemClock),
    )?;
    let outcome = new_user(&impatient, "wacht@example.nl");
    let refused = outcome.err().and_then(|error| error.downcast::<RepositoryError>().ok());
    assert!(
        matches!(refused.as_deref(), Some(RepositoryError::Busy(_))),
        "a held lock is a busy database, not a failure: {refused:?}"
    );
    holder.commit_batch()?;
    assert!(
        impatient
            .find_user_by_email(&Email::parse("wacht@example.nl")?)?
            .is_none()
    );
    Ok(())
}

#[test]
fn urls_pick_the_backend_by_scheme_and_refuse_the_rest() {
    use oppas_persistence::{Backend, DatabaseUrl};
    let backend = |url: &str| DatabaseUrl::parse(url).map(|u| u.backend()).ok();
    assert_eq!(backend("sqlite://data/oppas.db"), Some(Backend::Sqlite));
    assert_eq!(backend("data/oppas.db"), Some(Backend::Sqlite));
    assert_eq!(backend("postgres://postgres@127.0.0.1/test"), Some(Backend::Postgres));
    assert_eq!(backend("postgresql://h/db"), Some(Backend::Postgres));
    assert_eq!(backend("mysql://h/db"), None);
    assert_eq!(backend("sqlite://:memory:"), None);
    assert_eq!(backend(""), None);
}
