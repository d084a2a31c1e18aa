//! The OpenAPI 3.1 document, collected from the handlers' `#[utoipa::path]` annotations.

use crate::ApiError;
use crate::routes::{
    account, appointments, browse, calendar_feed, care, conversations, email_auth, favourites, geo, health, moderation,
    oauth, profiles, push, saved_searches, schedule, site, trust, uploads, users,
};
use actix_web::HttpRequest;
use oppas_domain::profiles::draft::{LIST_MAX, MAX_LENGTHS, POSTCODE_PATTERN, VOLUNTEER_BIO_MIN, VOLUNTEER_REQUIRED};
use oppas_domain::uploads::upload::{MAX_UPLOAD_BYTES, MAX_UPLOAD_MEGAPIXELS};
use utoipa::openapi::RefOr;
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::schema::Schema;
use utoipa::{Modify, OpenApi};

/// The API of Oppasmaatje.
#[derive(Debug, OpenApi)]
#[openapi(
    info(title = "Oppasmaatje API", description = "Gratis platform dat baasjes en vrijwillige oppassers met elkaar in contact brengt."),
    paths(
        health::healthz,
        health::readyz,
        users::find_current_user,
        users::logout,
        account::export,
        account::request_deletion_code,
        account::delete_account,
        oauth::find_redirect_url,
        oauth::create_session,
        email_auth::register,
        email_auth::verify_registration,
        email_auth::resend,
        email_auth::request_login,
        email_auth::verify_login,
        email_auth::link_info,
        email_auth::sign_in_with_link,
        browse::list_profiles,
        profiles::own::find_profile,
        profiles::own::completeness,
        profiles::own::create_profile,
        profiles::own::update_profile,
        profiles::own::change_profile,
        profiles::owners::find_owner,
        profiles::volunteers::find_volunteer,
        profiles::pets::find_pet,
        profiles::pets::add_pet,
        profiles::pets::update_pet,
        profiles::pets::change_pet,
        profiles::pets::remove_pet,
        profiles::pets::save_help_needed,
        profiles::pets::clear_help_needed,
        uploads::upload_image,
        uploads::serve_image,
        geo::find_place,
        geo::map_config,
        site::site_info,
        conversations::start_conversation,
        conversations::list_conversations,
        conversations::list_messages,
        conversations::send_message,
        conversations::mark_read,
        conversations::count_unread,
        conversations::find_settings,
        conversations::update_settings,
        conversations::stream_events,
        favourites::list_favourites,
        favourites::add_favourite,
        favourites::remove_favourite,
        push::find_push_settings,
        push::add_push_device,
        push::remove_push_device,
        push::test_push_device,
        push::update_push_previews,
        trust::last_active_setting,
        trust::update_last_active_setting,
        saved_searches::list_saved_searches,
        saved_searches::save_search,
        saved_searches::remove_saved_search,
        saved_searches::unsubscribe,
        schedule::my_schedule,
        schedule::save_schedule,
        appointments::my_appointments,
        care::pet_care,
        calendar_feed::feed_state,
        calendar_feed::renew_feed,
        calendar_feed::revoke_feed,
        care::save_pet_care,
        appointments::list_appointments,
        appointments::propose_appointment,
        appointments::take_step,
        appointments::write_reference,
        appointments::answer_outcome,
        appointments::appointment_references,
        appointments::references_about,
        appointments::reply_to_reference,
        favourites::record_view,
        favourites::count_views,
        favourites::received_favourites,
        trust::report,
        trust::report_reference,
        trust::list_blocks,
        trust::block,
        trust::unblock,
        moderation::list_reports,
        moderation::moderation_log,
        moderation::close_report,
        moderation::hide_profile,
        moderation::show_profile,
        moderation::hide_reference,
        moderation::show_reference,
        moderation::suspend_account,
        moderation::lift_suspension,
        moderation::export_suspended_account,
    ),
    components(schemas(
        crate::ApiErrorBody,
        crate::ErrorCode,
        conversations::LiveEventData,
        oppas_domain::kernel::enums::SignInMethod,
        oppas_domain::kernel::enums::SearchSort
    )),
    modifiers(&PublishedRules),
    tags(
        (name = "health", description = "Probes"),
        (name = "users", description = "The signed-in user"),
        (name = "auth", description = "Signing in"),
        (name = "profiles", description = "Profiles of sitters and owners"),
        (name = "places", description = "Coordinates for the map"),
        (name = "site", description = "This installation"),
        (name = "uploads", description = "Profile photos"),
        (name = "messages", description = "Conversations, messages and live updates"),
        (name = "favourites", description = "Favourites and profile views"),
        (name = "trust", description = "Reports and blocks"),
        (name = "moderation", description = "The moderators' queue"),
    )
)]
pub struct ApiDoc;

