//! Conversations between two people and their messages, the unread count, the e-mail setting
//! for new messages, and the live event stream.

use crate::{ApiError, AppState, CurrentUser};
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use chrono::{DateTime, Utc};
use oppas_domain::kernel::enums::ProfileType;
use oppas_domain::messaging::closed::{Closed, ClosedState};
use oppas_domain::messaging::conversation::ThreadMessage;
use oppas_domain::messaging::service::InboxItem;
use oppas_domain::{ConversationId, MessageId, PetId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Starting (or reopening) a conversation.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartConversation {
    /// The account of the other person: a sitter, or the owner of a pet.
    pub target_user_id: i64,
    /// The pet it is about, if any: the other person's, or one of the caller's own.
    #[serde(default)]
    pub pet_id: Option<i64>,
}

/// The conversation to open.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationStarted {
    /// Its id.
    pub conversation_id: i64,
}

/// One conversation in the inbox, as the signed-in person sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationSummary {
    /// Its id.
    pub id: i64,
    /// The other person's account.
    pub other_user_id: i64,
    /// The other person's first name.
    pub name: String,
    /// The pet it is about, while it exists.
    pub pet_id: Option<i64>,
    /// That pet's name.
    pub pet_name: Option<String>,
    /// The other person's profile photo.
    pub avatar_url: Option<String>,
    /// That pet's photo.
    pub pet_avatar_url: Option<String>,
    /// The kind of the other person's profile; absent once they removed it.
    pub profile_type: Option<ProfileType>,
    /// Whether the other person has the platform open now.
    pub is_online: bool,
    /// The newest message's text.
    pub last_message: Option<String>,
    /// When the newest message was sent (UTC).
    pub last_message_time: Option<DateTime<Utc>>,
    /// Whether the newest message is the signed-in person's own.
    pub last_message_is_own: bool,
    /// Messages of the other person not read yet.
    pub unread_count: i64,
    /// Set when no new message can be sent here: shown instead of the composer.
    pub closed: Option<ConversationClosed>,
}

/// Why a conversation takes no new messages, and the calm Dutch notice its viewer reads in place
/// of the composer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationClosed {
    /// Why (the other person blocked the viewer reads as `unavailable`, the same as a hidden
    /// profile).
    pub reason: Closed,
    /// The notice, e.g. 'Dit account bestaat niet meer'.
    pub notice: String,
    /// The sentence under it.
    pub explanation: String,
}

impl From<ClosedState> for ConversationClosed {
    fn from(state: ClosedState) -> Self {
        Self {
            reason: state.reason,
            notice: state.notice,
            explanation: state.explanation.to_owned(),
        }
    }
}

/// The inbox, newest activity first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationList {
    /// The conversations.
    pub conversations: Vec<ConversationSummary>,
}

/// One message as the signed-in person sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageItem {
    /// Its id (increases with time; the cursor for older pages).
    pub id: i64,
    /// The text.
    pub text: String,
    /// When it was sent (UTC).
    pub timestamp: DateTime<Utc>,
    /// Whether the signed-in person wrote it.
    pub is_own: bool,
    /// Own message: the other person has read it. Theirs: the signed-in person has.
    pub is_read: bool,
    /// It carries a phone number, an e-mail address, a bank account, a payment request or a
    /// link: both people see a safety hint under it.
    pub safety_hint: bool,
}

/// A page of a thread, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageList {
    /// The messages.
    pub messages: Vec<MessageItem>,
    /// Whether older messages exist (ask again with `before` = the first id).
    pub has_more: bool,
    /// Set when no new message can be sent here: shown instead of the composer.
    pub closed: Option<ConversationClosed>,
}

/// Which page of a thread.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ThreadQuery {
    /// Only messages older than this message id.
    pub before: Option<i64>,
    /// How many (default 50, at most 100).
    pub limit: Option<usize>,
}

/// A new message.
#[derive(Debug, Deserialize, ToSchema, validator::Validate)]
#[serde(deny_unknown_fields)]
pub struct SendMessage {
    /// The text: 1 to 2,000 characters after trimming.
    #[validate(custom(function = oppas_domain::messaging::conversation::message_text_rule))]
    pub content: String,
}

impl crate::extract::FieldOrder for SendMessage {
    const ORDER: &'static [&'static str] = &["content"];
}

/// The stored message.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageSent {
    /// Its id.
    pub message_id: i64,
    /// When it was stored (UTC).
    pub timestamp: DateTime<Utc>,
    /// Both people see a safety hint under it (see `MessageItem`).
    pub safety_hint: bool,
}

/// The signed-in person's unread messages over all conversations.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnreadCount {
    /// How many.
    pub unread_count: i64,
}

