//! Sign-in with an OpenID Connect provider (docs/security.md C): authorization code flow with
//! PKCE S256, `state` and `nonce` per attempt, and every ID-token check the crate offers plus an
//! `iat` window. The back-channel client follows no redirects. No provider token leaves here.

use chrono::{DateTime, Utc};
use openidconnect::core::{CoreClient, CoreIdTokenClaims, CoreProviderMetadata, CoreResponseType};
use openidconnect::{
    AuthenticationFlow, AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointMaybeSet, EndpointNotSet,
    EndpointSet, IssuerUrl, Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, TokenResponse,
};
use oppas_domain::identity_sign_in::ProviderClaims;
use serde::{Deserialize, Serialize};
use tokio::sync::OnceCell;

/// How long a started sign-in may take before it must start again.
pub const ATTEMPT_LIFETIME_SECS: i64 = 10 * 60;
/// How old an ID token may be.
const MAX_TOKEN_AGE_SECS: i64 = 10 * 60;
/// How far in the future an ID token's issue time may lie (clock skew).
const MAX_CLOCK_SKEW_SECS: i64 = 60;

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

/// Why a provider sign-in failed. Logged with the reason; people see one generic text.
#[derive(Debug, thiserror::Error)]
pub enum OidcError {
    /// The provider's discovery document could not be read.
    #[error("provider discovery failed: {0}")]
    Discovery(String),
    /// Misconfiguration (bad URLs).
    #[error("invalid OpenID Connect configuration: {0}")]
    Config(String),
    /// `state` is missing, wrong, reused, or the attempt is too old.
    #[error("the sign-in state does not match a started attempt")]
    State,
    /// The code could not be exchanged.
    #[error("the code exchange failed: {0}")]
    Exchange(String),
    /// The ID token failed a check.
    #[error("the ID token was refused: {0}")]
    IdToken(String),
}

/// The provider client; discovery happens on first use and is kept.
#[derive(Debug)]
pub struct OidcClient {
    config: OidcConfig,
    http: reqwest::Client,
    discovered: OnceCell<DiscoveredClient>,
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
            .map_err(|e| OidcError::Config(e.to_string()))?;
        Ok(Self {
            config,
            http,
            discovered: OnceCell::new(),
        })
    }

    async fn client(&self) -> Result<&DiscoveredClient, OidcError> {
        self.discovered
            .get_or_try_init(|| async {
                let issuer =
                    IssuerUrl::new(self.config.issuer_url.clone()).map_err(|e| OidcError::Config(e.to_string()))?;
                let metadata = CoreProviderMetadata::discover_async(issuer, &self.http)
                    .await
                    .map_err(|e| OidcError::Discovery(e.to_string()))?;
                let redirect =
                    RedirectUrl::new(self.config.redirect_url.clone()).map_err(|e| OidcError::Config(e.to_string()))?;
                Ok(CoreClient::from_provider_metadata(
                    metadata,
                    ClientId::new(self.config.client_id.clone()),
                    Some(ClientSecret::new(self.config.client_secret.clone())),
                )
                .set_redirect_uri(redirect))
            })
            .await
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
        if !fresh || code.is_empty() || !constant_time_eq(state.as_bytes(), pending.state.as_bytes()) {
            return Err(OidcError::State);
        }
        let client = self.client().await?;
        let response = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(|e| OidcError::Config(e.to_string()))?
            .set_pkce_verifier(PkceCodeVerifier::new(pending.pkce_verifier))
            .request_async(&self.http)
            .await
            .map_err(|e| OidcError::Exchange(e.to_string()))?;
        let id_token = response
            .id_token()
            .ok_or_else(|| OidcError::IdToken("no ID token in the response".to_owned()))?;
        let verifier = client.id_token_verifier();
        let claims: &CoreIdTokenClaims = id_token
            .claims(&verifier, &Nonce::new(pending.nonce))
            .map_err(|e| OidcError::IdToken(e.to_string()))?;
        let issued = claims.issue_time();
        if issued < now - chrono::Duration::seconds(MAX_TOKEN_AGE_SECS)
            || issued > now + chrono::Duration::seconds(MAX_CLOCK_SKEW_SECS)
        {
            return Err(OidcError::IdToken(format!(
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

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0_u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