/// Publishes the rules declared once in the domain on the schemas they govern: on the profile
/// drafts each text field's `maxLength`, the postcode's `pattern` and the lists' `maxItems`; a
/// report's note length, a message's and a moderator's note's; the most favourites (`maxItems` of
/// the favourites list); the search's text lengths, radius bounds and cards per page (its
/// `default`); the largest upload in bytes (`x-max-bytes` on the upload form's file) and its most
/// megapixels and the kinds of image it takes (`x-image` on the upload form); the refusals of the
/// draft's fields a form checks before it sends (`x-refusals`, with the phone's `pattern`) and the
/// search's default radius;
/// the rules of each pet species (`x-vocabulary.rules` on `Species`) and of each order of a search
/// (on `SearchSort`); each facet filter's kind and 'at least' words (`x-filter` on its search
/// parameter); the `Idempotency-Key` header's length and pattern, and when a failed call may be
/// repeated with the same key (`x-repeat-with-same-key` on the error envelope); the new
/// conversations a member may start a day (`x-new-conversations` on `StartConversation`). The web app's forms and checks are
/// built from them.
struct PublishedRules;

impl Modify for PublishedRules {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        // Where people write to the organisation: the web app's contact details come from here.
        openapi.info.contact = Some(
            utoipa::openapi::info::ContactBuilder::new()
                .name(Some("Oppasmaatje"))
                .email(Some(oppas_domain::kernel::organisation::CONTACT_ADDRESS))
                .build(),
        );
        let Some(components) = openapi.components.as_mut() else {
            return;
        };
        for body in [
            "ProfileDraftBody",
            "PetDraftBody",
            "ProfileChangesBody",
            "PetChangesBody",
        ] {
            if let Some(RefOr::T(Schema::Object(draft))) = components.schemas.get_mut(body) {
                publish_rules(draft);
            }
        }
        if let Some(RefOr::T(Schema::Object(draft))) = components.schemas.get_mut("ProfileDraftBody") {
            publish_volunteer_minimum(draft);
            publish_refusals(draft);
        }
        // The sign-up's names: the same limit as a profile's names; and the sign-up's and the
        // code's refusals that the forms check before they send.
        publish_sign_in_refusals(components);
        if let Some(RefOr::T(Schema::Object(sign_up))) = components.schemas.get_mut("RegisterRequest") {
            for name in ["firstName", "lastName"] {
                if let Some(RefOr::T(Schema::Object(field))) = sign_up.properties.get_mut(name) {
                    field.max_length = Some(oppas_domain::kernel::text::NAME_MAX);
                }
            }
        }
        // A report's note: the same one-source rule for the report dialogs.
        for body in ["ReportBody", "ReferenceReportBody"] {
            if let Some(RefOr::T(Schema::Object(report))) = components.schemas.get_mut(body)
                && let Some(RefOr::T(Schema::Object(note))) = report.properties.get_mut("note")
            {
                note.max_length = Some(oppas_domain::trust::service::REPORT_NOTE_MAX);
            }
        }
        // A message's length: the composer counts against it.
        if let Some(RefOr::T(Schema::Object(message))) = components.schemas.get_mut("SendMessage")
            && let Some(RefOr::T(Schema::Object(content))) = message.properties.get_mut("content")
        {
            content.max_length = Some(oppas_domain::messaging::conversation::MAX_MESSAGE_CHARS);
        }
        // Each text of a zorgkaart.
        // and how long after an afspraak its sitter still reads it.
        if let Some(RefOr::T(Schema::Object(care))) = components.schemas.get_mut("CareCardBody") {
            for property in care.properties.values_mut() {
                if let RefOr::T(Schema::Object(text)) = property {
                    text.max_length = Some(oppas_domain::appointments::care::CARE_TEXT_MAX);
                }
            }
            care.extensions.get_or_insert_with(Default::default).merge(
                ExtensionsBuilder::new()
                    .add(
                        "x-care",
                        serde_json::json!({"sitterDaysAfter": oppas_domain::appointments::care::SITTER_DAYS_AFTER}),
                    )
                    .build(),
            );
        }
        // A moderator's note on a closed report.
        if let Some(RefOr::T(Schema::Object(close))) = components.schemas.get_mut("CloseReport")
            && let Some(RefOr::T(Schema::Object(note))) = close.properties.get_mut("note")
        {
            note.max_length = Some(oppas_domain::trust::moderation::RESOLUTION_MAX);
        }
        // A moderator's reason for a suspension.
        if let Some(RefOr::T(Schema::Object(suspend))) = components.schemas.get_mut("SuspendAccount")
            && let Some(RefOr::T(Schema::Object(reason))) = suspend.properties.get_mut("reason")
        {
            reason.min_length = Some(1);
            reason.max_length = Some(oppas_domain::trust::moderation::RESOLUTION_MAX);
        }
        // How long a mailed code stays valid: the deletion dialog remembers a sent code so long.
        if let Some(RefOr::T(Schema::Object(deletion))) = components.schemas.get_mut("DeletionRequest") {
            deletion.extensions.get_or_insert_with(Default::default).merge(
                ExtensionsBuilder::new()
                    .add(
                        "x-code",
                        serde_json::json!({"validSeconds": oppas_domain::sign_in::rules::CODE_LIFETIME.num_seconds()}),
                    )
                    .build(),
            );
        }
        // How far back the people a suspended account wrote to are warned.
        if let Some(RefOr::T(Schema::Object(suspend))) = components.schemas.get_mut("SuspendAccount") {
            suspend.extensions.get_or_insert_with(Default::default).merge(
                ExtensionsBuilder::new()
                    .add(
                        "x-suspension",
                        serde_json::json!({"warnDays": oppas_domain::sign_in::suspension::WARN_DAYS}),
                    )
                    .build(),
            );
        }
        // The most periods away a sitter keeps.
        if let Some(RefOr::T(Schema::Object(body))) = components.schemas.get_mut("ScheduleBody")
            && let Some(RefOr::T(Schema::Array(away))) = body.properties.get_mut("away")
        {
            away.max_items = Some(oppas_domain::profiles::availability::MAX_AWAY_PERIODS);
        }
        // The most favourites one person keeps, so the most cards their list holds.
        if let Some(RefOr::T(Schema::Object(list))) = components.schemas.get_mut("FavouriteList")
            && let Some(RefOr::T(Schema::Array(cards))) = list.properties.get_mut("profiles")
        {
            cards.max_items = usize::try_from(oppas_domain::account::favourites::MAX_FAVOURITES).ok();
        }
        // How many new conversations a member may start a day, growing with their record.
        if let Some(RefOr::T(Schema::Object(start))) = components.schemas.get_mut("StartConversation") {
            start.extensions.get_or_insert_with(Default::default).merge(
                ExtensionsBuilder::new()
                    .add("x-new-conversations", oppas_domain::messaging::new_members::published())
                    .build(),
            );
        }
        // When a failed call may go again under the same Idempotency-Key: the answers the server
        // does not keep with a key, and the code of a repeat that came while the first was at work.
        if let Some(RefOr::T(Schema::Object(envelope))) = components.schemas.get_mut("ApiErrorBody") {
            envelope.extensions.get_or_insert_with(Default::default).merge(
                ExtensionsBuilder::new()
                    .add(
                        "x-repeat-with-same-key",
                        serde_json::json!({
                            "fromStatus": oppas_domain::kernel::idempotency::GIVEN_UP_FROM_STATUS,
                            "statuses": oppas_domain::kernel::idempotency::GIVEN_UP_STATUSES,
                            "codes": [crate::ErrorCode::RequestInProgress],
                        }),
                    )
                    .build(),
            );
        }
        // An upload's size cap: the photo fields refuse a larger file before sending it. And the
        // most megapixels an image may declare: the server refuses more from the header alone.
        // One extension per object: an object's extensions are printed in no fixed order, and
        // the document is compared with the committed one.
        if let Some(RefOr::T(Schema::Object(form))) = components.schemas.get_mut("UploadForm") {
            // One extension key (see the species below): the most megapixels and the kinds.
            form.extensions.get_or_insert_with(Default::default).merge(
                ExtensionsBuilder::new()
                    .add(
                        "x-image",
                        serde_json::json!({
                            "maxMegapixels": MAX_UPLOAD_MEGAPIXELS,
                            "types": oppas_domain::uploads::upload::ACCEPTED_IMAGE_TYPES,
                            "notAnImage": oppas_domain::uploads::upload::UploadError::NotAnImage.to_string(),
                            "tooLarge": oppas_domain::uploads::upload::UploadError::TooLarge.to_string(),
                        }),
                    )
                    .build(),
            );
            if let Some(RefOr::T(Schema::Object(file))) = form.properties.get_mut("file") {
                file.extensions
                    .get_or_insert_with(Default::default)
                    .merge(ExtensionsBuilder::new().add("x-max-bytes", MAX_UPLOAD_BYTES).build());
            }
        }
        // What follows from a pet's species: gender labels, size bands, help and words.
        // Inside the enumeration's one extension key (`x-vocabulary.rules`): utoipa keeps a
        // schema's extensions in a hash map, and two keys would come out in a different order
        // from run to run.
        if let Some(RefOr::T(Schema::Object(species))) = components.schemas.get_mut("Species")
            && let Some(vocabulary) = species
                .extensions
                .as_mut()
                .and_then(|extensions| extensions.get_mut("x-vocabulary"))
                .and_then(serde_json::Value::as_object_mut)
        {
            vocabulary.insert("rules".to_owned(), oppas_domain::profiles::species::published());
        }
        // Which order needs a place, and the default with and without one.
        if let Some(RefOr::T(Schema::Object(sort))) = components.schemas.get_mut("SearchSort")
            && let Some(vocabulary) = sort
                .extensions
                .as_mut()
                .and_then(|extensions| extensions.get_mut("x-vocabulary"))
                .and_then(serde_json::Value::as_object_mut)
        {
            vocabulary.insert("rules".to_owned(), oppas_domain::kernel::enums::SearchSort::published());
        }
        // The help each kind of afspraak gives: the proposal form offers the kinds that suit the pets.
        if let Some(RefOr::T(Schema::Object(kind))) = components.schemas.get_mut("AppointmentKind")
            && let Some(vocabulary) = kind
                .extensions
                .as_mut()
                .and_then(|extensions| extensions.get_mut("x-vocabulary"))
                .and_then(serde_json::Value::as_object_mut)
        {
            vocabulary.insert(
                "rules".to_owned(),
                oppas_domain::appointments::afspraak::published_kinds(),
            );
        }
        // The proposal form's own checks of the time: the server's words for them.
        if let Some(RefOr::T(Schema::Object(proposal))) = components.schemas.get_mut("ProposeBody") {
            use oppas_domain::appointments::afspraak::{END_AFTER_START, START_IN_FUTURE};
            proposal.extensions.get_or_insert_with(Default::default).merge(
                ExtensionsBuilder::new()
                    .add(
                        "x-refusals",
                        serde_json::json!({
                            "startsAt": { "future": START_IN_FUTURE },
                            "endsAt": { "afterStart": END_AFTER_START },
                        }),
                    )
                    .build(),
            );
        }
        publish_key_rule(openapi);
        publish_search_rules(openapi);
    }
}

