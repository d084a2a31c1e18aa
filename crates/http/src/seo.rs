//! What search engines and link previews read without running the app: `robots.txt`, a sitemap of
//! the public pages, and the profile pages' `index.html` with their own title, description and
//! Open Graph tags.

use crate::{ApiError, AppState, HttpConfig};
use actix_web::http::StatusCode;
use actix_web::http::header::ContentType;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, web};
use oppas_domain::profiles::profile::{Owner, Pet, Volunteer};
use oppas_domain::{OwnerId, PetId, VolunteerId};
use std::fmt::Write as _;

/// The public pages that are not profiles, as the sitemap lists them.
const PUBLIC_PATHS: &[&str] = &[
    "/",
    "/profielen",
    "/voor-baasjes",
    "/voor-oppassers",
    "/registreren",
    "/voorwaarden",
    "/privacy",
];

/// Pages of one person or their own account: not for search engines.
const PRIVATE_PATHS: &[&str] = &[
    "/api/",
    "/dashboard",
    "/berichten",
    "/profiel-aanmaken",
    "/auth/",
    "/email-verificatie",
];

/// The longest description a preview shows.
const DESCRIPTION_MAX: usize = 160;

/// Routes `/robots.txt`, `/sitemap.xml` and the three profile pages. Registered before the app's
/// files.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(robots_txt)
        .service(sitemap_xml)
        .service(pet_page)
        .service(volunteer_page)
        .service(owner_page);
}

#[get("/robots.txt")]
async fn robots_txt(config: web::Data<HttpConfig>) -> HttpResponse {
    let mut body = String::from("User-agent: *\n");
    for path in PRIVATE_PATHS {
        let _ = writeln!(body, "Disallow: {path}");
    }
    let _ = writeln!(body, "\nSitemap: {}/sitemap.xml", config.public_origin);
    HttpResponse::Ok().content_type(ContentType::plaintext()).body(body)
}

#[get("/sitemap.xml")]
async fn sitemap_xml(state: web::Data<AppState>, config: web::Data<HttpConfig>) -> Result<HttpResponse, ApiError> {
    let service = state.profile_service.clone();
    let pages = web::block(move || service.public_pages()).await??;
    let origin = &config.public_origin;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in PUBLIC_PATHS {
        let _ = writeln!(xml, "  <url><loc>{origin}{path}</loc></url>");
    }
    let profiles = pages
        .volunteers
        .iter()
        .map(|(id, at)| (format!("/vrijwilliger/{id}"), at))
        .chain(pages.owners.iter().map(|(id, at)| (format!("/eigenaar/{id}"), at)))
        .chain(pages.pets.iter().map(|(id, at)| (format!("/huisdier/{id}"), at)));
    for (path, changed) in profiles {
        let _ = writeln!(
            xml,
            "  <url><loc>{origin}{path}</loc><lastmod>{}</lastmod></url>",
            changed.format("%Y-%m-%d")
        );
    }
    xml.push_str("</urlset>\n");
    Ok(HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .body(xml))
}

/// What a profile page tells crawlers and link previews.
struct PageMeta {
    title: String,
    description: String,
    image: Option<String>,
}

#[get("/huisdier/{id}")]
async fn pet_page(req: HttpRequest, id: web::Path<String>, state: web::Data<AppState>) -> HttpResponse {
    let found = match id.parse::<i64>() {
        Ok(id) => {
            let service = state.profile_service.clone();
            let moderation = state.moderation.clone();
            web::block(move || unless_hidden(service.pet_page(PetId(id))?, |(_, owner)| owner.user_id, &moderation))
                .await
        }
        Err(_) => Ok(Ok(None)),
    };
    respond(&req, found, |(pet, owner): (Pet, Owner)| PageMeta {
        // A pet lives where its owner lives.
        title: named(&pet.fields.name, owner.fields.whereabouts.location.as_deref()),
        // The kind of animal first: a preview of a cat's page says it is a cat.
        description: described(
            pet.fields
                .bio
                .as_deref()
                .filter(|bio| !bio.trim().is_empty())
                .map(|bio| format!("{}: {}", pet.fields.species.label(), bio.trim_start()))
                .as_deref(),
            &format!(
                "{} is {} en zoekt een oppas via Oppasmaatje.",
                pet.fields.name,
                pet.fields.species.rules().one
            ),
        ),
        image: pet.fields.avatar_url.clone(),
    })
    .await
}

