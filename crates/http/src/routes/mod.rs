//! Route tables. Each resource module exposes `configure`; handlers are thin.

pub mod account;
pub mod appointments;
pub mod browse;
pub mod calendar_feed;
pub mod care;
pub mod conversations;
pub mod email_auth;
pub mod events;
pub mod favourites;
pub mod geo;
pub mod health;
pub mod meta;
pub mod moderation;
pub mod oauth;
pub mod profiles;
pub mod push;
pub mod saved_searches;
pub mod schedule;
pub mod site;
pub mod trust;
pub mod uploads;
pub mod users;

use actix_web::web;

/// Every route under `/api`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    meta::configure(cfg);
    account::configure(cfg);
    users::configure(cfg);
    oauth::configure(cfg);
    email_auth::configure(cfg);
    geo::configure(cfg);
    site::configure(cfg);
    browse::configure(cfg);
    conversations::configure(cfg);
    favourites::configure(cfg);
    push::configure(cfg);
    saved_searches::configure(cfg);
    schedule::configure(cfg);
    appointments::configure(cfg);
    care::configure(cfg);
    calendar_feed::configure(cfg);
    trust::configure(cfg);
    moderation::configure(cfg);
    profiles::configure(cfg);
    uploads::configure(cfg);
}
