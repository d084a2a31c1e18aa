//! The diesel schema, written once for both backends (see migrations/sqlite and migrations/postgres):
//! every table both have. SQLite's full-text index `listings_fts` (an FTS5 virtual table with no
//! PostgreSQL counterpart) is queried in SQL of its own and is not described here.

diesel::table! {
    users (id) {
        id -> BigInt,
        email -> Text,
        first_name -> Nullable<Text>,
        last_name -> Nullable<Text>,
        avatar_url -> Nullable<Text>,
        email_verified_at -> Nullable<Timestamp>,
        last_seen_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        message_emails -> Bool,
        live_until -> Nullable<Timestamp>,
        push_previews -> Bool,
        show_last_active -> Bool,
        suspended_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    identities (id) {
        id -> BigInt,
        user_id -> BigInt,
        provider -> Text,
        subject -> Text,
        email -> Nullable<Text>,
        email_verified -> Bool,
        given_name -> Nullable<Text>,
        name -> Nullable<Text>,
        picture -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    email_codes (id) {
        id -> BigInt,
        email -> Text,
        purpose -> Text,
        code_hash -> Text,
        attempts -> Integer,
        expires_at -> Timestamp,
        consumed_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        attempt_hash -> Text,
        link_hash -> Text,
    }
}

diesel::table! {
    throttles (id) {
        id -> BigInt,
        key -> Text,
        window_start -> Timestamp,
        count -> Integer,
        locked_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    saved_searches (id) {
        id -> BigInt,
        user_id -> BigInt,
        query -> Text,
        label -> Text,
        created_at -> Timestamp,
        asked_at -> Timestamp,
        new_since -> Timestamp,
    }
}

diesel::table! {
    sessions (id) {
        id -> BigInt,
        key_hash -> Text,
        user_id -> Nullable<BigInt>,
        state -> Text,
        auth_at -> Nullable<Timestamp>,
        last_seen_at -> Timestamp,
        expires_at -> Timestamp,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    volunteers (id) {
        id -> BigInt,
        user_id -> BigInt,
        first_name -> Text,
        last_name -> Text,
        bio -> Nullable<Text>,
        location -> Nullable<Text>,
        postal_code -> Nullable<Text>,
        lat -> Nullable<Double>,
        lon -> Nullable<Double>,
        phone -> Nullable<Text>,
        date_of_birth -> Nullable<Date>,
        avatar_url -> Nullable<Text>,
        experience -> Nullable<Text>,
        availability -> Text,
        specialties -> Text,
        languages -> Text,
        max_distance -> Nullable<Integer>,
        hourly_rate -> Nullable<Text>,
        has_own_pet -> Nullable<Text>,
        transport_mode -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        species -> Text,
        week -> Integer,
        paused -> Bool,
    }
}

diesel::table! {
    owners (id) {
        id -> BigInt,
        user_id -> BigInt,
        first_name -> Text,
        last_name -> Text,
        bio -> Nullable<Text>,
        location -> Nullable<Text>,
        postal_code -> Nullable<Text>,
        lat -> Nullable<Double>,
        lon -> Nullable<Double>,
        phone -> Nullable<Text>,
        date_of_birth -> Nullable<Date>,
        avatar_url -> Nullable<Text>,
        experience -> Nullable<Text>,
        languages -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    pets (id) {
        id -> BigInt,
        owner_id -> BigInt,
        name -> Text,
        breed -> Nullable<Text>,
        age -> Nullable<Text>,
        size -> Nullable<Text>,
        gender -> Nullable<Text>,
        personality -> Nullable<Text>,
        special_needs -> Nullable<Text>,
        weight -> Nullable<Text>,
        vaccinated -> Nullable<Text>,
        chipped -> Nullable<Text>,
        neutered -> Nullable<Text>,
        good_with -> Text,
        looking_for -> Text,
        avatar_url -> Nullable<Text>,
        cover_image_url -> Nullable<Text>,
        bio -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        species -> Text,
        help_kind -> Nullable<Text>,
        help_from -> Nullable<Date>,
        help_until -> Nullable<Date>,
        help_days -> Integer,
    }
}

diesel::table! {
    conversations (id) {
        id -> BigInt,
        user_low -> BigInt,
        user_high -> BigInt,
        pet_id -> Nullable<BigInt>,
        about_pet -> Bool,
        started_by -> BigInt,
        last_message_id -> Nullable<BigInt>,
        last_activity_at -> Timestamp,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    messages (id) {
        id -> BigInt,
        conversation_id -> BigInt,
        sender_id -> BigInt,
        body -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    conversation_reads (id) {
        id -> BigInt,
        conversation_id -> BigInt,
        user_id -> BigInt,
        last_read_message_id -> BigInt,
        read_at -> Nullable<Timestamp>,
        notified_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        proposal_mailed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    uploads (id) {
        id -> BigInt,
        public_name -> Text,
        user_id -> BigInt,
        content_type -> Text,
        bytes -> BigInt,
        width -> Integer,
        height -> Integer,
        attached -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    profile_claims (user_id) {
        user_id -> BigInt,
        kind -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    listings (id) {
        id -> BigInt,
        kind -> Text,
        volunteer_id -> Nullable<BigInt>,
        pet_id -> Nullable<BigInt>,
        user_id -> BigInt,
        search_text -> Text,
        postal_code -> Nullable<Text>,
        lat -> Nullable<Double>,
        lon -> Nullable<Double>,
        card -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        card_version -> Integer,
        facets -> BigInt,
        published -> Bool,
        hidden -> Bool,
        active_at -> Timestamp,
        shows_active -> Bool,
        week -> Integer,
        complete -> Bool,
    }
}

diesel::table! {
    appointments (id) {
        id -> BigInt,
        conversation_id -> BigInt,
        proposer_id -> BigInt,
        recipient_id -> BigInt,
        kind -> Text,
        pet_ids -> Text,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
        note -> Nullable<Text>,
        state -> Text,
        reason -> Nullable<Text>,
        replaces_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        reminded_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    appointment_references (id) {
        id -> BigInt,
        appointment_id -> BigInt,
        author_id -> BigInt,
        subject_id -> BigInt,
        text -> Text,
        again -> Bool,
        tags -> Text,
        created_at -> Timestamp,
        published_at -> Nullable<Timestamp>,
        reply -> Nullable<Text>,
        replied_at -> Nullable<Timestamp>,
        hidden_at -> Nullable<Timestamp>,
        moderator_note -> Nullable<Text>,
    }
}

diesel::table! {
    appointment_outcomes (appointment_id, author_id) {
        appointment_id -> BigInt,
        author_id -> BigInt,
        subject_id -> BigInt,
        outcome -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    pet_care (pet_id) {
        pet_id -> BigInt,
        food -> Nullable<Text>,
        walks -> Nullable<Text>,
        medication -> Nullable<Text>,
        allergies -> Nullable<Text>,
        vet -> Nullable<Text>,
        emergency_contact -> Nullable<Text>,
        house_notes -> Nullable<Text>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    pet_care_views (id) {
        id -> BigInt,
        pet_id -> BigInt,
        viewer_id -> BigInt,
        viewed_at -> Timestamp,
    }
}

diesel::table! {
    calendar_feeds (user_id) {
        user_id -> BigInt,
        token_hash -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    away_periods (id) {
        id -> BigInt,
        volunteer_id -> BigInt,
        starts_on -> Date,
        ends_on -> Date,
        created_at -> Timestamp,
    }
}

diesel::table! {
    live_events (id) {
        id -> BigInt,
        user_id -> BigInt,
        number -> BigInt,
        kind -> Text,
        payload -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    live_sequences (user_id) {
        user_id -> BigInt,
        last_number -> BigInt,
    }
}

diesel::table! {
    favourites (id) {
        id -> BigInt,
        user_id -> BigInt,
        listing_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    profile_views (id) {
        id -> BigInt,
        listing_id -> BigInt,
        viewer_user_id -> Nullable<BigInt>,
        viewer_key -> Text,
        day -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    blocks (id) {
        id -> BigInt,
        blocker_id -> BigInt,
        blocked_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    reports (id) {
        id -> BigInt,
        reporter_id -> BigInt,
        reported_id -> BigInt,
        listing_key -> Nullable<Text>,
        conversation_id -> Nullable<BigInt>,
        reason -> Text,
        note -> Nullable<Text>,
        status -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        closed_by -> Nullable<BigInt>,
        resolution -> Nullable<Text>,
        reference_id -> Nullable<BigInt>,
        automatic -> Bool,
    }
}

diesel::table! {
    moderators (user_id) {
        user_id -> BigInt,
        granted_at -> Timestamp,
    }
}

diesel::table! {
    hidden_profiles (user_id) {
        user_id -> BigInt,
        hidden_by -> Nullable<BigInt>,
        hidden_at -> Timestamp,
        by_suspension -> Bool,
    }
}

diesel::table! {
    moderation_log (id) {
        id -> BigInt,
        moderator_id -> Nullable<BigInt>,
        action -> Text,
        subject_user_id -> Nullable<BigInt>,
        report_id -> Nullable<BigInt>,
        note -> Nullable<Text>,
        created_at -> Timestamp,
        reference_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    idempotency_keys (id) {
        id -> BigInt,
        user_id -> BigInt,
        endpoint -> Text,
        key -> Text,
        status -> Nullable<Integer>,
        response_body -> Nullable<Text>,
        created_at -> Timestamp,
        body_digest -> Text,
    }
}

diesel::table! {
    mail_outbox (id) {
        id -> BigInt,
        kind -> Text,
        body -> Text,
        attempts -> BigInt,
        next_attempt_at -> Timestamp,
        locked_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    job_turns (name) {
        name -> Text,
        last_run_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    live_presence (user_id, origin) {
        user_id -> BigInt,
        origin -> Text,
        until -> Timestamp,
    }
}

diesel::table! {
    push_devices (id) {
        id -> BigInt,
        user_id -> BigInt,
        endpoint -> Text,
        p256dh -> Text,
        auth -> Text,
        name -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    held_mails (id) {
        id -> BigInt,
        user_id -> BigInt,
        conversation_id -> BigInt,
        message_id -> BigInt,
        kind -> Text,
        body -> Text,
        pushed -> Bool,
        send_if_pushed_at -> Timestamp,
        send_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    push_outbox (id) {
        id -> BigInt,
        device_id -> BigInt,
        held_mail_id -> Nullable<BigInt>,
        payload -> Text,
        urgency -> Text,
        ttl_secs -> BigInt,
        attempts -> BigInt,
        next_attempt_at -> Timestamp,
        locked_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    popular_searches (key) {
        key -> Text,
        query -> Text,
        asks -> BigInt,
        asked_at -> Timestamp,
    }
}

diesel::joinable!(identities -> users (user_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(saved_searches -> users (user_id));
diesel::joinable!(volunteers -> users (user_id));
diesel::joinable!(owners -> users (user_id));
diesel::joinable!(pets -> owners (owner_id));
diesel::joinable!(pet_care -> pets (pet_id));
diesel::joinable!(pet_care_views -> users (viewer_id));
diesel::joinable!(messages -> conversations (conversation_id));
diesel::joinable!(conversation_reads -> conversations (conversation_id));
diesel::joinable!(uploads -> users (user_id));
diesel::joinable!(away_periods -> volunteers (volunteer_id));
diesel::joinable!(favourites -> listings (listing_id));
diesel::joinable!(profile_views -> listings (listing_id));
diesel::joinable!(live_presence -> users (user_id));
diesel::joinable!(push_devices -> users (user_id));
diesel::joinable!(held_mails -> users (user_id));
diesel::joinable!(held_mails -> conversations (conversation_id));
diesel::joinable!(push_outbox -> push_devices (device_id));
diesel::joinable!(push_outbox -> held_mails (held_mail_id));

diesel::allow_tables_to_appear_in_same_query!(
    appointment_outcomes,
    appointment_references,
    appointments,
    away_periods,
    calendar_feeds,
    pet_care,
    pet_care_views,
    listings,
    profile_claims,
    users,
    identities,
    email_codes,
    throttles,
    sessions,
    volunteers,
    owners,
    pets,
    conversations,
    messages,
    conversation_reads,
    uploads,
    live_events,
    live_sequences,
    favourites,
    profile_views,
    blocks,
    reports,
    moderators,
    hidden_profiles,
    moderation_log,
    idempotency_keys,
    saved_searches,
    mail_outbox,
    job_turns,
    live_presence,
    push_devices,
    held_mails,
    push_outbox,
    popular_searches,
);