/// The search's parameters (`GET /api/profiles`): the longest text of `q` and `near`, the radius'
/// bounds, and the cards per page with the number a page holds unless asked otherwise.
fn publish_search_rules(openapi: &mut utoipa::openapi::OpenApi) {
    use oppas_domain::browse::query::{
        DEFAULT_PER_PAGE, DEFAULT_RADIUS_KM, MAX_PER_PAGE, MAX_QUERY_CHARS, MAX_RADIUS_KM, MIN_RADIUS_KM,
    };
    let Some(search) = openapi
        .paths
        .paths
        .get_mut("/api/profiles")
        .and_then(|item| item.get.as_mut())
    else {
        return;
    };
    for parameter in search.parameters.iter_mut().flatten() {
        let RefOr::T(parameter) = parameter else {
            continue;
        };
        // A facet filter: which kind of profile carries it, and what an 'at least' value adds.
        if let Some(rule) = oppas_domain::profiles::facets::published_rule(&parameter.name) {
            parameter
                .extensions
                .get_or_insert_with(Default::default)
                .merge(ExtensionsBuilder::new().add("x-filter", rule).build());
        }
        let Some(RefOr::T(Schema::Object(value))) = parameter.schema.as_mut() else {
            continue;
        };
        match parameter.name.as_str() {
            "q" | "near" => value.max_length = Some(MAX_QUERY_CHARS),
            "radiusKm" => {
                value.minimum = Some(MIN_RADIUS_KM.into());
                value.maximum = Some(MAX_RADIUS_KM.into());
                value.default = Some(DEFAULT_RADIUS_KM.into());
            }
            "perPage" => {
                value.maximum = Some(MAX_PER_PAGE.into());
                value.default = Some(DEFAULT_PER_PAGE.into());
            }
            _ => {}
        }
    }
}

