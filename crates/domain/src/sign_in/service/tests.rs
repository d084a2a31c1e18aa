use super::*;
use crate::kernel::text::NAME_MAX;
use crate::mail::message::{MailError, MailMessage};
use crate::mail::testing::RecordingMailer;
use crate::sign_in::code::{OneTimeCode, SignInAttempt};
use crate::sign_in::known_browser::KnownBrowsers;
use crate::sign_in::ports::CodePurpose;
use crate::sign_in::rules::{
    CODE_LIFETIME, FAILURE_WINDOW_SECS, LOCKOUT, MAX_GUESSES_PER_CODE, RESEND_COOLDOWN_SECS, Registration, Requester,
    STRANGER_CODE_MAILS_PER_DAY, STRANGER_CODE_MAILS_PER_HOUR, STRANGER_GUESSES_PER_DAY, SignInError, SignUp,
};
use crate::sign_in::service::{EmailSignIn, Guess, LinkTarget, SignInPorts};
use crate::sign_in::testing::{PlainHasher, SequentialCodes};
use crate::sign_in::user::User;
use crate::testing::{FixedClock, MemoryStore, email, start};

/// The installation's secret in these tests.
const KEY: &[u8] = b"the secret of this installation";

/// The mailbox owner's browser: it signed in with anna@example.nl before.
fn me() -> Requester {
    let browsers = KnownBrowsers::new(KEY);
    let mark = browsers.signed_in(None, &email("anna@example.nl"), &"7".repeat(32), start());
    Requester {
        mark: Some(mark),
        ..requester("203.0.113.7", 7)
    }
}

/// A browser at `client` with attempt number `n` that never signed in.
fn requester(client: &str, n: u8) -> Requester {
    Requester {
        client: client.to_owned(),
        attempt: SignInAttempt::from_random([n; 32]),
        mark: None,
    }
}

struct Fixture {
    clock: Arc<FixedClock>,
    store: Arc<MemoryStore>,
    mailer: Arc<RecordingMailer>,
    hasher: Arc<PlainHasher>,
    sign_in: EmailSignIn,
}

fn fixture() -> Fixture {
    let clock = FixedClock::new();
    let store = MemoryStore::new(clock.clone());
    let mailer = Arc::new(RecordingMailer::default());
    let hasher = Arc::new(PlainHasher::default());
    let sign_in = EmailSignIn::new(SignInPorts {
        users: store.clone(),
        codes: store.clone(),
        throttles: store.clone(),
        mailer: mailer.clone(),
        hasher: hasher.clone(),
        generator: Arc::new(SequentialCodes::default()),
        clock: clock.clone(),
        browsers: KnownBrowsers::new(KEY),
    });
    Fixture {
        clock,
        store,
        mailer,
        hasher,
        sign_in,
    }
}

impl Fixture {
    fn code_for(&self, to: &str) -> OneTimeCode {
        let Some(code) = self.store.mailed_code(to) else {
            panic!("no code was mailed to {to}");
        };
        code
    }

    fn login(&self, to: &str, code: &OneTimeCode) -> Result<User, SignInError> {
        self.sign_in.verify(&email(to), code, CodePurpose::Login, &me())
    }
}

fn wrong() -> OneTimeCode {
    OneTimeCode::from_number(0)
}

fn registration(first: &str, last: &str, to: &str) -> Result<Registration, SignInError> {
    SignUp {
        first_name: first.to_owned(),
        last_name: last.to_owned(),
        email: to.to_owned(),
        terms: true,
    }
    .check()
}

fn retry_after(result: &Result<impl std::fmt::Debug, SignInError>) -> Option<u64> {
    match result {
        Err(SignInError::TooManyRequests { retry_after_secs, .. }) => Some(*retry_after_secs),
        _ => None,
    }
}