/// The e-mail setting for new messages.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MessageSettings {
    /// Whether a new message is announced by e-mail when no page of the platform is open.
    pub message_emails: bool,
}

/// What the event stream sends as `data` (JSON, one per event; `id` set for stored events).
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum LiveEventData {
    /// A message in one of the person's conversations.
    #[serde(rename_all = "camelCase")]
    Message {
        /// The conversation.
        conversation_id: i64,
        /// The message.
        message_id: i64,
        /// Who wrote it.
        sender_id: i64,
    },
    /// Someone read a conversation up to a message.
    #[serde(rename_all = "camelCase")]
    Read {
        /// The conversation.
        conversation_id: i64,
        /// Who read.
        reader_id: i64,
        /// The newest message read.
        up_to: i64,
    },
    /// Someone the person has a conversation with came online or went offline.
    #[serde(rename_all = "camelCase")]
    Presence {
        /// Who.
        user_id: i64,
        /// Online now.
        is_online: bool,
    },
    /// A conversation of the person's stopped taking new messages (ask the inbox or the thread
    /// for its notice).
    #[serde(rename_all = "camelCase")]
    ConversationClosed {
        /// The conversation.
        conversation_id: i64,
        /// Why, as this person sees it.
        reason: Closed,
    },
    /// An afspraak of one of the person's conversations was proposed or moved on (ask the
    /// conversation's afspraken, or the person's, again).
    #[serde(rename_all = "camelCase")]
    Afspraak {
        /// The conversation.
        conversation_id: i64,
        /// The afspraak.
        appointment_id: i64,
    },
}

fn summary(me: UserId, item: InboxItem) -> ConversationSummary {
    let InboxItem { entry, closed } = item;
    let (pet_name, pet_avatar_url) = entry.pet.map_or((None, None), |(name, avatar)| (Some(name), avatar));
    ConversationSummary {
        id: entry.conversation.id.get(),
        other_user_id: entry.counterpart.user_id.get(),
        name: entry.counterpart.display_name(),
        pet_id: entry.conversation.pet_id.map(PetId::get),
        pet_name,
        avatar_url: entry.counterpart.avatar_url,
        pet_avatar_url,
        profile_type: entry.counterpart.profile_type,
        is_online: entry.counterpart.online,
        last_message_is_own: entry.last_message.as_ref().is_some_and(|m| m.sender_id == me),
        last_message_time: entry.last_message.as_ref().map(|m| m.created_at),
        last_message: entry.last_message.map(|m| m.body),
        unread_count: entry.unread,
        closed: closed.map(ConversationClosed::from),
    }
}

fn item(message: ThreadMessage) -> MessageItem {
    MessageItem {
        safety_hint: oppas_domain::trust::safety::needs_safety_hint(&message.message.body),
        id: message.message.id.get(),
        timestamp: message.message.created_at,
        text: message.message.body,
        is_own: message.own,
        is_read: message.read,
    }
}

/// Starts a conversation with a sitter or with the owner of a pet, or returns the one that
/// exists for that pair and pet.
///
/// # Errors
/// 400 without an own profile (`profile_required`) or with yourself; 404 for an unknown person;
/// 422 (`petId`) for a pet of neither of the two; 429 past 10 new conversations an hour, or past
/// the day's allowance of the member's standing (`new_member_limit`, 3, 5 or 10 a Dutch day).
#[utoipa::path(post, path = "/api/conversations", tag = "messages", operation_id = "start_conversation",
    params(crate::idempotency::IdempotencyKeyHeader),
    request_body = StartConversation,
    responses(
        (status = 200, description = "The conversation", body = ConversationStarted),
        (status = 400, description = "No own profile, or yourself", body = crate::ApiErrorBody),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Unknown person", body = crate::ApiErrorBody),
        (status = 409, description = "The same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "A pet of neither of the two, or a bad Idempotency-Key", body = crate::ApiErrorBody),
        (status = 429, description = "Too many new conversations this hour, or today for the member's standing (`new_member_limit`)", body = crate::ApiErrorBody),
    ))]
#[post("/conversations")]
pub async fn start_conversation(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
    body: crate::extract::Body<StartConversation>,
) -> Result<HttpResponse, ApiError> {
    let messaging = state.messaging.clone();
    let request = body.into_inner();
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        let id = web::block(move || messaging.start(me, UserId(request.target_user_id), request.pet_id.map(PetId)))
            .await??;
        Ok(HttpResponse::Ok().json(ConversationStarted {
            conversation_id: id.get(),
        }))
    })
    .await
}

