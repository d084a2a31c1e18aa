//! Messaging: who may start a conversation, that only its two people ever see it, sending and
//! reading with read marks and unread counts, the limits, the live event stream (also across
//! two instances on one PostgreSQL) and the e-mail about a new message.

use crate::fixtures::{self, body, some};
use crate::helpers::{Backend, ORIGIN, Spawn, TestApp, TestResult, error_envelope, spawn_app};
use crate::on_both_backends;
use oppas_domain::profiles::draft::ProfileDraft;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

pub(crate) fn volunteer_draft(first_name: &str) -> Value {
    body(&ProfileDraft {
        first_name: some(first_name),
        availability: vec!["Weekend overdag".to_owned()],
        ..fixtures::volunteer_draft()
    })
}

pub(crate) fn owner_draft(first_name: &str, pet: &str) -> Value {
    body(&ProfileDraft {
        first_name: some(first_name),
        location: some("Utrecht"),
        pet_name: some(pet),
        pet_age: some("3 jaar"),
        pet_gender: some("reu"),
        pet_personality: some("Vrolijk"),
        bio: some("Houdt van lange wandelingen."),
        ..fixtures::owner_draft()
    })
}

/// A signed-in person, their account id and, for an owner, their pet's id.
pub(crate) struct Person {
    pub(crate) client: Client,
    pub(crate) id: i64,
    pub(crate) pet: Option<i64>,
}

pub(crate) async fn person(
    app: &TestApp,
    email: &str,
    draft: Option<Value>,
) -> Result<Person, Box<dyn std::error::Error>> {
    let client = app.another_user_directly(email).await?.0;
    let id = app.my_id(&client).await?;
    let mut pet = None;
    if let Some(draft) = draft {
        let created = app.send_json(&client, Method::POST, "/api/profiles", &draft).await?;
        assert_eq!(created.status(), StatusCode::CREATED);
        let body: Value = created.json().await?;
        if body["type"] == "huisdier" {
            pet = body["profile"]["id"].as_i64();
        }
    }
    Ok(Person { client, id, pet })
}

/// Signs `person` out; their session's streams end.
async fn sign_out(app: &TestApp, person: &Person) -> Result<(), Box<dyn std::error::Error>> {
    let logout = person
        .client
        .post(app.url("/api/logout"))
        .header("Origin", ORIGIN)
        .send()
        .await?;
    assert_eq!(logout.status(), StatusCode::NO_CONTENT);
    Ok(())
}

pub(crate) async fn sitter(app: &TestApp, email: &str) -> Result<Person, Box<dyn std::error::Error>> {
    person(app, email, Some(volunteer_draft("Lotte"))).await
}

pub(crate) async fn owner(app: &TestApp, email: &str) -> Result<Person, Box<dyn std::error::Error>> {
    person(app, email, Some(owner_draft("Sanne", "Bobby"))).await
}

pub(crate) async fn start(
    app: &TestApp,
    from: &Person,
    to: &Person,
    pet: Option<i64>,
) -> reqwest::Result<reqwest::Response> {
    app.send_json(
        &from.client,
        Method::POST,
        "/api/conversations",
        &json!({"targetUserId": to.id, "petId": pet}),
    )
    .await
}

pub(crate) async fn started(
    app: &TestApp,
    from: &Person,
    to: &Person,
    pet: Option<i64>,
) -> Result<i64, Box<dyn std::error::Error>> {
    let response = start(app, from, to, pet).await?;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await?;
    body["conversationId"]
        .as_i64()
        .ok_or_else(|| format!("no conversationId in {body}").into())
}

pub(crate) async fn send(
    app: &TestApp,
    from: &Person,
    conversation: i64,
    text: &str,
) -> reqwest::Result<reqwest::Response> {
    app.send_json(
        &from.client,
        Method::POST,
        &format!("/api/conversations/{conversation}/messages"),
        &json!({"content": text}),
    )
    .await
}

pub(crate) async fn get(
    app: &TestApp,
    who: &Person,
    path: &str,
) -> Result<(StatusCode, Value), Box<dyn std::error::Error>> {
    let response = who.client.get(app.url(path)).send().await?;
    let status = response.status();
    Ok((status, response.json().await?))
}

async fn unread(app: &TestApp, who: &Person) -> Result<i64, Box<dyn std::error::Error>> {
    let (status, body) = get(app, who, "/api/unread").await?;
    assert_eq!(status, StatusCode::OK);
    body["unreadCount"].as_i64().ok_or_else(|| "no unreadCount".into())
}

async fn read(app: &TestApp, who: &Person, conversation: i64) -> reqwest::Result<reqwest::Response> {
    who.client
        .put(app.url(&format!("/api/conversations/{conversation}/read")))
        .header("Origin", ORIGIN)
        .send()
        .await
}