#[get("/vrijwilliger/{id}")]
async fn volunteer_page(req: HttpRequest, id: web::Path<String>, state: web::Data<AppState>) -> HttpResponse {
    let found = match id.parse::<i64>() {
        Ok(id) => {
            let service = state.profile_service.clone();
            let moderation = state.moderation.clone();
            web::block(move || unless_hidden(service.volunteer_page(VolunteerId(id))?, |v| v.user_id, &moderation))
                .await
        }
        Err(_) => Ok(Ok(None)),
    };
    respond(&req, found, |volunteer: Volunteer| {
        let name = full_name(&volunteer.fields.first_name, &volunteer.fields.last_name);
        PageMeta {
            title: named(&name, volunteer.fields.whereabouts.location.as_deref()),
            description: described(
                volunteer.fields.bio.as_deref(),
                &format!("{name} past op huisdieren via Oppasmaatje."),
            ),
            image: volunteer.fields.avatar_url.clone(),
        }
    })
    .await
}

#[get("/eigenaar/{id}")]
async fn owner_page(req: HttpRequest, id: web::Path<String>, state: web::Data<AppState>) -> HttpResponse {
    let found = match id.parse::<i64>() {
        Ok(id) => {
            let service = state.profile_service.clone();
            let moderation = state.moderation.clone();
            web::block(move || {
                unless_hidden(
                    service.owner_page(OwnerId(id))?,
                    |(owner, _)| owner.user_id,
                    &moderation,
                )
            })
            .await
        }
        Err(_) => Ok(Ok(None)),
    };
    respond(&req, found, |(owner, _pets): (Owner, Vec<Pet>)| {
        let name = full_name(&owner.fields.first_name, &owner.fields.last_name);
        PageMeta {
            title: named(&name, owner.fields.whereabouts.location.as_deref()),
            description: described(
                owner.fields.bio.as_deref(),
                &format!("{name} zoekt een oppas voor hun huisdier via Oppasmaatje."),
            ),
            image: owner.fields.avatar_url.clone(),
        }
    })
    .await
}

/// A profile a moderator hid is, for crawlers and link previews, no profile at all.
fn unless_hidden<T>(
    found: Option<T>,
    user_of: impl Fn(&T) -> oppas_domain::UserId,
    moderation: &oppas_domain::trust::moderation::Moderation,
) -> Result<Option<T>, oppas_domain::RepositoryError> {
    match found {
        Some(profile) if moderation.is_hidden(user_of(&profile))? => Ok(None),
        other => Ok(other),
    }
}

/// The app's `index.html` with the page's own head; the plain page (404) for an unknown profile,
/// which the app then says it cannot find.
async fn respond<T>(
    req: &HttpRequest,
    found: Result<Result<Option<T>, oppas_domain::RepositoryError>, actix_web::error::BlockingError>,
    meta_of: impl FnOnce(T) -> PageMeta,
) -> HttpResponse {
    let Some(config) = req.app_data::<web::Data<HttpConfig>>() else {
        return ApiError::not_found().error_response();
    };
    let index = config.static_dir.join("index.html");
    let html = match actix_web::rt::task::spawn_blocking(move || std::fs::read_to_string(index)).await {
        Ok(Ok(html)) => html,
        _ => {
            tracing::error!("the web app is not built");
            return ApiError::Unavailable("De website is op dit moment niet beschikbaar.".to_owned()).error_response();
        }
    };
    let (status, html) = match found {
        Ok(Ok(Some(profile))) => {
            let meta = meta_of(profile);
            let url = format!("{}{}", config.public_origin, req.path());
            (StatusCode::OK, with_head(&html, &meta, &url, &config.public_origin))
        }
        Ok(Ok(None)) => (StatusCode::NOT_FOUND, html),
        Ok(Err(error)) => return ApiError::from(error).error_response(),
        Err(error) => return ApiError::from(error).error_response(),
    };
    HttpResponse::build(status).content_type(ContentType::html()).body(html)
}

/// The head of a profile page: its description, canonical address and Open Graph tags.
#[derive(askama::Template)]
#[template(path = "profile_head.html")]
struct ProfileHead<'a> {
    title: &'a str,
    description: &'a str,
    url: &'a str,
    image: Option<&'a str>,
}

/// A profile page's title.
#[derive(askama::Template)]
#[template(source = "<title>{{ title }} – Oppasmaatje</title>", ext = "html")]
struct ProfileTitle<'a> {
    title: &'a str,
}

/// `html` with the page's title, description, canonical address and Open Graph tags.
fn with_head(html: &str, meta: &PageMeta, url: &str, origin: &str) -> String {
    let image = meta.image.as_deref().and_then(|image| absolute(image, origin));
    // Rendering into a String fails only when a value's Display fails, and these are all strings.
    let head = askama::Template::render(&ProfileHead {
        title: &meta.title,
        description: &meta.description,
        url,
        image: image.as_deref(),
    })
    .unwrap_or_default();
    let without_description = without_meta_description(html);
    let titled = match (
        without_description.find("<title>"),
        without_description.find("</title>"),
    ) {
        (Some(start), Some(end)) if start < end => format!(
            "{}{}{}",
            &without_description[..start],
            askama::Template::render(&ProfileTitle { title: &meta.title }).unwrap_or_default(),
            &without_description[end + "</title>".len()..]
        ),
        _ => without_description,
    };
    match titled.find("</head>") {
        Some(end) => format!("{}{head}{}", &titled[..end], &titled[end..]),
        None => titled,
    }
}