/// The signed-in person's conversations, newest activity first.
///
/// # Errors
/// 401 when not signed in.
#[utoipa::path(get, path = "/api/conversations", tag = "messages", operation_id = "list_conversations", responses(
    (status = 200, description = "The inbox", body = ConversationList),
    (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
))]
#[get("/conversations")]
pub async fn list_conversations(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let messaging = state.messaging.clone();
    let me = user.id;
    let entries = web::block(move || messaging.inbox(me)).await??;
    Ok(HttpResponse::Ok().json(ConversationList {
        conversations: entries.into_iter().map(|entry| summary(me, entry)).collect(),
    }))
}

/// A page of a conversation's messages, oldest first: the newest 50, or those before `before`.
///
/// # Errors
/// 404 when it is not the signed-in person's conversation.
#[utoipa::path(get, path = "/api/conversations/{id}/messages", tag = "messages", operation_id = "list_messages",
    params(("id" = i64, Path, description = "The conversation"), ThreadQuery),
    responses(
        (status = 200, description = "The messages", body = MessageList),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not your conversation", body = crate::ApiErrorBody),
    ))]
#[get("/conversations/{id}/messages")]
pub async fn list_messages(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    query: web::Query<ThreadQuery>,
) -> Result<HttpResponse, ApiError> {
    let messaging = state.messaging.clone();
    let id = ConversationId(path.into_inner());
    let query = query.into_inner();
    let view = web::block(move || messaging.thread(user.id, id, query.before.map(MessageId), query.limit)).await??;
    Ok(HttpResponse::Ok().json(MessageList {
        messages: view.page.messages.into_iter().map(item).collect(),
        has_more: view.page.has_more,
        closed: view.closed.map(ConversationClosed::from),
    }))
}

/// Sends a message; it is stored before the answer.
///
/// # Errors
/// 403 when the conversation is closed for the signed-in person (the code says why:
/// `account_deleted`, `unavailable`, `blocked`, `own_profile_hidden`; nothing is stored); 404
/// when it is not their conversation; 422 for an empty or too long text; 429 past 30 messages a
/// minute.
#[utoipa::path(post, path = "/api/conversations/{id}/messages", tag = "messages", operation_id = "send_message",
    params(("id" = i64, Path, description = "The conversation"), crate::idempotency::IdempotencyKeyHeader),
    request_body = SendMessage,
    responses(
        (status = 201, description = "Stored", body = MessageSent),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "The conversation is closed", body = crate::ApiErrorBody),
        (status = 404, description = "Not your conversation", body = crate::ApiErrorBody),
        (status = 409, description = "The same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "Empty or too long, or a bad Idempotency-Key", body = crate::ApiErrorBody),
        (status = 429, description = "Too many messages", body = crate::ApiErrorBody),
    ))]
#[post("/conversations/{id}/messages")]
pub async fn send_message(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: crate::extract::Valid<SendMessage>,
) -> Result<HttpResponse, ApiError> {
    let messaging = state.messaging.clone();
    let id = ConversationId(path.into_inner());
    let content = body.into_inner().content;
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        let message = web::block(move || messaging.send(me, id, &content)).await??;
        Ok(HttpResponse::Created().json(MessageSent {
            message_id: message.id.get(),
            timestamp: message.created_at,
            safety_hint: oppas_domain::trust::safety::needs_safety_hint(&message.body),
        }))
    })
    .await
}

/// Marks the conversation read up to its newest message.
///
/// # Errors
/// 404 when it is not the signed-in person's conversation.
#[utoipa::path(put, path = "/api/conversations/{id}/read", tag = "messages", operation_id = "mark_read",
    params(("id" = i64, Path, description = "The conversation")),
    responses(
        (status = 204, description = "Marked read"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not your conversation", body = crate::ApiErrorBody),
    ))]
#[put("/conversations/{id}/read")]
pub async fn mark_read(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let messaging = state.messaging.clone();
    let id = ConversationId(path.into_inner());
    web::block(move || messaging.read(user.id, id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// The signed-in person's unread messages over all conversations.
///
/// # Errors
/// 401 when not signed in.
#[utoipa::path(get, path = "/api/unread", tag = "messages", operation_id = "count_unread", responses(
    (status = 200, description = "The count", body = UnreadCount),
    (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
))]
#[get("/unread")]
pub async fn count_unread(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let messaging = state.messaging.clone();
    let unread_count = web::block(move || messaging.unread(user.id)).await??;
    Ok(HttpResponse::Ok().json(UnreadCount { unread_count }))
}

/// The e-mail setting for new messages.
///
/// # Errors
/// 401 when not signed in.
#[utoipa::path(get, path = "/api/users/me/settings", tag = "messages", operation_id = "find_settings", responses(
    (status = 200, description = "The setting", body = MessageSettings),
    (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
))]
#[get("/users/me/settings")]
pub async fn find_settings(CurrentUser(user): CurrentUser) -> HttpResponse {
    HttpResponse::Ok().json(MessageSettings {
        message_emails: user.message_emails,
    })
}