async fn starting_a_conversation_needs_an_own_profile_and_someone_else(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let newcomer = person(&app, "nieuw@example.nl", None).await?;

    let response = start(&app, &newcomer, &lotte, None).await?;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let (error, code) = error_envelope(response).await?;
    assert!(error.contains("profiel"), "{error}");
    assert_eq!(code, "profile_required");

    let response = start(&app, &lotte, &lotte, None).await?;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(error_envelope(response).await?.1, "own_profile");

    let nobody = Person {
        client: Client::new(),
        id: sanne.id + 1000,
        pet: None,
    };
    assert_eq!(
        start(&app, &lotte, &nobody, None).await?.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        start(&app, &lotte, &newcomer, None).await?.status(),
        StatusCode::NOT_FOUND,
        "someone without a profile cannot be found either"
    );

    let other_owner = person(&app, "kees@example.nl", Some(owner_draft("Kees", "Max"))).await?;
    let response = start(&app, &lotte, &sanne, other_owner.pet).await?;
    assert_eq!(
        response.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "a pet of someone else"
    );
    let response = start(&app, &sanne, &lotte, other_owner.pet).await?;
    assert_eq!(
        response.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "a pet of neither of the two"
    );

    let about_bobby = started(&app, &lotte, &sanne, sanne.pet).await?;
    assert_eq!(
        started(&app, &lotte, &sanne, sanne.pet).await?,
        about_bobby,
        "the same pair and pet"
    );
    assert_eq!(
        started(&app, &sanne, &lotte, sanne.pet).await?,
        about_bobby,
        "from either side: an owner may write about her own pet"
    );
    let without_pet = started(&app, &lotte, &sanne, None).await?;
    assert_ne!(without_pet, about_bobby);

    let signed_out = Client::new()
        .post(app.url("/api/conversations"))
        .header("Origin", ORIGIN)
        .json(&json!({"targetUserId": sanne.id}))
        .send()
        .await?;
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
    Ok(())
}

async fn a_conversation_exists_only_for_its_two_people(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let third = sitter(&app, "derde@example.nl").await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;
    assert_eq!(
        send(&app, &lotte, id, "Hoi Sanne!").await?.status(),
        StatusCode::CREATED
    );
    let before = get(&app, &sanne, &format!("/api/conversations/{id}/messages")).await?;

    let unknown = id + 1000;
    for conversation in [id, unknown] {
        let (status, body) = get(&app, &third, &format!("/api/conversations/{conversation}/messages")).await?;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        let response = send(&app, &third, conversation, "Ik lees mee").await?;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let response = read(&app, &third, conversation).await?;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
    }
    let (_, body) = get(&app, &third, &format!("/api/conversations/{unknown}/messages")).await?;
    let (_, theirs) = get(&app, &third, &format!("/api/conversations/{id}/messages")).await?;
    assert_eq!(body, theirs, "someone else's conversation looks exactly like none");
    let (_, list) = get(&app, &third, "/api/conversations").await?;
    assert_eq!(list["conversations"], json!([]));
    assert_eq!(unread(&app, &third).await?, 0);
    assert_eq!(
        get(&app, &sanne, &format!("/api/conversations/{id}/messages")).await?,
        before,
        "nothing changed"
    );
    Ok(())
}

async fn messages_are_listed_with_own_and_read_marks_and_paged_by_cursor(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;

    let (_, list) = get(&app, &sanne, "/api/conversations").await?;
    assert_eq!(
        list["conversations"],
        json!([]),
        "nothing to see before the first message"
    );
    let (_, list) = get(&app, &lotte, "/api/conversations").await?;
    assert_eq!(list["conversations"][0]["lastMessage"], Value::Null);

    let response = send(&app, &lotte, id, "  Hoi Sanne, ik pas graag op Bobby.  ").await?;
    assert_eq!(response.status(), StatusCode::CREATED);
    let sent: Value = response.json().await?;
    assert!(sent["messageId"].is_i64());
    assert!(sent["timestamp"].as_str().is_some_and(|t| t.ends_with('Z')), "{sent}");
    for n in 1..=3 {
        assert_eq!(
            send(&app, &sanne, id, &format!("Antwoord {n}")).await?.status(),
            StatusCode::CREATED
        );
    }

    let (status, page) = get(&app, &lotte, &format!("/api/conversations/{id}/messages")).await?;
    assert_eq!(status, StatusCode::OK);
    let messages = page["messages"].as_array().ok_or("messages")?;
    assert_eq!(messages.len(), 4);
    assert_eq!(
        messages[0]["text"], "Hoi Sanne, ik pas graag op Bobby.",
        "trimmed, oldest first"
    );
    assert_eq!(messages[0]["isOwn"], true);
    assert_eq!(messages[0]["isRead"], true, "Sanne wrote after it: she read it");
    assert_eq!(messages[3]["text"], "Antwoord 3");
    assert_eq!(messages[3]["isOwn"], false);
    assert_eq!(messages[3]["isRead"], false, "Lotte has not opened it yet");
    assert_eq!(page["hasMore"], false);

    let (_, list) = get(&app, &lotte, "/api/conversations").await?;
    let line = &list["conversations"][0];
    assert_eq!(line["id"], id);
    assert_eq!(line["name"], "Sanne");
    assert_eq!(line["petName"], "Bobby");
    assert_eq!(line["profileType"], "huisdier");
    assert_eq!(line["lastMessage"], "Antwoord 3");
    assert_eq!(line["unreadCount"], 3);
    let (_, list) = get(&app, &sanne, "/api/conversations").await?;
    assert_eq!(list["conversations"][0]["name"], "Lotte");
    assert_eq!(list["conversations"][0]["profileType"], "vrijwilliger");

    let (_, newest_two) = get(&app, &lotte, &format!("/api/conversations/{id}/messages?limit=2")).await?;
    let texts: Vec<&str> = newest_two["messages"]
        .as_array()
        .ok_or("messages")?
        .iter()
        .filter_map(|m| m["text"].as_str())
        .collect();
    assert_eq!(texts, ["Antwoord 2", "Antwoord 3"]);
    assert_eq!(newest_two["hasMore"], true);
    let first = newest_two["messages"][0]["id"].as_i64().ok_or("id")?;
    let (_, older) = get(
        &app,
        &lotte,
        &format!("/api/conversations/{id}/messages?limit=2&before={first}"),
    )
    .await?;
    let texts: Vec<&str> = older["messages"]
        .as_array()
        .ok_or("messages")?
        .iter()
        .filter_map(|m| m["text"].as_str())
        .collect();
    assert_eq!(texts, ["Hoi Sanne, ik pas graag op Bobby.", "Antwoord 1"]);
    assert_eq!(older["hasMore"], false);

    // A second conversation moves to the top of the list when it has the newest message.
    let kees = sitter(&app, "kees@example.nl").await?;
    let other = started(&app, &kees, &sanne, None).await?;
    send(&app, &kees, other, "Hallo!").await?;
    let (_, list) = get(&app, &sanne, "/api/conversations").await?;
    let order: Vec<i64> = list["conversations"]
        .as_array()
        .ok_or("conversations")?
        .iter()
        .filter_map(|c| c["id"].as_i64())
        .collect();
    assert_eq!(order, [other, id], "newest activity first");
    Ok(())
}