/// `html` without its general `<meta name="description">`.
fn without_meta_description(html: &str) -> String {
    let Some(attribute) = html.find("name=\"description\"") else {
        return html.to_owned();
    };
    let (Some(start), Some(length)) = (html[..attribute].rfind("<meta"), html[attribute..].find('>')) else {
        return html.to_owned();
    };
    format!("{}{}", &html[..start], &html[attribute + length + 1..])
}

/// An address crawlers can fetch: our uploads under our origin, or a provider's https picture.
fn absolute(image: &str, origin: &str) -> Option<String> {
    if image.starts_with('/') && !image.starts_with("//") {
        Some(format!("{origin}{image}"))
    } else if image.starts_with("https://") {
        Some(image.to_owned())
    } else {
        None
    }
}

/// 'Luna in Amsterdam', or the name alone.
fn named(name: &str, place: Option<&str>) -> String {
    match place.map(str::trim).filter(|place| !place.is_empty()) {
        Some(place) => format!("{name} in {place}"),
        None => name.to_owned(),
    }
}

fn full_name(first: &str, last: &str) -> String {
    match last.trim() {
        "" => first.to_owned(),
        last => format!("{first} {last}"),
    }
}

/// The first line of the description, shortened at a word to fit a preview; else `fallback`.
fn described(bio: Option<&str>, fallback: &str) -> String {
    let first_line = bio
        .and_then(|bio| bio.lines().map(str::trim).find(|line| !line.is_empty()))
        .unwrap_or(fallback);
    if first_line.chars().count() <= DESCRIPTION_MAX {
        return first_line.to_owned();
    }
    let cut: String = first_line.chars().take(DESCRIPTION_MAX - 1).collect();
    let at_word = cut.rfind(' ').map_or(cut.as_str(), |space| &cut[..space]);
    format!("{}…", at_word.trim_end_matches([',', '.', ';', ':']))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = "<!doctype html><html lang=\"nl\"><head><meta charset=\"UTF-8\" />\
        <title>Oppasmaatje – gratis oppas voor je huisdier</title>\
        <meta\n      name=\"description\"\n      content=\"Algemeen\"\n    />\
        <link rel=\"icon\" href=\"/favicon.svg\" /></head><body><div id=\"root\"></div></body></html>";

    #[test]
    fn a_profile_page_gets_its_own_title_description_and_preview() {
        let meta = PageMeta {
            title: named("Luna", Some("Amsterdam")),
            description: described(Some("Slim & speels.\nTweede regel."), "x"),
            image: Some("/uploads/luna.jpg".to_owned()),
        };
        let html = with_head(
            INDEX,
            &meta,
            "https://oppas.example/huisdier/2",
            "https://oppas.example",
        );
        assert!(
            html.contains("<title>Luna in Amsterdam – Oppasmaatje</title>"),
            "{html}"
        );
        assert!(!html.contains("Algemeen"), "the general description goes: {html}");
        assert!(html.contains("<meta name=\"description\" content=\"Slim &#38; speels.\" />"));
        assert!(html.contains("<meta property=\"og:title\" content=\"Luna in Amsterdam\" />"));
        assert!(html.contains("<meta property=\"og:image\" content=\"https://oppas.example/uploads/luna.jpg\" />"));
        assert!(html.contains("<link rel=\"canonical\" href=\"https://oppas.example/huisdier/2\" />"));
        assert!(html.contains("<div id=\"root\"></div>"), "the app still loads");
    }

    #[test]
    fn names_and_texts_cannot_break_out_of_the_head() {
        let meta = PageMeta {
            title: named("<script>alert(1)</script>", None),
            description: described(None, "\"quoted\""),
            image: Some("javascript:alert(1)".to_owned()),
        };
        let html = with_head(
            INDEX,
            &meta,
            "https://oppas.example/huisdier/1",
            "https://oppas.example",
        );
        assert!(!html.contains("<script>alert"), "{html}");
        // The template engine writes the characters as numeric references.
        assert!(html.contains("&#60;script&#62;alert(1)&#60;/script&#62;"), "{html}");
        assert!(html.contains("content=\"&#34;quoted&#34;\""), "{html}");
        assert!(!html.contains("og:image"), "only our uploads and https pictures");
    }

    #[test]
    fn a_long_description_is_cut_at_a_word() {
        let long = "woord ".repeat(60);
        let cut = described(Some(&long), "x");
        assert!(cut.chars().count() <= DESCRIPTION_MAX, "{cut}");
        assert!(cut.ends_with("woord…"), "{cut}");
    }
}
