//! Sign-in with an OpenID Connect provider (docs/security.md C1-C4): authorization code flow with
//! PKCE S256, `state` and `nonce` per attempt, and every ID-token check the crate offers plus an
//! `iat` window. The back-channel client follows no redirects. No provider token leaves here.

use chrono::{DateTime, Utc};
use openidconnect::core::{CoreClient, CoreIdTokenClaims, CoreJsonWebKeySet, CoreProviderMetadata, CoreResponseType};
use openidconnect::{
    AuthenticationFlow, AuthorizationCode, ClaimsVerificationError, ClientId, ClientSecret, CsrfToken,
    EndpointMaybeSet, EndpointNotSet, EndpointSet, IssuerUrl, Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl,
    Scope, SignatureVerificationError, TokenResponse,
};
use oppas_domain::sign_in::identity::ProviderClaims;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use subtle::ConstantTimeEq;
use tokio::sync::Mutex;

/// How long a started sign-in may take before it must start again.
pub const ATTEMPT_LIFETIME_SECS: i64 = 10 * 60;
/// How old an ID token may be.
const MAX_TOKEN_AGE_SECS: i64 = 10 * 60;
/// How far in the future an ID token's issue time may lie (clock skew).
const MAX_CLOCK_SKEW_SECS: i64 = 60;
/// The longest the discovery document and key set are kept, whatever the provider's cache
/// headers say.
const MAX_KEEP: Duration = Duration::from_secs(24 * 60 * 60);
/// How long they are kept when the provider sends no `max-age`.
const DEFAULT_KEEP: Duration = Duration::from_secs(60 * 60);
/// After a failed refresh the last good document and keys serve this long before the next try.
const RETRY_AFTER_FAILURE: Duration = Duration::from_secs(60);
/// At most one fetch of the key set per this interval because a token named a key we lack,
/// so a stream of forged tokens cannot make us hammer the provider.
const MIN_KEY_REFRESH_INTERVAL: Duration = Duration::from_secs(60);

type DiscoveredClient =
    CoreClient<EndpointSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointMaybeSet, EndpointMaybeSet>;

/// What the client needs to know.
#[derive(Debug, Clone)]
pub struct OidcConfig {
    /// Issuer; discovery starts at `<issuer>/.well-known/openid-configuration`.
    pub issuer_url: String,
    /// Our client id.
    pub client_id: String,
    /// Our client secret.
    pub client_secret: String,
    /// Where the provider sends the browser back (`<public_url>/auth/callback`).
    pub redirect_url: String,
}

/// A started sign-in, kept in the visitor's pre-auth session until it is finished once.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PendingSignIn {
    state: String,
    nonce: String,
    pkce_verifier: String,
    started_at: i64,
}

/// The underlying failure of an [`OidcError`], kept for the log's chain of causes.
pub type Cause = Box<dyn std::error::Error + Send + Sync>;