async fn unread_counts_drop_when_a_conversation_is_read(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let kees = sitter(&app, "kees@example.nl").await?;
    let first = started(&app, &lotte, &sanne, sanne.pet).await?;
    let second = started(&app, &kees, &sanne, None).await?;
    send(&app, &lotte, first, "een").await?;
    send(&app, &lotte, first, "twee").await?;
    send(&app, &kees, second, "drie").await?;
    assert_eq!(unread(&app, &sanne).await?, 3);
    assert_eq!(unread(&app, &lotte).await?, 0, "own messages are not unread");

    let response = read(&app, &sanne, first).await?;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(unread(&app, &sanne).await?, 1);
    let (_, page) = get(&app, &lotte, &format!("/api/conversations/{first}/messages")).await?;
    assert!(
        page["messages"]
            .as_array()
            .ok_or("messages")?
            .iter()
            .all(|m| m["isRead"] == true),
        "Lotte sees her messages read: {page}"
    );
    assert_eq!(
        read(&app, &sanne, first).await?.status(),
        StatusCode::NO_CONTENT,
        "again: no change"
    );
    read(&app, &sanne, second).await?;
    assert_eq!(unread(&app, &sanne).await?, 0);
    Ok(())
}

async fn messages_must_hold_text_and_are_limited_per_minute(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let id = started(&app, &lotte, &sanne, None).await?;

    for bad in ["", "   \n  ", &"a".repeat(2001), "nul\u{0}teken"] {
        let response = send(&app, &lotte, id, bad).await?;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let (error, code) = error_envelope(response).await?;
        assert_eq!(code, "invalid_input");
        assert!(!error.is_empty());
    }
    let (_, page) = get(&app, &lotte, &format!("/api/conversations/{id}/messages")).await?;
    assert_eq!(page["messages"], json!([]), "nothing stored");
    assert_eq!(
        send(&app, &lotte, id, &"é".repeat(2000)).await?.status(),
        StatusCode::CREATED
    );

    for n in 2..=30 {
        let response = send(&app, &lotte, id, &format!("bericht {n}")).await?;
        assert_eq!(response.status(), StatusCode::CREATED, "message {n}");
    }
    let response = send(&app, &lotte, id, "nummer 31").await?;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    let (error, _) = error_envelope(response).await?;
    assert!(error.contains("Wacht even"), "{error}");
    let (_, page) = get(&app, &lotte, &format!("/api/conversations/{id}/messages?limit=100")).await?;
    assert_eq!(page["messages"].as_array().map(Vec::len), Some(30));
    assert_eq!(
        send(&app, &sanne, id, "Sanne mag nog").await?.status(),
        StatusCode::CREATED
    );
    Ok(())
}