/// Turns the e-mails about new messages on or off.
///
/// # Errors
/// 401 when not signed in; 422 for another shape.
#[utoipa::path(put, path = "/api/users/me/settings", tag = "messages", operation_id = "update_settings",
    request_body = MessageSettings,
    responses(
        (status = 200, description = "Stored", body = MessageSettings),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 422, description = "Invalid", body = crate::ApiErrorBody),
    ))]
#[put("/users/me/settings")]
pub async fn update_settings(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
    body: crate::extract::Body<MessageSettings>,
) -> Result<HttpResponse, ApiError> {
    let messaging = state.messaging.clone();
    let on = body.message_emails;
    let message_emails = web::block(move || messaging.set_message_emails(user.id, on)).await??;
    Ok(HttpResponse::Ok().json(MessageSettings { message_emails }))
}

/// Where an event stream starts.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StreamQuery {
    /// The last event already seen, when no `Last-Event-ID` says it: the `last_event` of
    /// `GET /api/users/me` before the page's reads, so that the stream first brings what came
    /// after them.
    pub last_event_id: Option<i64>,
}

/// Live updates for the signed-in person as Server-Sent Events: each event's `data` is a
/// [`LiveEventData`]; stored events carry an `id`, and a stream opened with the last event seen
/// (a reconnect's `Last-Event-ID`, or else `lastEventId`) first gets what came after it. A
/// comment every 20 seconds keeps the connection open; the stream ends when its session does.
///
/// # Errors
/// 422 for a `lastEventId` that is not a number; 401 when not signed in.
#[utoipa::path(get, path = "/api/events", tag = "messages", operation_id = "stream_events",
    params(
        ("Last-Event-ID" = Option<i64>, Header, description = "The id of the last event received"),
        StreamQuery,
    ),
    responses(
        (status = 200, description = "The event stream (text/event-stream)", content_type = "text/event-stream", body = LiveEventData),
        (status = 422, description = "A lastEventId that is not a number", body = crate::ApiErrorBody),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[get("/events")]
pub async fn stream_events(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
    cookie: web::Data<crate::session::SessionCookie>,
    query: web::Query<StreamQuery>,
) -> Result<HttpResponse, ApiError> {
    let session = cookie.key_hash(&req).ok_or(ApiError::Unauthenticated)?;
    // The browser's own reconnect names the last event it received, later than the address's.
    let last_event_id = req
        .headers()
        .get("last-event-id")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<i64>().ok())
        .or(query.last_event_id);
    crate::routes::events::open(&state, user.id, session, last_event_id).await
}

/// Routes of messaging.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(start_conversation)
        .service(list_conversations)
        .service(list_messages)
        .service(send_message)
        .service(mark_read)
        .service(count_unread)
        .service(find_settings)
        .service(update_settings)
        .service(stream_events);
}

#[cfg(test)]
mod tests {
    use super::LiveEventData;
    use oppas_domain::messaging::closed::Closed;
    use oppas_domain::messaging::live::LiveEventKind;
    use oppas_domain::{AppointmentId, ConversationId, MessageId, UserId};

    #[test]
    fn the_documented_event_shapes_are_the_ones_sent() -> Result<(), serde_json::Error> {
        let pairs = [
            (
                LiveEventData::Message {
                    conversation_id: 1,
                    message_id: 2,
                    sender_id: 3,
                },
                LiveEventKind::Message {
                    conversation_id: ConversationId(1),
                    message_id: MessageId(2),
                    sender_id: UserId(3),
                },
            ),
            (
                LiveEventData::Read {
                    conversation_id: 1,
                    reader_id: 3,
                    up_to: 2,
                },
                LiveEventKind::Read {
                    conversation_id: ConversationId(1),
                    reader_id: UserId(3),
                    up_to: MessageId(2),
                },
            ),
            (
                LiveEventData::Presence {
                    user_id: 3,
                    is_online: true,
                },
                LiveEventKind::Presence {
                    user_id: UserId(3),
                    is_online: true,
                },
            ),
            (
                LiveEventData::ConversationClosed {
                    conversation_id: 1,
                    reason: Closed::Unavailable,
                },
                LiveEventKind::ConversationClosed {
                    conversation_id: ConversationId(1),
                    reason: Closed::Unavailable,
                },
            ),
            (
                LiveEventData::Afspraak {
                    conversation_id: 1,
                    appointment_id: 4,
                },
                LiveEventKind::Afspraak {
                    conversation_id: ConversationId(1),
                    appointment_id: AppointmentId(4),
                },
            ),
        ];
        for (documented, sent) in pairs {
            assert_eq!(serde_json::to_string(&documented)?, sent.to_json());
        }
        Ok(())
    }
}