#[test]
fn a_registration_is_trimmed_and_checked_in_the_spec_order() -> anyhow::Result<()> {
    let parsed = registration(" Anna ", " de Vries ", " Anna@Example.NL ")?;
    assert_eq!(
        (
            parsed.first_name.as_str(),
            parsed.last_name.as_str(),
            parsed.email.as_str()
        ),
        ("Anna", "de Vries", "anna@example.nl")
    );
    for (first, last, to, field) in [
        ("", "", "geen-adres", "firstName"),
        ("Anna", " ", "geen-adres", "lastName"),
        ("Anna", "de Vries", "geen-adres", "email"),
        (&"a".repeat(NAME_MAX + 1), "de Vries", "anna@example.nl", "firstName"),
        ("An\u{202E}na", "de Vries", "anna@example.nl", "firstName"),
    ] {
        let refused = registration(first, last, to);
        assert!(
            matches!(refused, Err(SignInError::Invalid { field: f, .. }) if f == field),
            "{field}: {refused:?}"
        );
    }
    Ok(())
}

#[test]
fn registering_makes_an_unverified_account_whose_mailed_code_verifies_it_once() -> anyhow::Result<()> {
    let f = fixture();
    f.sign_in
        .register(&registration("Anna", "de Vries", "anna@example.nl")?, &me())?;
    let Some(created) = f.store.find_user_by_email(&email("anna@example.nl"))? else {
        panic!("no account was made");
    };
    assert_eq!(created.first_name.as_deref(), Some("Anna"));
    assert_eq!(created.last_name.as_deref(), Some("de Vries"));
    assert_eq!(created.email_verified_at, None);
    let code = f.code_for("anna@example.nl");
    assert!(
        matches!(
            f.store.outbox().as_slice(),
            [(to, MailMessage::RegistrationCode { first_name: None, code: mailed, link: Some(link) })]
                if to == "anna@example.nl" && mailed == code.as_str() && link.len() == 64
        ),
        "an address not proven yet is greeted with no typed name: {:?}",
        f.store.outbox()
    );
    assert_eq!(f.mailer.wakes(), 1);
    assert!(
        f.store.codes().iter().all(|c| c.code_hash != code.as_str()),
        "only a hash is stored"
    );

    f.clock.advance(Duration::minutes(2));
    let verified = f
        .sign_in
        .verify(&email("anna@example.nl"), &code, CodePurpose::Register, &me())?;
    assert_eq!(verified.id, created.id);
    assert_eq!(verified.email_verified_at, Some(start() + Duration::minutes(2)));
    let again = f
        .sign_in
        .verify(&email("anna@example.nl"), &code, CodePurpose::Register, &me());
    assert!(matches!(again, Err(SignInError::WrongCode)), "{again:?}");
    Ok(())
}

#[test]
fn a_login_code_signs_an_existing_account_in_once() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    f.sign_in.request_login(&email("Anna@Example.nl"), &me())?;
    let code = f.code_for("anna@example.nl");
    assert!(matches!(
        f.store.outbox().as_slice(),
        [(_, MailMessage::LoginCode { first_name: Some(name), link: Some(_), .. })] if name == "Anna"
    ));
    assert_eq!(
        f.login("anna@example.nl", &code)?,
        anna,
        "a verified account stays as it was"
    );
    let again = f.login("anna@example.nl", &code);
    assert!(matches!(again, Err(SignInError::WrongCode)), "{again:?}");
    assert_eq!(f.store.peek("code-failures:anna@example.nl")?, None);
    Ok(())
}

#[test]
fn an_unknown_address_gets_a_no_account_mail_after_the_same_work() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    f.sign_in.request_login(&email("anna@example.nl"), &me())?;
    f.sign_in.request_login(&email("niemand@example.nl"), &me())?;
    assert_eq!(f.hasher.hashes(), 2, "a code is hashed for either address");
    assert_eq!(f.store.codes().len(), 2, "and stored for either address");
    assert_eq!(
        f.store.outbox().last(),
        Some(&("niemand@example.nl".to_owned(), MailMessage::NoAccount))
    );
    assert_eq!(f.store.find_user_by_email(&email("niemand@example.nl"))?, None);
    let guess = f.login("niemand@example.nl", &OneTimeCode::from_number(123_457));
    assert!(matches!(guess, Err(SignInError::WrongCode)), "{guess:?}");
    assert_eq!(f.store.find_user_by_email(&email("niemand@example.nl"))?, None);
    Ok(())
}