async fn a_message_naming_its_content_twice_is_refused_and_not_sent(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let id = started(&app, &lotte, &sanne, None).await?;

    let response = lotte
        .client
        .post(app.url(&format!("/api/conversations/{id}/messages")))
        .header("Origin", ORIGIN)
        .header("Content-Type", "application/json")
        .body(r#"{"content":"Hallo","content":"Tot morgen"}"#)
        .send()
        .await?;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await?;
    assert_eq!(
        body,
        json!({"error": "Het veld 'content' staat er twee keer in.", "code": "invalid_input", "field": "content"})
    );
    assert_eq!(app.database()?.count("messages")?, 0, "nothing was sent");
    assert_eq!(
        send(&app, &lotte, id, "Tot morgen").await?.status(),
        StatusCode::CREATED,
        "the same message with its content once is sent"
    );
    Ok(())
}

/// An open event stream: reads `data:` lines as they come.
pub(crate) struct EventStream {
    response: reqwest::Response,
    buffer: String,
}

impl EventStream {
    pub(crate) async fn open(
        app: &TestApp,
        who: &Person,
        last_event_id: Option<i64>,
    ) -> Result<Self, Box<dyn std::error::Error>> {
        Self::open_at(app, who, "/api/events", last_event_id).await
    }

    /// A stream opened at `path` (`/api/events` with a query), with `Last-Event-ID` when given.
    pub(crate) async fn open_at(
        app: &TestApp,
        who: &Person,
        path: &str,
        last_event_id: Option<i64>,
    ) -> Result<Self, Box<dyn std::error::Error>> {
        let mut request = who.client.get(app.url(path));
        if let Some(id) = last_event_id {
            request = request.header("Last-Event-ID", id.to_string());
        }
        let response = request.send().await?;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers().get("content-type").and_then(|v| v.to_str().ok()),
            Some("text/event-stream")
        );
        let mut stream = Self {
            response,
            buffer: String::new(),
        };
        stream.until(|block| block.contains(": verbonden")).await?;
        Ok(stream)
    }

    /// The next event block (id and data) for which `wanted` holds, waiting up to 10 s.
    pub(crate) async fn until(&mut self, wanted: impl Fn(&str) -> bool) -> Result<String, Box<dyn std::error::Error>> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                if wanted(&block) {
                    return Ok(block);
                }
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .map_err(|_| "no such event within 10 s")??;
            let Some(chunk) = chunk else {
                return Err("the stream ended".into());
            };
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// Every event block up to and including the first for which `wanted` holds (see
    /// [`Self::until`]).
    async fn upto(&mut self, wanted: impl Fn(&str) -> bool) -> Result<Vec<String>, Box<dyn std::error::Error>> {
        let seen = std::cell::RefCell::new(Vec::new());
        self.until(|block| {
            seen.borrow_mut().push(block.to_owned());
            wanted(block)
        })
        .await?;
        Ok(seen.into_inner())
    }

    /// Whether the server ends the stream within 10 s.
    async fn ends(&mut self) -> bool {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            match tokio::time::timeout_at(deadline, self.response.chunk()).await {
                Ok(Ok(Some(_))) => {}
                Ok(Ok(None) | Err(_)) => return true,
                Err(_) => return false,
            }
        }
    }
}

pub(crate) fn data_of(block: &str) -> Result<Value, Box<dyn std::error::Error>> {
    let line = block.lines().find_map(|l| l.strip_prefix("data: ")).ok_or("no data")?;
    Ok(serde_json::from_str(line)?)
}

fn id_of(block: &str) -> Option<i64> {
    block
        .lines()
        .find_map(|l| l.strip_prefix("id: "))
        .and_then(|id| id.parse().ok())
}

async fn an_event_stream_receives_messages_read_receipts_and_presence(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;
    let mut lottes = EventStream::open(&app, &lotte, None).await?;

    let mut sannes = EventStream::open(&app, &sanne, None).await?;
    let online = lottes.until(|b| b.contains("\"presence\"")).await?;
    assert_eq!(
        data_of(&online)?,
        json!({"type": "presence", "userId": sanne.id, "isOnline": true})
    );
    let (_, list) = get(&app, &lotte, "/api/conversations").await?;
    assert_eq!(list["conversations"][0]["isOnline"], true, "Sanne has a stream open");

    send(&app, &lotte, id, "Hoi Sanne!").await?;
    let arrived = sannes.until(|b| b.contains("\"message\"")).await?;
    let data = data_of(&arrived)?;
    assert_eq!(data["conversationId"], id);
    assert_eq!(data["senderId"], lotte.id);
    let message_event = id_of(&arrived).ok_or("a stored event has an id")?;

    read(&app, &sanne, id).await?;
    let receipt = lottes.until(|b| b.contains("\"read\"")).await?;
    assert_eq!(data_of(&receipt)?["readerId"], sanne.id);

    // A reconnecting browser gets what it missed after its last event id.
    drop(sannes);
    send(&app, &lotte, id, "Ben je er nog?").await?;
    let mut again = EventStream::open(&app, &sanne, Some(message_event)).await?;
    let missed = again.until(|b| b.contains("\"read\"")).await?;
    assert!(id_of(&missed).is_some_and(|n| n > message_event));
    let missed = again.until(|b| b.contains("\"message\"")).await?;
    assert!(id_of(&missed).is_some_and(|n| n > message_event));

    // Signing out ends the session's streams.
    sign_out(&app, &sanne).await?;
    assert!(again.ends().await, "the stream of a signed-out session ends");
    let offline = lottes.until(|b| b.contains("\"isOnline\":false")).await?;
    assert_eq!(data_of(&offline)?["userId"], sanne.id);

    let signed_out = Client::new().get(app.url("/api/events")).send().await?;
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
    Ok(())
}