/// Every `Idempotency-Key` header parameter: text with its `minLength`, `maxLength` and `pattern`.
fn publish_key_rule(openapi: &mut utoipa::openapi::OpenApi) {
    use oppas_domain::kernel::idempotency::{MAX_IDEMPOTENCY_KEY_CHARS, idempotency_key_pattern};
    for item in openapi.paths.paths.values_mut() {
        for operation in [&mut item.post, &mut item.put].into_iter().flatten() {
            for parameter in operation.parameters.iter_mut().flatten() {
                let RefOr::T(parameter) = parameter else {
                    continue;
                };
                if parameter.name != crate::idempotency::IDEMPOTENCY_KEY_HEADER {
                    continue;
                }
                if let Some(RefOr::T(Schema::Object(key))) = parameter.schema.as_mut() {
                    // A header is text or absent, never null.
                    key.schema_type = utoipa::openapi::schema::SchemaType::Type(utoipa::openapi::Type::String);
                    key.min_length = Some(1);
                    key.max_length = Some(MAX_IDEMPOTENCY_KEY_CHARS);
                    key.pattern = Some(idempotency_key_pattern());
                }
            }
        }
    }
}

fn publish_rules(draft: &mut utoipa::openapi::schema::Object) {
    {
        for (name, property) in &mut draft.properties {
            let RefOr::T(Schema::Object(field)) = property else {
                continue;
            };
            if let Some((_, max)) = MAX_LENGTHS.iter().find(|(field, _)| field == name) {
                field.max_length = Some(*max);
            }
            if name == "postalCode" {
                field.pattern = Some(POSTCODE_PATTERN.to_owned());
            }
        }
        for property in draft.properties.values_mut() {
            if let RefOr::T(Schema::Array(list)) = property {
                list.max_items = Some(LIST_MAX);
            }
        }
    }
}