#[test]
fn registering_a_verified_address_only_mails_that_it_is_registered() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    f.sign_in
        .register(&registration("Mallory", "Kwaad", "anna@example.nl")?, &me())?;
    assert_eq!(
        f.store.outbox(),
        [(
            "anna@example.nl".to_owned(),
            MailMessage::AlreadyRegistered {
                first_name: Some("Anna".into())
            }
        )]
    );
    assert_eq!(f.store.find_user_by_email(&anna.email)?, Some(anna));
    assert_eq!(f.hasher.hashes(), 1, "the same work as a real registration");
    Ok(())
}

#[test]
fn registering_again_while_unverified_renames_the_account_and_voids_the_first_code() -> anyhow::Result<()> {
    let f = fixture();
    let to = "anna@example.nl";
    f.sign_in.register(&registration("Ana", "Vries", to)?, &me())?;
    let first = f.code_for(to);
    f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS));
    f.sign_in.register(&registration("Anna", "de Vries", to)?, &me())?;
    let second = f.code_for(to);
    assert_ne!(first, second);
    let Some(account) = f.store.find_user_by_email(&email(to))? else {
        panic!("the account is gone");
    };
    assert_eq!(account.first_name.as_deref(), Some("Anna"));
    assert_eq!(account.last_name.as_deref(), Some("de Vries"));
    assert!(
        matches!(
            f.store.outbox().last(),
            Some((_, MailMessage::RegistrationCode { first_name: None, .. }))
        ),
        "a mail to an address not proven yet prints no typed name"
    );

    let old = f.sign_in.verify(&email(to), &first, CodePurpose::Register, &me());
    assert!(matches!(old, Err(SignInError::WrongCode)), "{old:?}");
    let verified = f.sign_in.verify(&email(to), &second, CodePurpose::Register, &me())?;
    assert_eq!(verified.id, account.id);
    assert!(verified.email_verified_at.is_some());
    Ok(())
}

#[test]
fn resending_mails_a_new_registration_code_only_to_an_unverified_account() -> anyhow::Result<()> {
    let f = fixture();
    f.store.unverified_user("nieuw@example.nl");
    f.store.user("anna@example.nl");
    for to in ["nieuw@example.nl", "anna@example.nl", "niemand@example.nl"] {
        f.sign_in.resend(&email(to), &me())?;
    }
    let kinds: Vec<(String, &str)> = f
        .store
        .outbox()
        .iter()
        .map(|(to, message)| (to.clone(), message.kind()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("nieuw@example.nl".to_owned(), "registration_code"),
            ("anna@example.nl".to_owned(), "already_registered"),
            ("niemand@example.nl".to_owned(), "no_account"),
        ]
    );
    let code = f.code_for("nieuw@example.nl");
    let verified = f
        .sign_in
        .verify(&email("nieuw@example.nl"), &code, CodePurpose::Register, &me())?;
    assert_eq!(verified.email_verified_at, Some(start()));
    Ok(())
}

#[test]
fn a_code_works_for_ten_minutes_and_only_for_its_purpose() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    f.store.user("bob@example.nl");
    f.sign_in.request_login(&email("anna@example.nl"), &me())?;
    f.sign_in.request_login(&email("bob@example.nl"), &me())?;
    let annas = f.code_for("anna@example.nl");
    let bobs = f.code_for("bob@example.nl");

    let other_purpose = f
        .sign_in
        .verify(&email("anna@example.nl"), &annas, CodePurpose::Register, &me());
    assert!(
        matches!(other_purpose, Err(SignInError::WrongCode)),
        "{other_purpose:?}"
    );
    let other_address = f.login("bob@example.nl", &annas);
    assert!(
        matches!(other_address, Err(SignInError::WrongCode)),
        "{other_address:?}"
    );

    f.clock.advance(CODE_LIFETIME - Duration::seconds(1));
    f.login("anna@example.nl", &annas)?;
    f.clock.advance(Duration::seconds(1));
    let expired = f.login("bob@example.nl", &bobs);
    assert!(matches!(expired, Err(SignInError::WrongCode)), "{expired:?}");
    Ok(())
}

