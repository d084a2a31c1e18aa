//! Signing up and in with a one-time code by e-mail.

use crate::extract::{FieldOrder, Valid};
use crate::session::sign_in;
use crate::{ApiError, AppState};
use actix_session::Session;
use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::{HttpRequest, HttpResponse, post, web};
use oppas_domain::Email;
use oppas_domain::kernel::field_rules;
use oppas_domain::sign_in::code::SignInAttempt;
use oppas_domain::sign_in::known_browser::BrowserMark;
use oppas_domain::sign_in::ports::CodePurpose;
use oppas_domain::sign_in::rules::{Requester, SignInError, SignUp, parse_code, parse_email};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

/// Sign-up form; its rules are the domain's [`SignUp`].
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RegisterRequest {
    /// Given name, at most 50 characters.
    #[serde(default)]
    pub first_name: String,
    /// Family name, at most 50 characters.
    #[serde(default)]
    pub last_name: String,
    /// The address to send the code to.
    #[serde(default)]
    pub email: String,
    /// The terms were accepted.
    #[serde(default)]
    pub terms: bool,
}

/// An address only.
#[derive(Debug, Deserialize, ToSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct EmailRequest {
    /// The address.
    #[serde(default)]
    #[validate(custom(function = field_rules::email))]
    pub email: String,
}

impl FieldOrder for EmailRequest {
    const ORDER: &'static [&'static str] = &["email"];
}

/// An address and the code mailed to it.
#[derive(Debug, Deserialize, ToSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct CodeRequest {
    /// The address.
    #[serde(default)]
    #[validate(custom(function = field_rules::email))]
    pub email: String,
    /// Six digits.
    #[serde(default)]
    #[validate(custom(function = oppas_domain::sign_in::code::code_rule))]
    pub code: String,
}

impl FieldOrder for CodeRequest {
    const ORDER: &'static [&'static str] = &["email", "code"];
}

/// The answer to a code request: the same text for every address.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    /// Dutch text for people.
    pub message: String,
}

/// The answer to a successful code check: signed in, and where to go.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedResponse {
    /// Dutch text for people.
    pub message: String,
    /// The page to open next.
    pub redirect_to: String,
    /// Always false: the person is signed in.
    pub requires_login: bool,
}

/// The token of a mail's sign-in link, as the page read it from the link's fragment.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkRequest {
    /// The 64 hexadecimal characters after `#` in `/inloggen/link#...`.
    #[serde(default)]
    pub token: String,
}

/// What a still usable sign-in link is for, before it is used.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkInfoResponse {
    /// The address, masked: `a***@example.nl`.
    pub email: String,
    /// `login`, or `register` when the link also confirms a new account's address.
    pub purpose: String,
}

/// Routes `/api/auth/email-*`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(register)
        .service(verify_registration)
        .service(resend)
        .service(request_login)
        .service(verify_login)
        .service(link_info)
        .service(sign_in_with_link);
}

/// Runs sign-in work that hashes a code on the pool of hashing threads (at most
/// [`oppas_domain::sign_in::rules::MAX_CONCURRENT_CODE_HASHES`] at once, a short queue behind them): a
/// burst waits briefly as tasks, not threads, and past the queue is refused with 429, so memory
/// and threads stay flat whatever arrives at once.
pub(crate) async fn gated<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> Result<T, SignInError> + Send + 'static,
) -> Result<Result<T, SignInError>, ApiError> {
    state.sign_in_pool.run(work).await.map_err(|_| {
        tracing::warn!("sign-in refused: every hashing thread is busy");
        ApiError::TooManyRequests {
            retry_after_secs: 2,
            message: "Het is even erg druk. Probeer het over een paar seconden opnieuw.".to_owned(),
        }
    })
}

/// How long a browser keeps its sign-in attempt: well past a code's ten minutes.
const ATTEMPT_COOKIE_MAX_AGE: CookieDuration = CookieDuration::days(1);