/// The rules of a draft's fields that a form checks before it sends, with the server's Dutch
/// refusal of each, in one extension key of the draft (`x-refusals`): a first name and an owner's
/// pet's name are required, the postcode's shape, the phone number's characters (its `pattern`)
/// and fewest digits, the date of birth's shape, oldest day and the youngest age of a member, and
/// the text over its length
/// (`{max}` standing for the number).
fn publish_refusals(draft: &mut utoipa::openapi::schema::Object) {
    use oppas_domain::kernel::field_rules::{
        DATE_OF_BIRTH_REFUSAL, FUTURE_BIRTH_REFUSAL, MIN_AGE, OLDEST_BIRTH, PHONE_MIN_DIGITS, PHONE_REFUSAL, TOO_LONG,
        TOO_YOUNG_REFUSAL, phone_pattern,
    };
    use oppas_domain::profiles::draft::{FIRST_NAME_REQUIRED, PET_NAME_REQUIRED};
    if let Some(RefOr::T(Schema::Object(phone))) = draft.properties.get_mut("phone") {
        phone.pattern = Some(phone_pattern());
    }
    let (year, month, day) = OLDEST_BIRTH;
    let refusals = serde_json::json!({
        "firstName": { "required": FIRST_NAME_REQUIRED },
        "petName": { "required": PET_NAME_REQUIRED },
        "postalCode": {
            "pattern": oppas_domain::kernel::postcode::POSTCODE_SHAPE_REFUSAL,
            "leadingZero": oppas_domain::kernel::postcode::POSTCODE_LEADING_ZERO_REFUSAL,
        },
        "phone": { "pattern": PHONE_REFUSAL, "minDigits": PHONE_MIN_DIGITS },
        "dateOfBirth": {
            "date": DATE_OF_BIRTH_REFUSAL,
            "future": FUTURE_BIRTH_REFUSAL,
            "oldest": format!("{year:04}-{month:02}-{day:02}"),
            "adult": TOO_YOUNG_REFUSAL,
            "minAge": MIN_AGE,
        },
        "maxLength": TOO_LONG,
    });
    draft
        .extensions
        .get_or_insert_with(Default::default)
        .merge(ExtensionsBuilder::new().add("x-refusals", refusals).build());
}