/// Why a provider sign-in failed. Logged with the reason and its causes; people see one
/// generic text.
#[derive(Debug, thiserror::Error)]
pub enum OidcError {
    /// The provider's discovery document or key set could not be read.
    #[error("provider discovery failed: {context}")]
    Discovery {
        /// What was being read.
        context: String,
        /// Why it failed.
        #[source]
        cause: Option<Cause>,
    },
    /// Misconfiguration (bad URLs).
    #[error("invalid OpenID Connect configuration")]
    Config(#[source] Cause),
    /// `state` is missing, wrong, reused, or the attempt is too old.
    #[error("the sign-in state does not match a started attempt")]
    State,
    /// The code could not be exchanged.
    #[error("the code exchange failed")]
    Exchange(#[source] Cause),
    /// The ID token failed a check.
    #[error("the ID token was refused: {reason}")]
    IdToken {
        /// Which check.
        reason: String,
        /// The verifier's own error, where it gave one.
        #[source]
        cause: Option<Cause>,
    },
}

impl OidcError {
    fn discovery(context: impl Into<String>, cause: impl Into<Cause>) -> Self {
        Self::Discovery {
            context: context.into(),
            cause: Some(cause.into()),
        }
    }

    fn config(cause: impl Into<Cause>) -> Self {
        Self::Config(cause.into())
    }

    fn id_token(reason: impl Into<String>) -> Self {
        Self::IdToken {
            reason: reason.into(),
            cause: None,
        }
    }

    fn token_check(cause: impl Into<Cause>) -> Self {
        Self::IdToken {
            reason: "a check failed".to_owned(),
            cause: Some(cause.into()),
        }
    }

    /// The error and every cause behind it, for the log.
    #[must_use]
    pub fn chain(&self) -> String {
        oppas_domain::kernel::error::chain(self)
    }
}

/// The provider's discovery document with its key set, and until when it is kept.
#[derive(Debug, Clone)]
struct Discovered {
    metadata: CoreProviderMetadata,
    client: DiscoveredClient,
    keep_until: Instant,
}

/// What the client keeps of the provider.
#[derive(Debug, Default)]
struct Kept {
    discovered: Option<Discovered>,
    /// When a token's unknown key last made us fetch the key set.
    key_refresh_at: Option<Instant>,
}

/// The provider client. The discovery document and key set are fetched on first use and kept
/// for as long as the provider's cache headers say (at most a day), then fetched again; a token
/// signed by a key the kept set lacks fetches the set again at once (at most once a minute), so
/// the provider's key rotation never needs a restart. A failed fetch keeps the last good set.
#[derive(Debug)]
pub struct OidcClient {
    config: OidcConfig,
    http: reqwest::Client,
    kept: Mutex<Kept>,
}

/// How long a response may be kept by its `Cache-Control: max-age`, within [`MAX_KEEP`].
fn keep_for(headers: &reqwest::header::HeaderMap) -> Duration {
    let max_age = headers
        .get_all(reqwest::header::CACHE_CONTROL)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .find_map(|directive| {
            let directive = directive.trim();
            if directive.eq_ignore_ascii_case("no-store") || directive.eq_ignore_ascii_case("no-cache") {
                return Some(0);
            }
            directive
                .strip_prefix("max-age=")
                .and_then(|secs| secs.trim().parse::<u64>().ok())
        });
    max_age.map_or(DEFAULT_KEEP, Duration::from_secs).min(MAX_KEEP)
}

impl OidcClient {
    /// A client for `config`. No network traffic until the first sign-in.
    ///
    /// # Errors
    /// The HTTP client cannot be built.
    pub fn new(config: OidcConfig) -> Result<Self, OidcError> {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .map_err(OidcError::config)?;
        Ok(Self {
            config,
            http,
            kept: Mutex::new(Kept::default()),
        })
    }

    /// GETs `url` as JSON; the body and how long it may be kept.
    async fn fetch_json(&self, url: &str) -> Result<(Vec<u8>, Duration), OidcError> {
        let response = self
            .http
            .get(url)
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(|e| OidcError::discovery(url, e))?;
        if !response.status().is_success() {
            return Err(OidcError::Discovery {
                context: format!("{url}: HTTP {}", response.status()),
                cause: None,
            });
        }
        let keep = keep_for(response.headers());
        let body = response.bytes().await.map_err(|e| OidcError::discovery(url, e))?;
        Ok((body.to_vec(), keep))
    }

    /// The provider's key set, and how long it may be kept.
    async fn fetch_keys(&self, metadata: &CoreProviderMetadata) -> Result<(CoreJsonWebKeySet, Duration), OidcError> {
        let (body, keep) = self.fetch_json(metadata.jwks_uri().url().as_str()).await?;
        let keys = serde_json::from_slice(&body).map_err(|e| OidcError::discovery("the key set", e))?;
        Ok((keys, keep))
    }

    fn client_for(&self, metadata: CoreProviderMetadata) -> Result<DiscoveredClient, OidcError> {
        let redirect = RedirectUrl::new(self.config.redirect_url.clone()).map_err(OidcError::config)?;
        Ok(CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(self.config.client_id.clone()),
            Some(ClientSecret::new(self.config.client_secret.clone())),
        )
        .set_redirect_uri(redirect))
    }

    /// Fetches the discovery document and the key set afresh.
    async fn discover(&self) -> Result<Discovered, OidcError> {
        let issuer = IssuerUrl::new(self.config.issuer_url.clone()).map_err(OidcError::config)?;
        let url = format!(
            "{}/.well-known/openid-configuration",
            issuer.as_str().trim_end_matches('/')
        );
        let (body, document_keep) = self.fetch_json(&url).await?;
        let metadata: CoreProviderMetadata =
            serde_json::from_slice(&body).map_err(|e| OidcError::discovery("the discovery document", e))?;
        if metadata.issuer() != &issuer {
            return Err(OidcError::Discovery {
                context: format!(
                    "the document names issuer {}, not {}",
                    metadata.issuer().as_str(),
                    issuer.as_str()
                ),
                cause: None,
            });
        }
        let (keys, keys_keep) = self.fetch_keys(&metadata).await?;
        let metadata = metadata.set_jwks(keys);
        Ok(Discovered {
            client: self.client_for(metadata.clone())?,
            metadata,
            keep_until: Instant::now() + document_keep.min(keys_keep),
        })
    }

    /// The client over the kept document and keys, fetched again once they are due.
    async fn client(&self) -> Result<DiscoveredClient, OidcError> {
        let mut kept = self.kept.lock().await;
        if let Some(current) = kept.discovered.as_ref().filter(|d| d.keep_until > Instant::now()) {
            return Ok(current.client.clone());
        }
        match self.discover().await {
            Ok(fresh) => {
                let client = fresh.client.clone();
                kept.discovered = Some(fresh);
                Ok(client)
            }
            Err(error) => match kept.discovered.as_mut() {
                Some(last) => {
                    tracing::warn!(error.cause = %error, "provider refresh failed; the last good keys are kept");
                    last.keep_until = Instant::now() + RETRY_AFTER_FAILURE;
                    Ok(last.client.clone())
                }
                None => Err(error),
            },
        }
    }

    /// Fetches the key set again because a token named a key the kept set lacks: the client
    /// with the fresh keys, or `None` when the last such fetch was under a minute ago (or it
    /// failed, which keeps the last good set).
    async fn client_with_fresh_keys(&self) -> Option<DiscoveredClient> {
        let mut kept = self.kept.lock().await;
        let now = Instant::now();
        if kept
            .key_refresh_at
            .is_some_and(|at| now.duration_since(at) < MIN_KEY_REFRESH_INTERVAL)
        {
            tracing::warn!("a token named an unknown key; the key set was fetched under a minute ago");
            return None;
        }
        kept.key_refresh_at = Some(now);
        let metadata = kept.discovered.as_ref()?.metadata.clone();
        let fetched = match self.fetch_keys(&metadata).await {
            Ok(fetched) => fetched,
            Err(error) => {
                tracing::warn!(error.cause = %error, "the provider's key set could not be fetched again");
                return None;
            }
        };
        let (keys, keep) = fetched;
        let metadata = metadata.set_jwks(keys);
        let client = match self.client_for(metadata.clone()) {
            Ok(client) => client,
            Err(error) => {
                tracing::warn!(error.cause = %error, "the provider client could not be rebuilt");
                return None;
            }
        };
        tracing::info!("the provider's key set was fetched again for an unknown key");
        let keep_until = kept
            .discovered
            .as_ref()
            .map_or(now + keep, |d| d.keep_until.min(now + keep));
        kept.discovered = Some(Discovered {
            metadata,
            client: client.clone(),
            keep_until,
        });
        Some(client)
    }

    /// Starts an attempt: the provider URL to send the browser to, and what to keep in the session.
    ///
    /// # Errors
    /// Discovery failed.
    pub async fn start(&self, now: DateTime<Utc>) -> Result<(String, PendingSignIn), OidcError> {
        let client = self.client().await?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(
                AuthenticationFlow::<CoreResponseType>::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .add_scope(Scope::new("email".to_owned()))
            .add_scope(Scope::new("profile".to_owned()))
            .set_pkce_challenge(challenge)
            .url();
        let pending = PendingSignIn {
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
            started_at: now.timestamp(),
        };
        Ok((url.to_string(), pending))
    }

    /// Finishes an attempt: checks `state`, exchanges the code with the PKCE verifier, verifies
    /// the ID token (issuer, audience, signature, expiry, nonce, issue time).
    ///
    /// # Errors
    /// [`OidcError`] for any failed check.
    pub async fn finish(
        &self,
        code: &str,
        state: &str,
        pending: PendingSignIn,
        now: DateTime<Utc>,
    ) -> Result<ProviderClaims, OidcError> {
        let fresh = now.timestamp() - pending.started_at <= ATTEMPT_LIFETIME_SECS;
        if !fresh || code.is_empty() || !bool::from(state.as_bytes().ct_eq(pending.state.as_bytes())) {
            return Err(OidcError::State);
        }
        let client = self.client().await?;
        let response = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(OidcError::config)?
            .set_pkce_verifier(PkceCodeVerifier::new(pending.pkce_verifier))
            .request_async(&self.http)
            .await
            .map_err(|e| OidcError::Exchange(e.into()))?;
        let id_token = response
            .id_token()
            .ok_or_else(|| OidcError::id_token("no ID token in the response"))?;
        let nonce = Nonce::new(pending.nonce);
        let claims: &CoreIdTokenClaims = match id_token.claims(&client.id_token_verifier(), &nonce) {
            Ok(claims) => claims,
            // Signed by a key we do not know yet: the provider may have rotated its keys.
            Err(ClaimsVerificationError::SignatureVerification(SignatureVerificationError::NoMatchingKey)) => {
                let refreshed = self
                    .client_with_fresh_keys()
                    .await
                    .ok_or_else(|| OidcError::id_token("signed by a key the provider does not publish"))?;
                id_token
                    .claims(&refreshed.id_token_verifier(), &nonce)
                    .map_err(OidcError::token_check)?
            }
            Err(other) => return Err(OidcError::token_check(other)),
        };
        let issued = claims.issue_time();
        if issued < now - chrono::Duration::seconds(MAX_TOKEN_AGE_SECS)
            || issued > now + chrono::Duration::seconds(MAX_CLOCK_SKEW_SECS)
        {
            return Err(OidcError::id_token(format!(
                "issued at {issued}, outside the accepted window"
            )));
        }
        let localized = |value: Option<&openidconnect::LocalizedClaim<openidconnect::EndUserGivenName>>| {
            value
                .and_then(|names| names.get(None))
                .map(|name| name.as_str().to_owned())
        };
        Ok(ProviderClaims {
            issuer: claims.issuer().as_str().to_owned(),
            subject: claims.subject().as_str().to_owned(),
            email: claims.email().map(|e| e.as_str().to_owned()),
            email_verified: claims.email_verified().unwrap_or(false),
            given_name: localized(claims.given_name()),
            family_name: claims
                .family_name()
                .and_then(|names| names.get(None))
                .map(|name| name.as_str().to_owned()),
            name: claims
                .name()
                .and_then(|names| names.get(None))
                .map(|name| name.as_str().to_owned()),
            picture: claims
                .picture()
                .and_then(|pictures| pictures.get(None))
                .map(|url| url.as_str().to_owned()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_token_keeps_the_verifiers_error_as_its_cause() {
        let error = OidcError::token_check(std::io::Error::other("signature mismatch"));
        assert!(std::error::Error::source(&error).is_some());
        assert_eq!(
            error.chain(),
            "the ID token was refused: a check failed: signature mismatch"
        );
    }

    #[tokio::test]
    async fn a_state_that_differs_from_the_started_one_is_refused_before_the_provider_is_asked() {
        // The issuer cannot be reached: only the state check can answer.
        let client = OidcClient::new(OidcConfig {
            issuer_url: "http://127.0.0.1:9".to_owned(),
            client_id: "client".to_owned(),
            client_secret: "secret".to_owned(),
            redirect_url: "http://127.0.0.1:9/auth/callback".to_owned(),
        })
        .map_err(|error| error.chain())
        .unwrap_or_else(|chain| panic!("{chain}"));
        let now = chrono::DateTime::from_timestamp(1_795_000_000, 0).unwrap_or_default();
        let pending = PendingSignIn {
            state: "abcdef".to_owned(),
            nonce: "nonce".to_owned(),
            pkce_verifier: "verifier".to_owned(),
            started_at: now.timestamp(),
        };
        for state in ["abcdeg", "abcde", "abcdefg", ""] {
            let refused = client.finish("code", state, pending.clone(), now).await;
            assert!(matches!(refused, Err(OidcError::State)), "state {state:?}");
        }
        let asked = client.finish("code", "abcdef", pending, now).await;
        assert!(
            !matches!(asked, Err(OidcError::State)),
            "the matching state passes the check"
        );
    }

    #[test]
    fn a_cache_header_sets_how_long_keys_are_kept_within_a_day() {
        let headers = |value: &'static str| {
            let mut map = reqwest::header::HeaderMap::new();
            map.insert(
                reqwest::header::CACHE_CONTROL,
                reqwest::header::HeaderValue::from_static(value),
            );
            map
        };
        assert_eq!(keep_for(&headers("public, max-age=600")), Duration::from_secs(600));
        assert_eq!(keep_for(&headers("max-age=9999999")), MAX_KEEP);
        assert_eq!(keep_for(&headers("no-store")), Duration::ZERO);
        assert_eq!(keep_for(&reqwest::header::HeaderMap::new()), DEFAULT_KEEP);
    }
}