#[test]
fn a_wrong_code_is_refused_and_the_right_one_still_works() -> anyhow::Result<()> {
    let f = fixture();
    f.store.unverified_user("anna@example.nl");
    f.sign_in.resend(&email("anna@example.nl"), &me())?;
    let code = f.code_for("anna@example.nl");
    let to = email("anna@example.nl");
    for _ in 0..2 {
        let refused = f.sign_in.verify(&to, &wrong(), CodePurpose::Register, &me());
        assert!(matches!(refused, Err(SignInError::WrongCode)), "{refused:?}");
    }
    assert_eq!(f.store.find_user_by_email(&to)?.and_then(|u| u.email_verified_at), None);
    assert_eq!(f.store.codes().first().map(|c| c.attempts), Some(2));
    assert_eq!(
        f.store.peek("code-consecutive:anna@example.nl")?.map(|t| t.count),
        Some(2)
    );

    let user = f.sign_in.verify(&to, &code, CodePurpose::Register, &me())?;
    assert_eq!(user.email_verified_at, Some(start()));
    for key in ["code-failures:anna@example.nl", "code-consecutive:anna@example.nl"] {
        assert_eq!(f.store.peek(key)?, None, "{key} is cleared by a success");
    }
    Ok(())
}

#[test]
fn a_sixth_attempt_from_one_client_in_the_failure_window_is_refused_until_it_ends() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    f.sign_in.request_login(&email("anna@example.nl"), &me())?;
    let first = f.code_for("anna@example.nl");
    for _ in 0..FAILURES_PER_WINDOW {
        let refused = f.login("anna@example.nl", &wrong());
        assert!(matches!(refused, Err(SignInError::WrongCode)), "{refused:?}");
    }
    f.clock.advance(Duration::minutes(1));
    let sixth = f.login("anna@example.nl", &first);
    assert_eq!(retry_after(&sixth), Some(14 * 60), "{sixth:?}");

    // A fresh code does not reopen the window (else each code would bring five more guesses).
    f.clock.advance(Duration::minutes(3));
    f.sign_in.request_login(&email("anna@example.nl"), &me())?;
    let second = f.code_for("anna@example.nl");
    assert_eq!(retry_after(&f.login("anna@example.nl", &second)), Some(11 * 60));
    f.clock.advance(Duration::minutes(11));
    f.sign_in.request_login(&email("anna@example.nl"), &me())?;
    let third = f.code_for("anna@example.nl");
    assert_eq!(f.login("anna@example.nl", &third)?.email, email("anna@example.nl"));
    Ok(())
}

#[test]
fn a_code_belongs_to_the_browser_that_asked_for_it() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let to = email("anna@example.nl");
    f.sign_in.request_login(&to, &me())?;
    let annas = f.code_for("anna@example.nl");
    // A stranger asks for a code of their own and guesses: the owner's code is untouched.
    let stranger = requester("198.51.100.9", 9);
    f.sign_in.request_login(&to, &stranger)?;
    for _ in 0..STRANGER_GUESSES_PER_DAY {
        let refused = f.sign_in.verify(&to, &wrong(), CodePurpose::Login, &stranger);
        assert!(matches!(refused, Err(SignInError::WrongCode)), "{refused:?}");
    }
    // Even the right code from another browser at the owner's address is refused.
    let elsewhere = f
        .sign_in
        .verify(&to, &annas, CodePurpose::Login, &requester("203.0.113.7", 8));
    assert!(matches!(elsewhere, Err(SignInError::WrongCode)), "{elsewhere:?}");
    assert_eq!(f.login("anna@example.nl", &annas)?.email, to);
    Ok(())
}

#[test]
fn a_guess_without_a_code_costs_the_same_hash_check() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let guess = f
        .sign_in
        .reserve_guess(&email("anna@example.nl"), CodePurpose::Login, &me())?;
    assert!(matches!(guess, Guess::Unmatched), "{guess:?}");
    let checked = f.sign_in.check_guess(&guess, &wrong());
    assert!(matches!(checked, Err(SignInError::WrongCode)), "{checked:?}");
    assert_eq!(f.hasher.checks(), 1, "checked against a hash no code matches");
    assert_eq!(f.hasher.hashes(), 1, "that hash is made once");
    let again = f.sign_in.check_guess(&guess, &OneTimeCode::from_number(123_456));
    assert!(matches!(again, Err(SignInError::WrongCode)), "{again:?}");
    assert_eq!((f.hasher.checks(), f.hasher.hashes()), (2, 1));
    Ok(())
}