/// The refusals the sign-up and code forms check before they send, as the server words them
/// (`x-refusals` on `RegisterRequest`): the names, the address (required, too long past
/// `maxLength`, not an address), the terms, and a code that is not six digits.
fn publish_sign_in_refusals(components: &mut utoipa::openapi::Components) {
    use oppas_domain::kernel::email::{EmailError, MAX_EMAIL_LEN};
    use oppas_domain::sign_in::code::CodeFormatError;
    use oppas_domain::sign_in::rules::{LAST_NAME_REQUIRED, TERMS_REQUIRED};
    let Some(RefOr::T(Schema::Object(sign_up))) = components.schemas.get_mut("RegisterRequest") else {
        return;
    };
    let refusals = serde_json::json!({
        "firstName": { "required": oppas_domain::kernel::text::FIRST_NAME_REQUIRED },
        "lastName": { "required": LAST_NAME_REQUIRED },
        "email": {
            "required": EmailError::Empty.to_string(),
            "tooLong": EmailError::TooLong.to_string(),
            "maxLength": MAX_EMAIL_LEN,
            "invalid": EmailError::Invalid.to_string(),
        },
        "terms": { "required": TERMS_REQUIRED },
        "code": { "pattern": CodeFormatError.to_string() },
    });
    sign_up
        .extensions
        .get_or_insert_with(Default::default)
        .merge(ExtensionsBuilder::new().add("x-refusals", refusals).build());
}

/// What a sitter's profile must hold before it is published: `x-volunteer` on each field it must
/// fill in, with the least length of the 'Over mij'.
fn publish_volunteer_minimum(draft: &mut utoipa::openapi::schema::Object) {
    for (name, property) in &mut draft.properties {
        let RefOr::T(Schema::Object(field)) = property else {
            continue;
        };
        if !VOLUNTEER_REQUIRED.contains(&name.as_str()) {
            continue;
        }
        // One extension key per field (see the species above): `{"required": true}` with the
        // refusal's Dutch text, and the least length of the 'Over mij'.
        let mut rule = serde_json::Map::new();
        rule.insert("required".to_owned(), serde_json::Value::Bool(true));
        rule.insert(
            "message".to_owned(),
            serde_json::Value::from(oppas_domain::profiles::draft::volunteer_refusal(name)),
        );
        if name == "bio" {
            rule.insert("minLength".to_owned(), serde_json::Value::from(VOLUNTEER_BIO_MIN));
        }
        field.extensions.get_or_insert_with(Default::default).merge(
            ExtensionsBuilder::new()
                .add("x-volunteer", serde_json::Value::Object(rule))
                .build(),
        );
    }
}

/// The document as pretty-printed JSON (for `oppas openapi` and the frontend's type generation).
///
/// # Errors
/// Serialisation failure (a bug).
pub fn to_pretty_json() -> Result<String, serde_json::Error> {
    serde_json::to_string_pretty(&ApiDoc::openapi())
}

/// Unknown `/api/...` paths answer 404 in the error envelope rather than with the web app; a
/// known path asked with a method it does not have answers 405 with the ones it has (`Allow`).
///
/// # Errors
/// Always: [`ApiError::MethodNotAllowed`] or [`ApiError::NotFound`].
pub async fn unknown_api_path(req: HttpRequest) -> Result<actix_web::HttpResponse, ApiError> {
    match methods_of(req.path()) {
        Some(allow) if !allow.split(", ").any(|method| method == req.method().as_str()) => {
            Err(ApiError::MethodNotAllowed(allow.to_owned()))
        }
        _ => Err(ApiError::NotFound("Deze API-route bestaat niet.".to_owned())),
    }
}

