//! API integration tests: the real server on a free port, a fresh database per test. Every test
//! runs on SQLite (`…::sqlite::…`) and on PostgreSQL (`…::postgres::…`, needs
//! `OPPAS_TEST_POSTGRES_URL`).

mod fixtures;
mod helpers;

mod account;
mod appointments;
mod browse;
mod bursts;
mod calendar;
mod care;
mod changes;
mod cli;
mod closed_conversations;
mod completeness;
mod email_auth;
mod errors;
mod favourites;
mod geo;
mod health;
mod idempotency;
mod instances;
mod messages;
mod moderation;
mod new_members;
mod oidc;
mod outbox;
mod pages;
mod pets;
mod profiles;
mod push;
mod schedule;
mod signals;
mod species;
mod suspension;
mod trust;
mod uploads;
mod users;
