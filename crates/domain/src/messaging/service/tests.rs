use super::{Closed, ClosedFacts};

#[test]
fn each_person_of_a_closed_conversation_reads_their_own_reason() {
    let open = ClosedFacts::default();
    assert_eq!(Closed::of(open), None);
    let deleted = ClosedFacts {
        other_deleted: true,
        blocked_by_me: true,
        ..open
    };
    assert_eq!(Closed::of(deleted), Some(Closed::AccountDeleted));
    let blocker = ClosedFacts {
        blocked_by_me: true,
        blocked_me: true,
        other_hidden: true,
        ..open
    };
    assert_eq!(Closed::of(blocker), Some(Closed::Blocked));
    let blocked = ClosedFacts {
        blocked_me: true,
        ..open
    };
    let hidden = ClosedFacts {
        other_hidden: true,
        ..open
    };
    assert_eq!(
        Closed::of(blocked),
        Closed::of(hidden),
        "a block reads as a hidden profile"
    );
    assert_eq!(Closed::of(blocked), Some(Closed::Unavailable));
    let own = ClosedFacts {
        me_hidden: true,
        ..open
    };
    assert_eq!(Closed::of(own), Some(Closed::OwnProfileHidden));
    let suspended = ClosedFacts {
        other_suspended: true,
        other_hidden: true,
        blocked_by_me: true,
        ..open
    };
    assert_eq!(
        Closed::of(suspended),
        Some(Closed::Suspended),
        "the warning about a suspended account goes before a block"
    );
    assert_eq!(
        Closed::of(ClosedFacts {
            other_deleted: true,
            ..suspended
        }),
        Some(Closed::AccountDeleted)
    );
}

#[test]
fn the_notices_name_the_other_person_only_where_they_still_exist() {
    assert_eq!(Closed::AccountDeleted.notice("Sanne"), "Dit account bestaat niet meer");
    assert!(
        Closed::Suspended
            .notice("Sanne")
            .starts_with("Let op: we hebben het account van Sanne geschorst.")
    );
    assert_eq!(Closed::Unavailable.notice("Sanne"), "Sanne is niet meer beschikbaar");
    assert_eq!(Closed::Blocked.notice("Sanne"), Closed::Unavailable.notice("Sanne"));
    assert!(!Closed::Unavailable.to_string().contains("blok"));
}