/// A stranger from three client addresses repeats, every cooldown for fifteen minutes: ask
/// a code for the owner's address, then five wrong guesses. The owner, from their own
/// browser, asks for a code each round and signs in with it at once (docs/security.md A4).
#[test]
fn a_stranger_from_three_addresses_never_keeps_the_owner_out() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let to = email("anna@example.nl");
    let strangers = [
        requester("198.51.100.1", 1),
        requester("198.51.100.2", 2),
        requester("198.51.100.3", 3),
    ];
    let mut elapsed = 0;
    let mut sign_ins = 0;
    while elapsed <= 15 * 60 {
        for stranger in &strangers {
            f.sign_in.request_login(&to, stranger)?;
            for _ in 0..MAX_GUESSES_PER_CODE {
                let guess = f.sign_in.verify(&to, &wrong(), CodePurpose::Login, stranger);
                assert!(guess.is_err(), "{guess:?}");
            }
        }
        f.sign_in.request_login(&to, &me())?;
        let code = f.code_for("anna@example.nl");
        assert_eq!(f.login("anna@example.nl", &code)?.email, to, "after {elapsed} s");
        sign_ins += 1;
        f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS + 1));
        elapsed += RESEND_COOLDOWN_SECS + 1;
    }
    assert_eq!(sign_ins, 5);
    Ok(())
}

#[test]
fn a_new_code_waits_for_the_resend_cooldown() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let to = email("anna@example.nl");
    f.sign_in.request_login(&to, &me())?;
    let first = f.code_for("anna@example.nl");
    let at_once = f.sign_in.request_login(&to, &me());
    assert_eq!(retry_after(&at_once), Some(180));
    assert!(at_once.is_err_and(|e| e.to_string() == "Wacht nog 180 seconden voordat je een nieuwe code aanvraagt."));
    f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS - 1));
    assert_eq!(retry_after(&f.sign_in.request_login(&to, &me())), Some(1));
    assert_eq!(f.store.outbox().len(), 1, "a refused request mails nothing");
    f.sign_in
        .register(&registration("Anna", "Jansen", "anna@example.nl")?, &me())?;
    assert_eq!(f.store.outbox().len(), 2, "each purpose has its own cooldown");

    f.clock.advance(Duration::seconds(1));
    f.sign_in.request_login(&to, &me())?;
    let second = f.code_for("anna@example.nl");
    let old = f.login("anna@example.nl", &first);
    assert!(
        matches!(old, Err(SignInError::WrongCode)),
        "a new code voids the old one of the same browser"
    );
    f.login("anna@example.nl", &second)?;
    Ok(())
}

#[test]
fn an_address_gets_at_most_five_codes_an_hour() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let to = email("anna@example.nl");
    for _ in 0..CODES_PER_ADDRESS_PER_HOUR {
        f.sign_in.request_login(&to, &me())?;
        f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS));
    }
    let sixth = f.sign_in.request_login(&to, &me());
    assert_eq!(retry_after(&sixth), Some(3600 - 5 * 180), "{sixth:?}");
    assert_eq!(f.store.codes().len(), 5);
    f.clock.advance(Duration::seconds(3600 - 5 * 180));
    f.sign_in.request_login(&to, &me())?;
    assert_eq!(f.store.codes().len(), 6);
    Ok(())
}

#[test]
fn strangers_cause_at_most_five_code_mails_an_hour_and_ten_a_day_and_are_answered_as_always() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let to = email("anna@example.nl");
    for n in 0..20 {
        // Every stranger on a network of its own: each is answered as if a mail went.
        f.sign_in
            .request_login(&to, &requester(&format!("2001:db8:{n}::/64"), 1))?;
    }
    assert_eq!(f.store.outbox().len(), STRANGER_CODE_MAILS_PER_HOUR as usize);
    assert_eq!(f.hasher.hashes(), 20, "the same work whether or not a mail goes");
    for hour in 1..4 {
        f.clock.advance(Duration::hours(1));
        for n in 0..10 {
            f.sign_in
                .request_login(&to, &requester(&format!("198.51.{hour}.{n}"), 1))?;
        }
    }
    assert_eq!(
        f.store.outbox().len(),
        STRANGER_CODE_MAILS_PER_DAY as usize,
        "ten a day however many hours"
    );
    f.sign_in.request_login(&to, &me())?;
    assert_eq!(
        f.store.outbox().len(),
        11,
        "the owner's own browser is not counted with strangers"
    );
    f.clock.advance(Duration::hours(21));
    f.sign_in.request_login(&to, &requester("198.51.100.9", 9))?;
    assert_eq!(f.store.outbox().len(), 12, "a new day, a new allowance");
    Ok(())
}