async fn a_stream_opened_with_the_sessions_last_event_brings_what_came_after_the_pages_reads(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;
    send(&app, &lotte, id, "Hoi Sanne!").await?;

    // Sanne's page asks who is signed in, then reads her conversations.
    let (_, me) = get(&app, &sanne, "/api/users/me").await?;
    let seen = me["last_event"].as_i64().ok_or("last_event is a number")?;
    assert!(seen > 0, "Lotte's first message was an event of Sanne's");
    let (_, list) = get(&app, &sanne, "/api/conversations").await?;
    assert_eq!(list["conversations"][0]["unreadCount"], 1);

    // Lotte writes again before Sanne's stream is open.
    send(&app, &lotte, id, "Ben je er?").await?;
    let mut stream = EventStream::open_at(&app, &sanne, &format!("/api/events?lastEventId={seen}"), None).await?;
    let missed = stream.until(|b| b.contains("\"message\"")).await?;
    assert_eq!(id_of(&missed), Some(seen + 1), "the one event after the session's read");
    assert_eq!(data_of(&missed)?["conversationId"], id);
    drop(stream);

    // A browser's reconnect names the last event it received: that wins over the address.
    send(&app, &lotte, id, "Hallo?").await?;
    let mut reconnected =
        EventStream::open_at(&app, &sanne, &format!("/api/events?lastEventId={seen}"), Some(seen + 1)).await?;
    let next = reconnected.until(|b| b.contains("\"message\"")).await?;
    assert_eq!(id_of(&next), Some(seen + 2), "nothing before the header's event again");
    drop(reconnected);

    // The answer for a visitor has no events; a made-up number is refused in Dutch.
    let visitor = Client::new().get(app.url("/api/users/me")).send().await?;
    assert_eq!(visitor.json::<Value>().await?, Value::Null);
    for wrong in ["abc", "1.5", ""] {
        let response = sanne
            .client
            .get(app.url(&format!("/api/events?lastEventId={wrong}")))
            .send()
            .await?;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY, "{wrong}");
        let (error, _) = crate::helpers::error_envelope(response).await?;
        assert_eq!(error, "De gegevens hebben niet de verwachte vorm.", "{wrong}");
    }
    Ok(())
}

async fn event_ids_count_each_persons_events_and_an_unknown_last_id_resumes_at_the_newest(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let kees = sitter(&app, "kees@example.nl").await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;
    let other = started(&app, &kees, &sanne, sanne.pet).await?;
    send(&app, &lotte, id, "Een").await?;
    send(&app, &kees, other, "Twee").await?;

    // An id this server never gave out (a restored database, a made-up header) starts the
    // stream at the newest event: what comes next still arrives, and nothing is sent twice.
    let mut stream = EventStream::open(&app, &sanne, Some(1_000_000)).await?;
    let sent: Value = send(&app, &lotte, id, "Drie").await?.json().await?;
    let arrived = stream.until(|b| b.contains("\"message\"")).await?;
    assert_eq!(data_of(&arrived)?["messageId"], sent["messageId"], "{arrived}");
    assert_eq!(
        id_of(&arrived),
        Some(3),
        "Sanne's third event, whatever others got meanwhile"
    );

    // Resuming after her first event replays the second and the third, in order.
    let mut again = EventStream::open(&app, &sanne, Some(1)).await?;
    let second = again.until(|b| b.contains("\"message\"")).await?;
    assert_eq!(id_of(&second), Some(2));
    let third = again.until(|b| b.contains("\"message\"")).await?;
    assert_eq!(id_of(&third), Some(3));
    Ok(())
}