/// How long a browser's mark lives in the browser: as long as the mark itself.
const MARK_COOKIE_MAX_AGE: CookieDuration =
    CookieDuration::days(oppas_domain::sign_in::known_browser::KNOWN_BROWSER_LIFETIME.num_days());

/// The name of the cookie that marks a browser that signed in before (`__Host-` over HTTPS).
fn mark_cookie_name(state: &AppState) -> &'static str {
    if state.secure_cookies {
        "__Host-oppas_browser"
    } else {
        "oppas_browser"
    }
}

/// The browser's checked mark, if it brings one this installation signed.
fn mark_of(req: &HttpRequest, state: &AppState) -> Option<BrowserMark> {
    req.cookie(mark_cookie_name(state))
        .and_then(|cookie| state.sign_in.read_mark(cookie.value()))
}

/// After a sign-in with `email`: the browser's mark names the address for the next 90 days, so
/// that its code requests and guesses have an allowance of their own. Signing out leaves it.
pub(crate) fn remember_browser(req: &HttpRequest, response: &mut HttpResponse, state: &AppState, email: &Email) {
    let value = state.sign_in.mark_signed_in(mark_of(req, state), email);
    let cookie = Cookie::build(mark_cookie_name(state), value)
        .path("/")
        .http_only(true)
        .secure(state.secure_cookies)
        .same_site(SameSite::Strict)
        .max_age(MARK_COOKIE_MAX_AGE)
        .finish();
    if let Err(error) = response.add_cookie(&cookie) {
        tracing::warn!(error.cause = %error, "the browser's mark could not be set");
    }
}

/// The name of the cookie that carries a browser's sign-in attempt (`__Host-` over HTTPS).
fn attempt_cookie_name(state: &AppState) -> &'static str {
    if state.secure_cookies {
        "__Host-oppas_signin"
    } else {
        "oppas_signin"
    }
}

/// The browser's sign-in attempt from its cookie, if it brings a well-formed one.
fn attempt_of(req: &HttpRequest, state: &AppState) -> Option<SignInAttempt> {
    req.cookie(attempt_cookie_name(state))
        .and_then(|cookie| SignInAttempt::parse(cookie.value()))
}

/// The cookie that keeps an attempt id (`value`) in the browser: HttpOnly, same-site only.
fn attempt_cookie(state: &AppState, value: &str, max_age: CookieDuration) -> Cookie<'static> {
    Cookie::build(attempt_cookie_name(state), value.to_owned())
        .path("/")
        .http_only(true)
        .secure(state.secure_cookies)
        .same_site(SameSite::Strict)
        .max_age(max_age)
        .finish()
}

/// Who asks for a code: the client's address and the browser's attempt, a new one (and the
/// cookie to keep it) when the browser brings none.
pub(crate) fn code_requester(req: &HttpRequest, state: &AppState) -> (Requester, Option<Cookie<'static>>) {
    let (attempt, cookie) = match attempt_of(req, state) {
        Some(kept) => (kept, None),
        None => {
            let fresh = state.sign_in.new_attempt();
            let cookie = attempt_cookie(state, fresh.as_str(), ATTEMPT_COOKIE_MAX_AGE);
            (fresh, Some(cookie))
        }
    };
    let requester = Requester {
        client: crate::client::client_ip(req),
        attempt,
        mark: mark_of(req, state),
    };
    (requester, cookie)
}

/// Who checks a code: a browser without an attempt gets a new one, which no code belongs to.
pub(crate) fn code_checker(req: &HttpRequest, state: &AppState) -> Requester {
    Requester {
        client: crate::client::client_ip(req),
        attempt: attempt_of(req, state).unwrap_or_else(|| state.sign_in.new_attempt()),
        mark: mark_of(req, state),
    }
}

/// Ends the browser's attempt once its code was used.
pub(crate) fn end_attempt(response: &mut HttpResponse, state: &AppState) {
    let expired = attempt_cookie(state, "", CookieDuration::ZERO);
    if let Err(error) = response.add_cookie(&expired) {
        tracing::warn!(error.cause = %error, "the sign-in attempt cookie could not be ended");
    }
}

