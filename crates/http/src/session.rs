//! The session cookie and the signed-in user extractor.

use crate::{ApiError, AppState};
use actix_session::config::{PersistentSession, TtlExtensionPolicy};
use actix_session::{Session, SessionExt, SessionMiddleware};
use actix_web::cookie::{Key, SameSite, time::Duration as CookieDuration};
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use oppas_auth::DatabaseSessionStore;
use oppas_auth::session_store::{AUTH_AT_KEY, USER_ID_KEY};
use oppas_domain::UserId;
use oppas_domain::sign_in::user::User;
use std::future::Future;
use std::pin::Pin;

/// How the session cookie is made.
#[derive(Clone)]
pub struct SessionLayer {
    /// Where sessions live.
    pub store: DatabaseSessionStore,
    /// Signs and encrypts the cookie (64 bytes).
    pub key: Key,
    /// Secure cookie with the `__Host-` prefix (production, HTTPS).
    pub secure: bool,
}

impl std::fmt::Debug for SessionLayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionLayer")
            .field("secure", &self.secure)
            .finish_non_exhaustive()
    }
}

impl SessionLayer {
    fn cookie_name(&self) -> &'static str {
        if self.secure {
            "__Host-oppas_session"
        } else {
            "oppas_session"
        }
    }

    /// Reads which session a request belongs to (for event streams, which must end with it).
    #[must_use]
    pub fn cookie(&self) -> SessionCookie {
        SessionCookie {
            key: self.key.clone(),
            name: self.cookie_name(),
        }
    }

    /// A stored session signed in as `user` at `now`, and the cookie (`name=value`) that names
    /// it: what signing in leaves behind, made directly (for tests that need someone signed in).
    ///
    /// # Errors
    /// The session cannot be stored.
    pub async fn open_for(&self, user: UserId, now: chrono::DateTime<chrono::Utc>) -> anyhow::Result<String> {
        use actix_session::storage::SessionStore;
        let state = std::collections::HashMap::from([
            (USER_ID_KEY.to_owned(), serde_json::to_string(&user.get())?),
            (AUTH_AT_KEY.to_owned(), serde_json::to_string(&now)?),
        ]);
        let key = self
            .store
            .save(state, &CookieDuration::hours(24))
            .await
            .map_err(|error| anyhow::anyhow!("storing a session: {error}"))?;
        let name = self.cookie_name();
        let mut jar = actix_web::cookie::CookieJar::new();
        jar.private_mut(&self.key)
            .add(actix_web::cookie::Cookie::new(name, key.as_ref().to_owned()));
        let sealed = jar
            .get(name)
            .ok_or_else(|| anyhow::anyhow!("the sealed session cookie is missing"))?;
        Ok(format!("{name}={}", sealed.value()))
    }

    /// The middleware: HttpOnly, SameSite=Lax, Path=/, a day's idle lifetime renewed on use.
    #[must_use]
    pub fn middleware(self) -> SessionMiddleware<DatabaseSessionStore> {
        let name = self.cookie_name();
        SessionMiddleware::builder(self.store, self.key)
            .cookie_name(name.to_owned())
            .cookie_secure(self.secure)
            .cookie_http_only(true)
            .cookie_same_site(SameSite::Lax)
            .cookie_path("/".to_owned())
            .session_lifecycle(
                PersistentSession::default()
                    .session_ttl(CookieDuration::hours(24))
                    .session_ttl_extension_policy(TtlExtensionPolicy::OnEveryRequest),
            )
            .build()
    }
}

/// Which stored session a request's cookie names.
#[derive(Clone)]
pub struct SessionCookie {
    key: Key,
    name: &'static str,
}

impl std::fmt::Debug for SessionCookie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionCookie")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl SessionCookie {
    /// The stored hash of the session key in the request's (encrypted) cookie, if it has one.
    #[must_use]
    pub fn key_hash(&self, req: &HttpRequest) -> Option<String> {
        let cookie = req.cookie(self.name)?;
        let mut jar = actix_web::cookie::CookieJar::new();
        jar.add_original(cookie);
        let key = jar.private(&self.key).get(self.name)?;
        Some(oppas_auth::session_store::key_hash(key.value()))
    }
}

/// The signed-in user; extracting it answers 401 when there is none.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub User);

/// The user id in the session, if any.
///
/// # Errors
/// A session whose user id does not parse (tampering or a bug) counts as signed out.
pub fn session_user_id(session: &Session) -> Option<UserId> {
    session.get::<i64>(USER_ID_KEY).ok().flatten().map(UserId)
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let session = req.get_session();
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let id = session_user_id(&session).ok_or(ApiError::Unauthenticated)?;
            let state = state.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("application state missing")))?;
            let accounts = state.accounts.clone();
            let user = web::block(move || accounts.find(id)).await??;
            match user {
                Some(user) if !user.is_suspended() => Ok(Self(user)),
                _ => {
                    // The account is gone or suspended: end the session that pointed at it (a
                    // suspension also ended every session it had, on every instance; this one
                    // was begun while that happened).
                    session.purge();
                    Err(ApiError::Unauthenticated)
                }
            }
        })
    }
}

/// Signs `user` in on `session` at `now`: a new session key (the old one is dropped) holding
/// the user and when they signed in.
///
/// # Errors
/// The session state cannot be written (a bug).
pub fn sign_in(session: &Session, user: UserId, now: chrono::DateTime<chrono::Utc>) -> Result<(), ApiError> {
    session.renew();
    session
        .insert(USER_ID_KEY, user.get())
        .map_err(crate::error::internal)?;
    session.insert(AUTH_AT_KEY, now).map_err(crate::error::internal)?;
    Ok(())
}