async fn the_mail_about_a_new_message_comes_once_and_not_when_switched_off(backend: Backend) -> TestResult {
    let app = Spawn::fresh(backend).with_smtp().start().await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;
    send(&app, &lotte, id, "Hoi Sanne, mijn nummer is 06-12345678").await?;
    send(&app, &lotte, id, "Nog een bericht").await?;
    let subjects = app.subjects_to("sanne@example.nl", 2).await;
    let notices: Vec<&String> = subjects.iter().filter(|s| s.starts_with("Nieuw bericht")).collect();
    assert_eq!(
        notices,
        ["Nieuw bericht van Lotte"],
        "one mail for two messages: {subjects:?}"
    );
    let mail = app
        .outbox
        .all()
        .into_iter()
        .find(|m| m.content.subject == "Nieuw bericht van Lotte")
        .ok_or("the mail")?;
    assert!(
        mail.content.text.contains(&format!("/berichten?conversation=3D{id}"))
            || mail.content.text.contains(&format!("/berichten?conversation={id}"))
    );
    assert!(
        !mail.content.text.contains("06-12345678"),
        "never the text or contact details"
    );
    assert!(!mail.content.text.contains("lotte@example.nl"));

    // With an open stream Sanne is online: no mail.
    let kees = sitter(&app, "kees@example.nl").await?;
    let from_kees = started(&app, &kees, &sanne, None).await?;
    let stream = EventStream::open(&app, &sanne, None).await?;
    send(&app, &kees, from_kees, "Hallo!").await?;
    drop(stream);

    // Switched off: no mail either.
    let (status, settings) = get(&app, &lotte, "/api/users/me/settings").await?;
    assert_eq!((status, settings), (StatusCode::OK, json!({"messageEmails": true})));
    let off = app
        .send_json(
            &lotte.client,
            Method::PUT,
            "/api/users/me/settings",
            &json!({"messageEmails": false}),
        )
        .await?;
    assert_eq!(off.json::<Value>().await?, json!({"messageEmails": false}));
    let wrong = app
        .send_json(
            &lotte.client,
            Method::PUT,
            "/api/users/me/settings",
            &json!({"messageEmails": "nee"}),
        )
        .await?;
    assert_eq!(wrong.status(), StatusCode::UNPROCESSABLE_ENTITY);
    send(&app, &sanne, id, "Hoi Lotte!").await?;

    // A mail that would come was queued with its message: once a marker mail queued after it
    // arrives (the outbox sends in order), whatever was to come has come.
    let to_sanne = subjects_before_a_marker(&app, "sanne@example.nl").await?;
    assert_eq!(
        to_sanne.iter().filter(|s| s.starts_with("Nieuw bericht")).count(),
        1,
        "not for Kees's message while Sanne was online: {to_sanne:?}"
    );
    let to_lotte = subjects_before_a_marker(&app, "lotte@example.nl").await?;
    assert!(
        !to_lotte.iter().any(|s| s.starts_with("Nieuw bericht")),
        "Lotte switched them off: {to_lotte:?}"
    );
    Ok(())
}

/// Queues a login-code mail to `to` as a marker and waits for it: the subjects of the mails to
/// `to` that arrived before it (the outbox delivers in the order mail was queued).
async fn subjects_before_a_marker(app: &TestApp, to: &str) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let before = app.subjects_to(to, 0).await.len();
    let asked = reqwest::Client::new()
        .post(app.url("/api/auth/email-login"))
        .header("Origin", crate::helpers::ORIGIN)
        .json(&json!({"email": to}))
        .send()
        .await?;
    assert_eq!(asked.status(), StatusCode::OK);
    let is_code = |subject: &String| {
        subject
            .split_whitespace()
            .next()
            .is_some_and(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
    };
    for expected in before + 1.. {
        let mut subjects = app.subjects_to(to, expected).await;
        if subjects.len() < expected {
            return Err(format!("no marker mail to {to}: {subjects:?}").into());
        }
        if subjects.last().is_some_and(is_code) {
            subjects.pop();
            return Ok(subjects);
        }
    }
    Err("unreachable".into())
}

async fn ten_simultaneous_starts_give_one_conversation(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let starts = (0..10).map(|_| started(&app, &lotte, &sanne, sanne.pet));
    let ids = futures_util::future::try_join_all(starts).await?;
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    Ok(())
}

async fn a_message_with_a_phone_number_or_link_carries_the_safety_hint_for_both_unchanged(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;

    let with_number = "Bel me gerust: 06-12345678";
    let sent: Value = send(&app, &lotte, id, with_number).await?.json().await?;
    assert_eq!(sent["safetyHint"], true);
    let plain: Value = send(&app, &sanne, id, "Leuk, tot zaterdag!").await?.json().await?;
    assert_eq!(plain["safetyHint"], false);
    let with_link: Value = send(&app, &sanne, id, "Zie www.hondenschool.nl").await?.json().await?;
    assert_eq!(with_link["safetyHint"], true);

    for who in [&lotte, &sanne] {
        let (status, thread) = get(&app, who, &format!("/api/conversations/{id}/messages")).await?;
        assert_eq!(status, StatusCode::OK);
        let shown: Vec<(String, bool)> = thread["messages"]
            .as_array()
            .ok_or("no messages")?
            .iter()
            .map(|m| {
                (
                    m["text"].as_str().unwrap_or_default().to_owned(),
                    m["safetyHint"] == true,
                )
            })
            .collect();
        assert_eq!(
            shown,
            [
                (with_number.to_owned(), true),
                ("Leuk, tot zaterdag!".to_owned(), false),
                ("Zie www.hondenschool.nl".to_owned(), true),
            ],
            "the message is never blocked or changed"
        );
    }
    Ok(())
}

async fn put_or_delete(app: &TestApp, who: &Person, method: Method, path: &str) -> reqwest::Result<reqwest::Response> {
    who.client
        .request(method, app.url(path))
        .header("Origin", ORIGIN)
        .send()
        .await
}