/// Runs a code check: the limits and the guess's reservation on storage, then the one hash
/// check on the hashing threads (a browser without a code gets the same check against a hash
/// no code matches, so the time of the answer tells nothing).
pub(crate) async fn check_code(
    state: &AppState,
    email: oppas_domain::Email,
    code: oppas_domain::sign_in::code::OneTimeCode,
    purpose: CodePurpose,
    requester: Requester,
) -> Result<Result<oppas_domain::sign_in::user::User, SignInError>, ApiError> {
    let service = state.sign_in.clone();
    // Limits first, on storage alone: only a guess that passed them waits for a hashing place.
    let reserving = service.clone();
    let guess = web::block(move || reserving.reserve_guess(&email, purpose, &requester)).await?;
    match guess {
        Ok(guess) => gated(state, move || service.check_guess(&guess, &code)).await,
        Err(refused) => Ok(Err(refused)),
    }
}

fn sent(email: &str, cookie: Option<Cookie<'static>>) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    if let Some(cookie) = cookie {
        response.cookie(cookie);
    }
    response.json(MessageResponse {
        message: format!("We hebben een e-mail gestuurd naar {email}. Bekijk je inbox (en je spammap)."),
    })
}

/// Makes an account (or finds the unverified one) and mails a code. The answer is the same for
/// every address; the e-mail says what applies.
///
/// # Errors
/// 422 for a missing or malformed field (the first one in the form's order), 429 when throttled.
#[utoipa::path(post, path = "/api/auth/email-register", tag = "auth", operation_id = "email_register", request_body = RegisterRequest,
    responses(
        (status = 200, description = "A code is on its way", body = MessageResponse),
        (status = 422, description = "A field is invalid", body = crate::ApiErrorBody),
        (status = 429, description = "Throttled", body = crate::ApiErrorBody),
    ))]
#[post("/auth/email-register")]
pub async fn register(
    req: HttpRequest,
    body: crate::extract::Body<RegisterRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let registration = SignUp {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        terms: body.terms,
    }
    .check()?;
    let (requester, cookie) = code_requester(&req, &state);
    let service = state.sign_in.clone();
    let email = registration.email.to_string();
    gated(&state, move || service.register(&registration, &requester)).await??;
    tracing::info!(auth.step = "register", "code requested");
    Ok(sent(&email, cookie))
}

/// Confirms a new account's address with its code and signs the person in.
///
/// # Errors
/// 400 for a wrong, used or exhausted code; 422 for a malformed one; 429 when throttled.
#[utoipa::path(post, path = "/api/auth/email-verify", tag = "auth", operation_id = "email_verify", request_body = CodeRequest,
    responses(
        (status = 200, description = "Verified and signed in", body = VerifiedResponse),
        (status = 400, description = "Wrong code", body = crate::ApiErrorBody),
        (status = 403, description = "The account is suspended (`account_suspended`)", body = crate::ApiErrorBody),
        (status = 422, description = "Malformed input", body = crate::ApiErrorBody),
        (status = 429, description = "Throttled", body = crate::ApiErrorBody),
    ))]
#[post("/auth/email-verify")]
pub async fn verify_registration(
    req: HttpRequest,
    body: Valid<CodeRequest>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    verify(&req, body.into_inner(), CodePurpose::Register, session, state).await
}

/// A new registration code.
///
/// # Errors
/// 422 for a malformed address, 429 during the cooldown.
#[utoipa::path(post, path = "/api/auth/email-resend", tag = "auth", operation_id = "email_resend", request_body = EmailRequest,
    responses(
        (status = 200, description = "A code is on its way", body = MessageResponse),
        (status = 422, description = "Malformed address", body = crate::ApiErrorBody),
        (status = 429, description = "Throttled", body = crate::ApiErrorBody),
    ))]
#[post("/auth/email-resend")]
pub async fn resend(
    req: HttpRequest,
    body: Valid<EmailRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    request_code(&req, &body.email, &state, CodePurpose::Register).await
}