/// Ten strangers on IPv4 and thirty on IPv6 networks ask for codes and guess for an hour,
/// every cooldown; the owner's own browser signs in each quarter of an hour, and a new browser
/// of the owner signs in with the newest mail's link.
#[test]
fn no_number_of_strangers_keeps_the_owner_out() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let to = email("anna@example.nl");
    let strangers: Vec<Requester> = (0..10)
        .map(|n| requester(&format!("198.51.100.{n}"), 100 + n))
        .chain((0..30).map(|n| requester(&format!("2001:db8:{n}::/64"), 150 + n)))
        .collect();
    let mut sign_ins = 0;
    for quarter in 0..4 {
        for _ in 0..5 {
            for stranger in &strangers {
                let asked = f.sign_in.request_login(&to, stranger);
                assert!(asked.is_ok() || retry_after(&asked).is_some(), "{asked:?}");
                for _ in 0..MAX_GUESSES_PER_CODE {
                    let guess = f.sign_in.verify(&to, &wrong(), CodePurpose::Login, stranger);
                    assert!(guess.is_err(), "{guess:?}");
                }
            }
            f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS));
        }
        f.sign_in.request_login(&to, &me())?;
        let code = f.code_for("anna@example.nl");
        assert_eq!(f.login("anna@example.nl", &code)?.email, to, "quarter {quarter}");
        sign_ins += 1;
    }
    assert_eq!(sign_ins, 4);
    assert!(
        f.store.outbox().len() <= 4 + STRANGER_CODE_MAILS_PER_DAY as usize,
        "{} mails",
        f.store.outbox().len()
    );
    // A new browser of the owner: the newest mail's link.
    f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS));
    f.sign_in.request_login(&to, &me())?;
    let Some((_, MailMessage::LoginCode { link: Some(token), .. })) = f.store.outbox().last().cloned() else {
        panic!("the newest mail has no link");
    };
    let (user, purpose) = f.sign_in.sign_in_with_link(&token)?;
    assert_eq!((user.email, purpose), (to, CodePurpose::Login));
    Ok(())
}

#[test]
fn strangers_get_two_guesses_a_day_at_an_addresss_codes() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let to = email("anna@example.nl");
    let strangers: Vec<Requester> = (0..3).map(|n| requester(&format!("198.51.100.{n}"), 10 + n)).collect();
    for stranger in &strangers {
        f.sign_in.request_login(&to, stranger)?;
    }
    let answers: Vec<_> = strangers
        .iter()
        .map(|stranger| f.sign_in.verify(&to, &wrong(), CodePurpose::Login, stranger))
        .collect();
    assert!(matches!(answers[0], Err(SignInError::WrongCode)), "{:?}", answers[0]);
    assert!(matches!(answers[1], Err(SignInError::WrongCode)), "{:?}", answers[1]);
    assert!(
        answers[2]
            .as_ref()
            .is_err_and(|e| e.to_string().contains("Log in met de link in de nieuwste e-mail")),
        "{:?}",
        answers[2]
    );
    assert_eq!(retry_after(&answers[2]), Some(24 * 3600));
    // The owner's own browser still has every guess of its own.
    f.sign_in.request_login(&to, &me())?;
    let code = f.code_for("anna@example.nl");
    for _ in 0..MAX_GUESSES_PER_CODE - 1 {
        assert!(matches!(
            f.login("anna@example.nl", &wrong()),
            Err(SignInError::WrongCode)
        ));
    }
    f.login("anna@example.nl", &code)?;
    f.clock.advance(Duration::days(1));
    f.sign_in.request_login(&to, &strangers[0])?;
    let next_day = f.sign_in.reserve_guess(&to, CodePurpose::Login, &strangers[0])?;
    assert!(
        matches!(next_day, Guess::Reserved { .. }),
        "a new day, new guesses: {next_day:?}"
    );
    Ok(())
}