/// The methods of the documented path that `path` matches, as an `Allow` value.
fn methods_of(path: &str) -> Option<&'static str> {
    static KNOWN: std::sync::OnceLock<Vec<(Vec<String>, String)>> = std::sync::OnceLock::new();
    let known = KNOWN.get_or_init(|| {
        ApiDoc::openapi()
            .paths
            .paths
            .into_iter()
            .map(|(template, item)| {
                let methods: Vec<&str> = [
                    ("GET", item.get.is_some()),
                    ("POST", item.post.is_some()),
                    ("PUT", item.put.is_some()),
                    ("PATCH", item.patch.is_some()),
                    ("DELETE", item.delete.is_some()),
                ]
                .into_iter()
                .filter_map(|(method, has)| has.then_some(method))
                .collect();
                (template.split('/').map(str::to_owned).collect(), methods.join(", "))
            })
            .collect()
    });
    let segments: Vec<&str> = path.split('/').collect();
    known
        .iter()
        .find(|(template, _)| {
            template.len() == segments.len()
                && template
                    .iter()
                    .zip(&segments)
                    .all(|(want, got)| (want.starts_with('{') && want.ends_with('}') && !got.is_empty()) || want == got)
        })
        .map(|(_, allow)| allow.as_str())
}

#[cfg(test)]
mod tests {
    use super::ApiDoc;
    use oppas_domain::uploads::upload::{MAX_UPLOAD_BYTES, MAX_UPLOAD_MEGAPIXELS};
    use utoipa::OpenApi;

    #[test]
    fn the_upload_limit_is_published_on_the_upload_form() {
        let document = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
        let file = &document["components"]["schemas"]["UploadForm"]["properties"]["file"];
        assert_eq!(file["x-max-bytes"], serde_json::json!(MAX_UPLOAD_BYTES));
        assert_eq!(file["x-max-bytes"], serde_json::json!(5_242_880));
        let form = &document["components"]["schemas"]["UploadForm"];
        assert_eq!(
            form["x-image"]["maxMegapixels"],
            serde_json::json!(MAX_UPLOAD_MEGAPIXELS)
        );
        assert_eq!(form["x-image"]["maxMegapixels"], serde_json::json!(24));
        assert_eq!(
            form["x-image"]["types"],
            serde_json::json!(["image/jpeg", "image/png", "image/gif", "image/webp"])
        );
    }

    #[test]
    fn the_limits_of_messages_notes_favourites_and_the_search_are_the_domain_constants() {
        use oppas_domain::browse::query::{DEFAULT_PER_PAGE, MAX_PER_PAGE, MAX_QUERY_CHARS};
        let document = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
        let schemas = &document["components"]["schemas"];
        assert_eq!(
            schemas["SendMessage"]["properties"]["content"]["maxLength"],
            serde_json::json!(oppas_domain::messaging::conversation::MAX_MESSAGE_CHARS)
        );
        assert_eq!(
            schemas["DeletionRequest"]["x-code"]["validSeconds"],
            serde_json::json!(oppas_domain::sign_in::rules::CODE_LIFETIME.num_seconds())
        );
        assert_eq!(
            schemas["CloseReport"]["properties"]["note"]["maxLength"],
            serde_json::json!(oppas_domain::trust::moderation::RESOLUTION_MAX)
        );
        assert_eq!(
            schemas["FavouriteList"]["properties"]["profiles"]["maxItems"],
            serde_json::json!(oppas_domain::account::favourites::MAX_FAVOURITES)
        );
        let parameters = document["paths"]["/api/profiles"]["get"]["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let schema = |name: &str| {
            parameters
                .iter()
                .find(|parameter| parameter["name"] == name)
                .map(|parameter| parameter["schema"].clone())
                .unwrap_or_default()
        };
        assert_eq!(schema("q")["maxLength"], serde_json::json!(MAX_QUERY_CHARS));
        assert_eq!(schema("near")["maxLength"], serde_json::json!(MAX_QUERY_CHARS));
        assert_eq!(schema("perPage")["default"], serde_json::json!(DEFAULT_PER_PAGE));
        assert_eq!(schema("perPage")["maximum"], serde_json::json!(MAX_PER_PAGE));
        let filter = |name: &str| {
            parameters
                .iter()
                .find(|parameter| parameter["name"] == name)
                .map(|parameter| parameter["x-filter"].clone())
                .unwrap_or_default()
        };
        assert_eq!(filter("species"), serde_json::json!({"only": null, "atLeast": null}));
        assert_eq!(filter("size")["only"], "huisdier");
        assert_eq!(filter("offers")["only"], "vrijwilliger");
        assert_eq!(filter("experience")["atLeast"], "of meer");
        assert!(filter("q").is_null(), "text is no facet filter");
        let sort = &document["components"]["schemas"]["SearchSort"]["x-vocabulary"]["rules"];
        assert_eq!(sort["afstand"]["needsPlace"], true);
        assert_eq!(sort["afstand"]["defaultNear"], true);
        assert_eq!(sort["aanbevolen"]["defaultElsewhere"], true);
        assert_eq!(sort["recent-actief"]["needsPlace"], false);
    }