/// A login code for an existing account.
///
/// # Errors
/// 422 for a malformed address, 429 when throttled.
#[utoipa::path(post, path = "/api/auth/email-login", tag = "auth", operation_id = "email_login", request_body = EmailRequest,
    responses(
        (status = 200, description = "A code is on its way", body = MessageResponse),
        (status = 422, description = "Malformed address", body = crate::ApiErrorBody),
        (status = 429, description = "Throttled", body = crate::ApiErrorBody),
    ))]
#[post("/auth/email-login")]
pub async fn request_login(
    req: HttpRequest,
    body: Valid<EmailRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    request_code(&req, &body.email, &state, CodePurpose::Login).await
}

/// Mails a new code of `purpose` to an address: a registration code (resend) or a login code.
async fn request_code(
    req: &HttpRequest,
    raw_email: &str,
    state: &AppState,
    purpose: CodePurpose,
) -> Result<HttpResponse, ApiError> {
    let email = parse_email(raw_email)?;
    let (requester, cookie) = code_requester(req, state);
    let service = state.sign_in.clone();
    let shown = email.to_string();
    gated(state, move || match purpose {
        CodePurpose::Register => service.resend(&email, &requester),
        CodePurpose::Login => service.request_login(&email, &requester),
        // Only for the signed-in person (routes/account.rs), never by address.
        CodePurpose::DeleteAccount => Err(SignInError::WrongCode),
    })
    .await??;
    tracing::info!(auth.step = purpose.as_str(), "code requested");
    Ok(sent(&shown, cookie))
}

/// Signs in with a login code.
///
/// # Errors
/// 400 for a wrong, used or exhausted code; 422 for a malformed one; 429 when throttled.
#[utoipa::path(post, path = "/api/auth/email-login-verify", tag = "auth", operation_id = "email_login_verify", request_body = CodeRequest,
    responses(
        (status = 200, description = "Signed in", body = VerifiedResponse),
        (status = 400, description = "Wrong code", body = crate::ApiErrorBody),
        (status = 403, description = "The account is suspended (`account_suspended`)", body = crate::ApiErrorBody),
        (status = 422, description = "Malformed input", body = crate::ApiErrorBody),
        (status = 429, description = "Throttled", body = crate::ApiErrorBody),
    ))]
#[post("/auth/email-login-verify")]
pub async fn verify_login(
    req: HttpRequest,
    body: Valid<CodeRequest>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    verify(&req, body.into_inner(), CodePurpose::Login, session, state).await
}

async fn verify(
    req: &HttpRequest,
    body: CodeRequest,
    purpose: CodePurpose,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    // Everyone goes on to the dashboard; someone new chooses there which profile to make.
    let (message, redirect_to) = match purpose {
        CodePurpose::Register => ("E-mail geverifieerd!", "/dashboard"),
        CodePurpose::Login => ("Je bent ingelogd.", "/dashboard"),
        // A deletion code never signs anyone in.
        CodePurpose::DeleteAccount => return Err(ApiError::Forbidden),
    };
    let email = parse_email(&body.email)?;
    let code = parse_code(&body.code)?;
    let requester = code_checker(req, &state);
    let outcome = check_code(&state, email, code, purpose, requester).await?;
    let user = match outcome {
        Ok(found) => found,
        Err(error) => {
            tracing::warn!(auth.step = purpose.as_str(), auth.outcome = "refused", reason = %error, "code check failed");
            return Err(error.into());
        }
    };
    sign_in(&session, user.id, state.clock.now())?;
    tracing::info!(
        auth.step = purpose.as_str(),
        user.id = user.id.get(),
        "signed in with a code"
    );
    let mut response = HttpResponse::Ok().json(VerifiedResponse {
        message: message.to_owned(),
        redirect_to: redirect_to.to_owned(),
        requires_login: false,
    });
    end_attempt(&mut response, &state);
    remember_browser(req, &mut response, &state, &user.email);
    Ok(response)
}