#[test]
fn a_right_code_from_a_new_browser_leaves_the_days_tries() -> anyhow::Result<()> {
    let f = fixture();
    let to = email("nieuw@example.nl");
    let laptop = requester("198.51.100.1", 1);
    f.sign_in
        .register(&registration("Nina", "Nieuw", "nieuw@example.nl")?, &laptop)?;
    let code = f.code_for("nieuw@example.nl");
    f.sign_in.verify(&to, &code, CodePurpose::Register, &laptop)?;
    let phone = requester("198.51.100.2", 2);
    f.sign_in.request_login(&to, &phone)?;
    let code = f.code_for("nieuw@example.nl");
    // The right code at sign-up was given back: the phone has the day's tries, one of them to
    // spare for the right code.
    for _ in 0..STRANGER_GUESSES_PER_DAY - 1 {
        assert!(matches!(
            f.sign_in.verify(&to, &wrong(), CodePurpose::Login, &phone),
            Err(SignInError::WrongCode)
        ));
    }
    assert_eq!(f.sign_in.verify(&to, &code, CodePurpose::Login, &phone)?.email, to);
    Ok(())
}

#[test]
fn a_mails_link_signs_in_once_in_any_browser_and_a_newer_mail_voids_it() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let to = email("anna@example.nl");
    let link_of_last_mail = || match f.store.outbox().last() {
        Some((
            _,
            MailMessage::LoginCode { link: Some(token), .. } | MailMessage::RegistrationCode { link: Some(token), .. },
        )) => token.clone(),
        other => panic!("no link in {other:?}"),
    };
    f.sign_in.request_login(&to, &requester("198.51.100.1", 1))?;
    let first = link_of_last_mail();
    assert_eq!(
        f.sign_in.link_target(&first)?,
        LinkTarget {
            email: to.clone(),
            purpose: CodePurpose::Login
        }
    );
    assert_eq!(f.sign_in.link_target(&first)?.email, to, "looking spends nothing");
    f.sign_in.request_login(&to, &me())?;
    let second = link_of_last_mail();
    assert!(
        matches!(f.sign_in.sign_in_with_link(&first), Err(SignInError::WrongLink)),
        "voided"
    );
    assert!(matches!(f.sign_in.link_target(&first), Err(SignInError::WrongLink)));
    let (user, _) = f.sign_in.sign_in_with_link(&second)?;
    assert_eq!(user.email, to);
    assert!(
        matches!(f.sign_in.sign_in_with_link(&second), Err(SignInError::WrongLink)),
        "spent"
    );
    let code = f.code_for("anna@example.nl");
    assert!(
        matches!(f.login("anna@example.nl", &code), Err(SignInError::WrongCode)),
        "the link and the code of one mail are one"
    );
    f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS));
    f.sign_in.request_login(&to, &me())?;
    let late = link_of_last_mail();
    f.clock.advance(CODE_LIFETIME);
    assert!(
        matches!(f.sign_in.sign_in_with_link(&late), Err(SignInError::WrongLink)),
        "expired"
    );
    for garbage in ["", "abc", &"zz".repeat(32), &"AB".repeat(32), &"ab".repeat(33)] {
        assert!(
            matches!(f.sign_in.link_target(garbage), Err(SignInError::WrongLink)),
            "{garbage}"
        );
    }
    Ok(())
}

#[test]
fn a_registration_link_proves_the_address() -> anyhow::Result<()> {
    let f = fixture();
    f.sign_in.register(
        &registration("Anna", "de Vries", "anna@example.nl")?,
        &requester("198.51.100.1", 1),
    )?;
    let Some((_, MailMessage::RegistrationCode { link: Some(token), .. })) = f.store.outbox().last().cloned() else {
        panic!("no registration link");
    };
    assert_eq!(f.sign_in.link_target(&token)?.purpose, CodePurpose::Register);
    let (user, purpose) = f.sign_in.sign_in_with_link(&token)?;
    assert_eq!(purpose, CodePurpose::Register);
    assert_eq!(user.email_verified_at, Some(start()));
    Ok(())
}

