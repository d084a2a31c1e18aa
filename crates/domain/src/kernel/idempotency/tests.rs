use super::*;
use crate::testing::{FixedClock, MemoryStore};

fn key(raw: &str) -> IdempotencyKey {
    match IdempotencyKey::parse(raw) {
        Ok(key) => key,
        Err(error) => panic!("{raw}: {error}"),
    }
}

fn scope(user: i64, endpoint: &str, raw: &str) -> KeyScope {
    KeyScope {
        user: UserId(user),
        endpoint: endpoint.to_owned(),
        key: key(raw),
    }
}

/// The digest of the body the tests' requests carry.
const BODY: &str = "d1";

fn service() -> (Idempotency, Arc<FixedClock>, Arc<MemoryStore>) {
    let clock = FixedClock::new();
    let store = MemoryStore::new(clock.clone());
    (Idempotency::new(store.clone(), clock.clone()), clock, store)
}

fn created() -> StoredAnswer {
    StoredAnswer {
        status: 201,
        body: r#"{"messageId":7}"#.to_owned(),
    }
}

#[test]
fn a_key_is_letters_digits_dashes_and_underscores_up_to_a_hundred() {
    for good in ["a", "3f0c9a1e-5b7d-4c1a-9e2f-0a1b2c3d4e5f", "A_b-9", &"k".repeat(100)] {
        assert!(IdempotencyKey::parse(good).is_ok(), "{good}");
    }
    for bad in ["", &"k".repeat(101), "met spatie", "a/b", "é", "a\u{0}", "ключ"] {
        assert_eq!(IdempotencyKey::parse(bad), Err(IdempotencyKeyError), "{bad}");
    }
    assert!(IdempotencyKeyError.to_string().starts_with("De Idempotency-Key"));
    assert_eq!(idempotency_key_pattern(), "^[A-Za-z0-9_-]{1,100}$");
}

#[test]
fn the_first_request_claims_and_a_repeat_gets_its_answer() -> Result<(), RepositoryError> {
    let (service, _, _) = service();
    let first = scope(1, "POST /api/pets", "k1");
    assert_eq!(service.begin(&first, BODY)?, Begun::Claimed);
    assert_eq!(service.begin(&first, BODY)?, Begun::InProgress, "still at work");
    service.finish(&first, &created())?;
    assert_eq!(service.begin(&first, BODY)?, Begun::Answered(created()));
    Ok(())
}

#[test]
fn a_key_sent_again_with_another_body_is_refused_while_at_work_and_after() -> Result<(), RepositoryError> {
    let (service, _, _) = service();
    let first = scope(1, "POST /api/conversations/4/messages", "k1");
    assert_eq!(
        service.begin(&first, &body_digest(b"{\"body\":\"Hoi\"}"))?,
        Begun::Claimed
    );
    let other = body_digest(b"{\"body\":\"Iets anders\"}");
    assert_eq!(
        service.begin(&first, &other)?,
        Begun::Reused,
        "while the first is at work"
    );
    service.finish(&first, &created())?;
    assert_eq!(service.begin(&first, &other)?, Begun::Reused, "after it was answered");
    assert_eq!(
        service.begin(&first, &body_digest(b"{\"body\":\"Hoi\"}"))?,
        Begun::Answered(created()),
        "the same body is a repeat"
    );
    assert_eq!(body_digest(b""), "", "no body, no digest");
    assert_eq!(body_digest(b"x").len(), 64);
    Ok(())
}

#[test]
fn another_person_endpoint_or_key_is_another_key() -> Result<(), RepositoryError> {
    let (service, _, _) = service();
    service.begin(&scope(1, "POST /api/pets", "k1"), BODY)?;
    service.finish(&scope(1, "POST /api/pets", "k1"), &created())?;
    for other in [
        scope(2, "POST /api/pets", "k1"),
        scope(1, "POST /api/reports", "k1"),
        scope(1, "POST /api/pets", "k2"),
    ] {
        assert_eq!(service.begin(&other, BODY)?, Begun::Claimed, "{other:?}");
    }
    Ok(())
}

#[test]
fn a_refusal_is_kept_but_a_failure_or_a_throttle_releases_the_key() -> Result<(), RepositoryError> {
    let (service, _, _) = service();
    let refused = scope(1, "POST /api/reports", "weigering");
    service.begin(&refused, BODY)?;
    let answer = StoredAnswer {
        status: 422,
        body: r#"{"error":"x","code":"invalid_input"}"#.to_owned(),
    };
    service.finish(&refused, &answer)?;
    assert_eq!(service.begin(&refused, BODY)?, Begun::Answered(answer));

    for status in [500, 503, 429] {
        let failed = scope(1, "POST /api/reports", &format!("mislukt{status}"));
        service.begin(&failed, BODY)?;
        service.finish(
            &failed,
            &StoredAnswer {
                status,
                body: String::new(),
            },
        )?;
        assert_eq!(
            service.begin(&failed, BODY)?,
            Begun::Claimed,
            "a retry after {status} does the work"
        );
    }
    Ok(())
}

#[test]
fn an_abandoned_claim_is_taken_over_once() -> Result<(), RepositoryError> {
    let (service, clock, _) = service();
    let abandoned = scope(1, "POST /api/pets", "k1");
    service.begin(&abandoned, BODY)?;
    clock.advance(ABANDONED_CLAIM - Duration::seconds(1));
    assert_eq!(service.begin(&abandoned, BODY)?, Begun::InProgress);
    clock.advance(Duration::seconds(1));
    assert_eq!(service.begin(&abandoned, BODY)?, Begun::Claimed, "taken over");
    assert_eq!(
        service.begin(&abandoned, BODY)?,
        Begun::InProgress,
        "by one request only"
    );
    Ok(())
}

#[test]
fn keys_older_than_a_day_are_removed() -> Result<(), RepositoryError> {
    let (service, clock, store) = service();
    let old = scope(1, "POST /api/pets", "oud");
    service.begin(&old, BODY)?;
    service.finish(&old, &created())?;
    clock.advance(Duration::hours(12));
    let recent = scope(1, "POST /api/pets", "nieuw");
    service.begin(&recent, BODY)?;
    service.finish(&recent, &created())?;
    clock.advance(Duration::hours(12) + Duration::minutes(1));
    // As the hourly clean-up removes them.
    assert_eq!(store.delete_keys_before(clock.now() - KEEP_IDEMPOTENCY_KEYS)?, 1);
    assert_eq!(
        service.begin(&recent, BODY)?,
        Begun::Answered(created()),
        "the recent key stays"
    );
    assert_eq!(service.begin(&old, BODY)?, Begun::Claimed, "the old key is gone");
    Ok(())
}
