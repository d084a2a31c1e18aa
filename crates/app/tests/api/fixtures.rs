//! Builders several API tests share: typed profile drafts (the domain's [`ProfileDraft`], which a
//! test changes with `..` and sends as the wizard's JSON), an owner whose pet profile carries an
//! uploaded photo, and a sitter who starts a conversation with them about that pet.

use crate::helpers::{ORIGIN, TestApp, VOLUNTEER_BIO};
use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};
use oppas_domain::kernel::enums::ProfileType;
use oppas_domain::profiles::draft::ProfileDraft;
use reqwest::multipart::{Form, Part};
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

type Fallible<T> = Result<T, Box<dyn std::error::Error>>;

/// Lotte's sitter profile as the wizard sends it: what a listed sitter needs (a first name, a
/// place, a postcode and fifty characters about herself) and her experience.
pub fn volunteer_draft() -> ProfileDraft {
    ProfileDraft {
        profile_type: ProfileType::Vrijwilliger.as_str().to_owned(),
        first_name: Some("Lotte".to_owned()),
        last_name: Some("Bakker".to_owned()),
        bio: Some(VOLUNTEER_BIO.to_owned()),
        location: Some("Haarlem".to_owned()),
        postal_code: Some("2011".to_owned()),
        experience: Some("ervaren".to_owned()),
        ..ProfileDraft::default()
    }
}

/// Sanne's owner profile with Bobby, a large Labrador, as the wizard sends it.
pub fn owner_draft() -> ProfileDraft {
    ProfileDraft {
        profile_type: ProfileType::Huisdier.as_str().to_owned(),
        first_name: Some("Sanne".to_owned()),
        last_name: Some("de Vries".to_owned()),
        postal_code: Some("3512".to_owned()),
        pet_name: Some("Bobby".to_owned()),
        pet_breed: Some("Labrador".to_owned()),
        pet_size: Some("groot".to_owned()),
        bio: Some("Bobby houdt van lange wandelingen.".to_owned()),
        ..ProfileDraft::default()
    }
}

/// A draft as the JSON body the wizard sends (every field, empty ones as `null` or `[]`).
pub fn body(draft: &ProfileDraft) -> Value {
    json!(draft)
}

/// `text` as a field's value.
pub fn some(text: &str) -> Option<String> {
    Some(text.to_owned())
}

/// A small JPEG photo.
pub fn jpeg() -> Fallible<Vec<u8>> {
    let picture = RgbImage::from_fn(40, 30, |x, y| Rgb([(x * 6) as u8, (y * 8) as u8, 90]));
    let mut out = Vec::new();
    picture.write_with_encoder(JpegEncoder::new_with_quality(&mut out, 90))?;
    Ok(out)
}

/// Sanne's account with Bobby's pet profile, whose photo she uploaded.
#[derive(Debug)]
pub struct OwnerWithPhoto {
    /// Her user id.
    pub user_id: i64,
    /// Bobby's pet id.
    pub pet_id: i64,
    /// The photo's address (`/uploads/...`).
    pub photo: String,
}

/// A photo `client` uploaded: its address (`/uploads/...`), for a profile to name.
pub async fn uploaded_photo(app: &TestApp, client: &reqwest::Client) -> Fallible<String> {
    let part = Part::bytes(jpeg()?).file_name("foto.jpg").mime_str("image/jpeg")?;
    let uploaded = client
        .post(app.url("/api/upload"))
        .header("Origin", ORIGIN)
        .multipart(Form::new().part("file", part))
        .send()
        .await?;
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    Ok(uploaded.json::<Value>().await?["url"]
        .as_str()
        .ok_or("no url")?
        .to_owned())
}

/// Signs `app`'s own client in as `email`, uploads a photo and makes Bobby's pet profile with it
/// (phone 0612345678, size middel, looking for 'Huisbezoek').
pub async fn owner_with_photo(app: &TestApp, email: &str) -> Fallible<OwnerWithPhoto> {
    let user_id = app.sign_in_directly(email).await?;
    let photo = uploaded_photo(app, &app.client).await?;
    let created = app
        .post_json(
            "/api/profiles",
            &json!({
                "profileType": "huisdier", "firstName": "Sanne", "lastName": "de Vries", "postalCode": "3512",
                "phone": "0612345678", "petName": "Bobby", "avatarUrl": photo, "bio": "Bobby wandelt graag.",
                "petSize": "middel", "petLookingFor": ["Huisbezoek"]
            }),
        )
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED, "{}", created.text().await?);
    let pet_id = created.json::<Value>().await?["profile"]["id"]
        .as_i64()
        .ok_or("no pet")?;
    Ok(OwnerWithPhoto { user_id, pet_id, photo })
}

/// Lotte, a sitter (phone 0687654321) in a conversation with an owner about their pet.
#[derive(Debug)]
pub struct VolunteerInConversation {
    /// Her signed-in client.
    pub client: Client,
    /// Her user id.
    pub user_id: i64,
    /// `/api/conversations/{id}/messages` of the conversation.
    pub messages: String,
}

/// Signs a second person in as `email`, makes Lotte's sitter profile and starts a conversation
/// with `owner` about `pet`.
pub async fn volunteer_writes_to(
    app: &TestApp,
    email: &str,
    owner: i64,
    pet: i64,
) -> Fallible<VolunteerInConversation> {
    let (client, user_id) = app.another_user_directly(email).await?;
    let sitter = app
        .send_json(
            &client,
            Method::POST,
            "/api/profiles",
            &json!({"profileType": "vrijwilliger", "firstName": "Lotte", "lastName": "Bakker", "postalCode": "2011",
                    "location": "Haarlem", "phone": "0687654321", "bio": VOLUNTEER_BIO}),
        )
        .await?;
    assert_eq!(sitter.status(), StatusCode::CREATED);
    let started = app
        .send_json(
            &client,
            Method::POST,
            "/api/conversations",
            &json!({"targetUserId": owner, "petId": pet}),
        )
        .await?;
    let conversation = started.json::<Value>().await?["conversationId"]
        .as_i64()
        .ok_or("no conversation")?;
    Ok(VolunteerInConversation {
        client,
        user_id,
        messages: format!("/api/conversations/{conversation}/messages"),
    })
}