/// Counts one look at or use of a sign-in link against the client's allowance
/// ([`oppas_domain::kernel::limits::SIGN_IN_LINKS`]).
async fn throttle_links(req: &HttpRequest, state: &AppState) -> Result<(), ApiError> {
    let client = crate::client::client_ip(req);
    let limiter = state.limiter.clone();
    web::block(move || limiter.hit(oppas_domain::kernel::limits::SIGN_IN_LINKS, &client))
        .await??
        .map_err(|limited| ApiError::TooManyRequests {
            retry_after_secs: limited.retry_after_secs,
            message: "Te veel pogingen met een inloglink. Probeer het over een paar minuten opnieuw.".to_owned(),
        })
}

/// What a mail's sign-in link is for, so that its page can ask 'Inloggen als a***@example.nl?'
/// before anything happens: opening the link, as a mail scanner does, spends nothing.
///
/// # Errors
/// 400 `invalid_link` for a link that is unknown, expired, used or voided by a newer mail; 429
/// past [`oppas_domain::kernel::limits::SIGN_IN_LINKS`].
#[utoipa::path(post, path = "/api/auth/email-link/info", tag = "auth", operation_id = "email_link_info", request_body = LinkRequest,
    responses(
        (status = 200, description = "The link can be used", body = LinkInfoResponse),
        (status = 400, description = "Expired, used or unknown", body = crate::ApiErrorBody),
        (status = 429, description = "Too many looks at links from this client", body = crate::ApiErrorBody),
    ))]
#[post("/auth/email-link/info")]
pub async fn link_info(
    req: HttpRequest,
    body: crate::extract::Body<LinkRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    throttle_links(&req, &state).await?;
    let service = state.sign_in.clone();
    let token = body.into_inner().token;
    let target = web::block(move || service.link_target(&token)).await??;
    Ok(HttpResponse::Ok().json(LinkInfoResponse {
        email: target.email.masked(),
        purpose: target.purpose.as_str().to_owned(),
    }))
}

/// Signs in with a mail's one-time link, in any browser: the link (and the code of the same
/// mail) is spent, a registration's address is confirmed.
///
/// # Errors
/// 400 `invalid_link` for a link that is unknown, expired, used or voided by a newer mail; 429
/// past [`oppas_domain::kernel::limits::SIGN_IN_LINKS`].
#[utoipa::path(post, path = "/api/auth/email-link", tag = "auth", operation_id = "email_link", request_body = LinkRequest,
    responses(
        (status = 200, description = "Signed in", body = VerifiedResponse),
        (status = 400, description = "Expired, used or unknown", body = crate::ApiErrorBody),
        (status = 403, description = "The account is suspended (`account_suspended`)", body = crate::ApiErrorBody),
        (status = 429, description = "Too many uses of links from this client", body = crate::ApiErrorBody),
    ))]
#[post("/auth/email-link")]
pub async fn sign_in_with_link(
    req: HttpRequest,
    body: crate::extract::Body<LinkRequest>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    throttle_links(&req, &state).await?;
    let service = state.sign_in.clone();
    let token = body.into_inner().token;
    let outcome = web::block(move || service.sign_in_with_link(&token)).await?;
    let (user, purpose) = outcome.inspect_err(|error| {
        tracing::warn!(auth.step = "link", auth.outcome = "refused", reason = %error, "sign-in link refused");
    })?;
    sign_in(&session, user.id, state.clock.now())?;
    tracing::info!(auth.step = "link", user.id = user.id.get(), "signed in with a link");
    let message = match purpose {
        CodePurpose::Register => "E-mail geverifieerd!",
        CodePurpose::Login | CodePurpose::DeleteAccount => "Je bent ingelogd.",
    };
    let mut response = HttpResponse::Ok().json(VerifiedResponse {
        message: message.to_owned(),
        redirect_to: "/dashboard".to_owned(),
        requires_login: false,
    });
    remember_browser(&req, &mut response, &state, &user.email);
    Ok(response)
}