#[test]
fn a_deletion_code_has_no_link_and_no_link_confirms_a_deletion() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    f.sign_in.request_deletion_code(&anna, &me())?;
    assert!(matches!(
        f.store.outbox().last(),
        Some((_, MailMessage::DeletionCode { .. }))
    ));
    assert!(f.store.codes().iter().all(|code| code.link_hash.is_empty()));
    Ok(())
}

#[test]
fn a_client_may_ask_for_twenty_codes_an_hour() -> anyhow::Result<()> {
    let f = fixture();
    for n in 0..CODES_PER_CLIENT_PER_HOUR {
        f.sign_in
            .request_login(&email(&format!("persoon{n}@example.nl")), &me())?;
    }
    f.clock.advance(Duration::minutes(10));
    let refused = f.sign_in.request_login(&email("nog-een@example.nl"), &me());
    assert_eq!(retry_after(&refused), Some(50 * 60), "{refused:?}");
    assert_eq!(f.hasher.hashes(), 20, "a refused request costs no hash");
    f.sign_in
        .request_login(&email("nog-een@example.nl"), &requester("198.51.100.1", 1))?;
    assert_eq!(f.store.outbox().len(), 21);
    Ok(())
}

#[test]
fn guesses_without_an_active_code_count_against_the_client_only() -> anyhow::Result<()> {
    let f = fixture();
    for _ in 0..VERIFIES_PER_CLIENT_PER_WINDOW {
        let guess = f.login("anna@example.nl", &wrong());
        assert!(matches!(guess, Err(SignInError::WrongCode)), "{guess:?}");
    }
    assert_eq!(f.store.peek("code-failures:anna@example.nl")?, None);
    let refused = f.login("anna@example.nl", &wrong());
    assert_eq!(retry_after(&refused), Some(900), "{refused:?}");
    f.clock.advance(Duration::seconds(FAILURE_WINDOW_SECS));
    let later = f.login("anna@example.nl", &wrong());
    assert!(matches!(later, Err(SignInError::WrongCode)), "{later:?}");
    Ok(())
}

#[test]
fn a_mail_that_cannot_be_sealed_leaves_no_code_behind() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    f.mailer.break_sealing();
    let failed = f.sign_in.request_login(&email("anna@example.nl"), &me());
    assert!(
        matches!(failed, Err(SignInError::Mail(MailError::Seal(_)))),
        "{failed:?}"
    );
    assert!(f.store.codes().is_empty());
    assert!(f.store.outbox().is_empty());
    assert!(f.mailer.sealed().is_empty());
    assert_eq!(f.mailer.wakes(), 0);
    Ok(())
}

#[test]
fn a_hundred_failures_in_a_row_leave_one_guess_per_code_until_a_success() -> anyhow::Result<()> {
    let f = fixture();
    f.store.user("anna@example.nl");
    let to = email("anna@example.nl");
    let lock = "code-lock:anna@example.nl";
    for round in 0..FAILURES_BEFORE_LOCKOUT / MAX_GUESSES_PER_CODE {
        f.clock.advance(Duration::hours(1));
        f.sign_in.request_login(&to, &me())?;
        for _ in 0..MAX_GUESSES_PER_CODE {
            let refused = f.sign_in.verify(&to, &wrong(), CodePurpose::Login, &me());
            assert!(matches!(refused, Err(SignInError::WrongCode)), "{refused:?}");
        }
        if round == 0 {
            assert_eq!(f.store.peek(lock)?, None, "no lock after a few failures");
        }
    }
    let locked_until = f.store.peek(lock)?.and_then(|t| t.locked_until);
    assert_eq!(locked_until, Some(f.clock.now() + LOCKOUT));

    f.clock.advance(Duration::hours(1));
    f.sign_in.request_login(&to, &me())?;
    let code = f.code_for("anna@example.nl");
    let miss = f.login("anna@example.nl", &wrong());
    assert!(matches!(miss, Err(SignInError::WrongCode)), "{miss:?}");
    let exhausted = f.login("anna@example.nl", &code);
    assert!(matches!(exhausted, Err(SignInError::CodeExhausted)), "{exhausted:?}");

    f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS));
    f.sign_in.request_login(&to, &me())?;
    let code = f.code_for("anna@example.nl");
    f.login("anna@example.nl", &code)?;
    assert_eq!(f.store.peek(lock)?, None, "a success lifts the lock");
    Ok(())
}