    #[test]
    fn the_species_rules_are_published_on_the_species_enumeration() {
        let document = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
        let species = &document["components"]["schemas"]["Species"];
        assert_eq!(
            species["x-vocabulary"]["rules"],
            oppas_domain::profiles::species::published()
        );
        assert_eq!(species["x-vocabulary"]["rules"]["kat"]["gender"]["reu"], "Kater");
        assert_eq!(
            species
                .as_object()
                .map(|s| s.keys().filter(|k| k.starts_with("x-")).count()),
            Some(1),
            "one extension key: its place in the document never changes"
        );
        assert_eq!(species["x-vocabulary"]["labels"]["paard-pony"], "Paard of pony");
    }

    #[test]
    fn the_refusals_a_form_checks_are_the_domain_texts() {
        let document = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
        let draft = &document["components"]["schemas"]["ProfileDraftBody"];
        let refusals = &draft["x-refusals"];
        assert_eq!(refusals["firstName"]["required"], "Voornaam is verplicht");
        assert_eq!(refusals["petName"]["required"], "De naam van je huisdier is verplicht");
        assert_eq!(
            refusals["postalCode"]["pattern"],
            "Postcode moet uit 4 cijfers bestaan (bijvoorbeeld: 1234)."
        );
        assert_eq!(refusals["phone"]["pattern"], "Vul een geldig telefoonnummer in.");
        assert_eq!(refusals["phone"]["minDigits"], 6);
        assert_eq!(refusals["dateOfBirth"]["oldest"], "1900-01-01");
        assert_eq!(refusals["maxLength"], "Maximaal {max} tekens toegestaan.");
        assert_eq!(draft["properties"]["phone"]["pattern"], "^[0-9+ ()-]+$");
        let sign_up = &document["components"]["schemas"]["RegisterRequest"]["x-refusals"];
        assert_eq!(sign_up["firstName"]["required"], "Voornaam is verplicht");
        assert_eq!(sign_up["lastName"]["required"], "Achternaam is verplicht");
        assert_eq!(sign_up["email"]["required"], "E-mailadres is verplicht");
        assert_eq!(sign_up["email"]["maxLength"], 254);
        assert_eq!(
            sign_up["terms"]["required"],
            "Je moet akkoord gaan met de algemene voorwaarden"
        );
        assert_eq!(sign_up["code"]["pattern"], "Voer een geldige 6-cijferige code in");
    }

    #[test]
    fn the_sitter_minimum_is_published_on_the_profile_draft() {
        let document = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
        let draft = &document["components"]["schemas"]["ProfileDraftBody"]["properties"];
        for field in ["location", "postalCode", "bio"] {
            assert_eq!(
                draft[field]["x-volunteer"]["required"],
                serde_json::json!(true),
                "{field}"
            );
        }
        assert_eq!(draft["bio"]["x-volunteer"]["minLength"], serde_json::json!(50));
        assert_eq!(draft["postalCode"]["x-volunteer"]["message"], "Vul je postcode in.");
        assert_eq!(
            draft["bio"]["x-volunteer"]["message"],
            "Schrijf minstens 50 tekens over jezelf."
        );
        assert!(draft["firstName"].get("x-volunteer").is_none());
        let pet = &document["components"]["schemas"]["PetDraftBody"]["properties"];
        assert!(
            pet["bio"].get("x-volunteer").is_none(),
            "a pet's description has no minimum"
        );
    }
}