async fn listed_names(app: &TestApp, who: &Person) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let (status, list) = get(app, who, "/api/profiles").await?;
    assert_eq!(status, StatusCode::OK);
    Ok(list["profiles"]
        .as_array()
        .ok_or("no profiles")?
        .iter()
        .filter_map(|card| card["name"].as_str().map(str::to_owned))
        .collect())
}

async fn a_blocked_person_gets_the_unknown_person_answer_and_both_lose_sight_of_each_other(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;
    assert_eq!(
        send(&app, &lotte, id, "Hoi Sanne!").await?.status(),
        StatusCode::CREATED
    );
    assert_eq!(unread(&app, &sanne).await?, 1);
    assert!(listed_names(&app, &sanne).await?.contains(&"Lotte Bakker".to_owned()));

    // Sanne blocks Lotte (twice: no difference).
    for _ in 0..2 {
        let blocked = put_or_delete(&app, &sanne, Method::PUT, &format!("/api/blocks/{}", lotte.id)).await?;
        assert_eq!(blocked.status(), StatusCode::NO_CONTENT);
    }
    let (_, blocks) = get(&app, &sanne, "/api/blocks").await?;
    assert_eq!(blocks["blocked"].as_array().map(Vec::len), Some(1));
    assert_eq!(blocks["blocked"][0]["userId"], lotte.id);
    assert_eq!(blocks["blocked"][0]["firstName"], "Lotte");

    // Lotte's next message is refused as for a profile that is no longer there; a new start
    // gets the answer of an unknown person.
    let refused = send(&app, &lotte, id, "Hallo?").await?;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let (error, code) = error_envelope(refused).await?;
    assert_eq!(
        (error.as_str(), code.as_str()),
        (
            "Deze persoon is niet meer beschikbaar. Je bericht is niet verstuurd.",
            "unavailable"
        )
    );
    let restart = start(&app, &lotte, &sanne, sanne.pet).await?;
    assert_eq!(restart.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_envelope(restart).await?.0, "Dit gesprek of profiel bestaat niet.");

    // The conversation left Sanne's list and her count; neither sees the other's card.
    let (_, inbox) = get(&app, &sanne, "/api/conversations").await?;
    assert_eq!(inbox["conversations"], json!([]));
    assert_eq!(unread(&app, &sanne).await?, 0);
    assert!(!listed_names(&app, &sanne).await?.contains(&"Lotte Bakker".to_owned()));
    assert!(!listed_names(&app, &lotte).await?.contains(&"Bobby".to_owned()));
    let (_, thread) = get(&app, &sanne, &format!("/api/conversations/{id}/messages")).await?;
    assert_eq!(
        thread["messages"].as_array().map(Vec::len),
        Some(1),
        "the refused message was not stored"
    );

    // Blocking oneself or nobody is refused.
    let own = put_or_delete(&app, &sanne, Method::PUT, &format!("/api/blocks/{}", sanne.id)).await?;
    assert_eq!(own.status(), StatusCode::BAD_REQUEST);
    let nobody = put_or_delete(&app, &sanne, Method::PUT, "/api/blocks/999999").await?;
    assert_eq!(nobody.status(), StatusCode::NOT_FOUND);

    // 'Deblokkeren' brings everything back.
    let unblocked = put_or_delete(&app, &sanne, Method::DELETE, &format!("/api/blocks/{}", lotte.id)).await?;
    assert_eq!(unblocked.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        send(&app, &lotte, id, "Nog eens hallo").await?.status(),
        StatusCode::CREATED
    );
    let (_, inbox) = get(&app, &sanne, "/api/conversations").await?;
    assert_eq!(inbox["conversations"].as_array().map(Vec::len), Some(1));
    assert!(listed_names(&app, &lotte).await?.contains(&"Bobby".to_owned()));
    Ok(())
}

/// Whether `block` is a presence event or a read receipt caused by `user`.
fn caused_by(block: &str, user: &Person) -> bool {
    data_of(block).is_ok_and(|data| {
        (data["type"] == "presence" && data["userId"] == user.id)
            || (data["type"] == "read" && data["readerId"] == user.id)
    })
}

/// Whether `block` is a message `from` sent.
fn message_from(block: &str, from: &Person) -> bool {
    data_of(block).is_ok_and(|data| data["type"] == "message" && data["senderId"] == from.id)
}

async fn after_a_block_neither_stream_hears_the_others_presence_or_read_receipts(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let kees = person(&app, "kees@example.nl", Some(owner_draft("Kees", "Max"))).await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;
    send(&app, &lotte, id, "Hoi Sanne!").await?;
    send(&app, &sanne, id, "Hoi Lotte!").await?;
    let with_lotte = started(&app, &kees, &lotte, None).await?;
    let with_sanne = started(&app, &kees, &sanne, None).await?;
    // Kees talks with both and hears both come and go: the signal that presence went out.
    let mut keeses = EventStream::open(&app, &kees, None).await?;

    let blocked = put_or_delete(&app, &sanne, Method::PUT, &format!("/api/blocks/{}", lotte.id)).await?;
    assert_eq!(blocked.status(), StatusCode::NO_CONTENT);

    let mut sannes = EventStream::open(&app, &sanne, None).await?;
    keeses
        .until(|b| b.contains(&format!("\"userId\":{},\"isOnline\":true", sanne.id)))
        .await?;
    let mut lottes = EventStream::open(&app, &lotte, None).await?;
    keeses
        .until(|b| b.contains(&format!("\"userId\":{},\"isOnline\":true", lotte.id)))
        .await?;
    // Both read the conversation: a read receipt for the other person, were there no block.
    assert_eq!(read(&app, &lotte, id).await?.status(), StatusCode::NO_CONTENT);
    assert_eq!(read(&app, &sanne, id).await?.status(), StatusCode::NO_CONTENT);
    // Nor does the inbox tell Lotte that Sanne is online.
    let (_, inbox) = get(&app, &lotte, "/api/conversations").await?;
    let entry = inbox["conversations"]
        .as_array()
        .and_then(|list| list.iter().find(|c| c["id"] == id))
        .ok_or("Lotte still lists the conversation")?;
    assert_eq!(entry["isOnline"], false, "{entry}");

    // A later message of Kees reaches Sanne: nothing of Lotte came before it.
    send(&app, &kees, with_sanne, "Hoi Sanne, Kees hier").await?;
    let heard = sannes.upto(|b| message_from(b, &kees)).await?;
    assert!(!heard.iter().any(|b| caused_by(b, &lotte)), "{heard:?}");

    // Sanne signs out, which closes her stream (Kees hears it); then Kees writes to Lotte.
    sign_out(&app, &sanne).await?;
    assert!(sannes.ends().await, "the stream of a signed-out session ends");
    keeses
        .until(|b| b.contains(&format!("\"userId\":{},\"isOnline\":false", sanne.id)))
        .await?;
    send(&app, &kees, with_lotte, "Hoi Lotte, Kees hier").await?;
    let heard = lottes.upto(|b| message_from(b, &kees)).await?;
    assert!(!heard.iter().any(|b| caused_by(b, &sanne)), "{heard:?}");
    Ok(())
}

on_both_backends!(
    after_a_block_neither_stream_hears_the_others_presence_or_read_receipts,
    a_blocked_person_gets_the_unknown_person_answer_and_both_lose_sight_of_each_other,
    a_message_with_a_phone_number_or_link_carries_the_safety_hint_for_both_unchanged,
    starting_a_conversation_needs_an_own_profile_and_someone_else,
    a_conversation_exists_only_for_its_two_people,
    messages_are_listed_with_own_and_read_marks_and_paged_by_cursor,
    unread_counts_drop_when_a_conversation_is_read,
    messages_must_hold_text_and_are_limited_per_minute,
    a_message_naming_its_content_twice_is_refused_and_not_sent,
    an_event_stream_receives_messages_read_receipts_and_presence,
    event_ids_count_each_persons_events_and_an_unknown_last_id_resumes_at_the_newest,
    a_stream_opened_with_the_sessions_last_event_brings_what_came_after_the_pages_reads,
    the_mail_about_a_new_message_comes_once_and_not_when_switched_off,
    ten_simultaneous_starts_give_one_conversation,
);

/// Two instances on one PostgreSQL: a message sent to one reaches a stream on the other. (The
/// module's name puts it in the PostgreSQL half of the suite.)
mod on_postgres {
    #[tokio::test]
    async fn two_instances_deliver_messages_live_across_them() -> crate::helpers::TestResult {
        if !oppas_persistence::testing::TestDatabase::postgres_available() {
            return Ok(());
        }
        super::two_instances_on_one_database_deliver_messages_live_across_them().await
    }
}

async fn two_instances_on_one_database_deliver_messages_live_across_them() -> TestResult {
    let database = Backend::Postgres.database();
    let url = database.url().to_owned();
    // One deployment: one database and one session secret.
    let secret = "0f1e2d3c4b5a69788796a5b4c3d2e1f0".repeat(4);
    let first = Spawn::on_database(Some(database), &url)
        .adjusted(|s| s.session.secret = secret.clone().into())
        .start()
        .await?;
    let second = Spawn::on_database(None, &url)
        .adjusted(|s| s.session.secret = secret.clone().into())
        .start()
        .await?;
    let lotte = sitter(&first, "lotte@example.nl").await?;
    let sanne = owner(&first, "sanne@example.nl").await?;
    let id = started(&first, &lotte, &sanne, sanne.pet).await?;

    // Sanne's browser talks to the second instance with the same session cookie.
    let mut on_second = EventStream::open(&second, &sanne, None).await?;
    send(&first, &lotte, id, "Via de eerste").await?;
    let arrived = on_second.until(|b| b.contains("\"message\"")).await?;
    assert_eq!(data_of(&arrived)?["conversationId"], id);
    read(&second, &sanne, id).await?;
    let mut lottes = EventStream::open(&first, &lotte, None).await?;
    send(&second, &sanne, id, "Terug via de tweede").await?;
    let back = lottes.until(|b| b.contains("\"message\"")).await?;
    assert_eq!(data_of(&back)?["senderId"], sanne.id);
    Ok(())
}
