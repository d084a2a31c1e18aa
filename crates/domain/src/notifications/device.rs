//! A device that receives push notifications: the browser's subscription (its push service's
//! address and the keys that encrypt for it), checked before it is stored.

use crate::UserId;
use chrono::{DateTime, Utc};

/// Devices one person may turn notifications on for.
pub const MAX_DEVICES: i64 = 10;

/// Longest endpoint address kept (the push services' own are a few hundred characters).
const MAX_ENDPOINT_CHARS: usize = 1_000;

/// Characters of the browser's public key (65 bytes, base64url) and of its secret (16 bytes).
const P256DH_CHARS: usize = 87;
const AUTH_CHARS: usize = 22;

/// A stored device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushDevice {
    /// Row id.
    pub id: i64,
    /// Whose device it is.
    pub user_id: UserId,
    /// The subscription.
    pub subscription: Subscription,
    /// The browser's name ('Chrome op Android').
    pub name: String,
    /// When notifications were turned on.
    pub created_at: DateTime<Utc>,
}

/// A browser's push subscription: where to post and the keys to encrypt with, as the browser's
/// `PushSubscription.toJSON()` gives them (base64url).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    /// The push service's address for this browser.
    pub endpoint: String,
    /// The browser's public key (P-256, uncompressed), base64url.
    pub p256dh: String,
    /// The browser's authentication secret, base64url.
    pub auth: String,
}

/// Why a subscription is refused; the field it names and a Dutch message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubscriptionError {
    /// Not the address of a push service this server sends to.
    #[error("Dit is geen adres van een bekende meldingendienst.")]
    Endpoint,
    /// The keys are not what a browser gives.
    #[error("De sleutels van dit apparaat kloppen niet.")]
    Keys,
    /// Notifications are not set up on this server.
    #[error("Meldingen op je apparaat zijn nu niet beschikbaar.")]
    Unavailable,
    /// The person has [`MAX_DEVICES`] already.
    #[error(
        "Je kunt meldingen op hoogstens {MAX_DEVICES} apparaten aanzetten. Zet ze eerst uit op een apparaat dat je niet meer gebruikt."
    )]
    Full,
}

impl SubscriptionError {
    /// The request field the refusal is about.
    #[must_use]
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::Endpoint => Some("endpoint"),
            Self::Keys => Some("keys"),
            Self::Unavailable | Self::Full => None,
        }
    }
}

/// The push services this server posts to: a host (`fcm.googleapis.com`), every host under a
/// domain (`*.notify.windows.com`), or one exact origin (`http://127.0.0.1:8091`, for a local
/// stand-in). Anything else is refused, so a subscription cannot make the server post to an
/// address of the attacker's choosing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushServices {
    allowed: Vec<String>,
}

/// The push services of the browsers people use: Chrome, Edge and other Chromium browsers
/// (Firebase), Firefox (Mozilla), Edge on Windows (WNS) and Safari (Apple).
pub const KNOWN_PUSH_SERVICES: [&str; 5] = [
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "*.notify.windows.com",
    "web.push.apple.com",
    "*.push.apple.com",
];

impl Default for PushServices {
    fn default() -> Self {
        Self::new(KNOWN_PUSH_SERVICES.iter().map(|s| (*s).to_owned()).collect())
    }
}

impl PushServices {
    /// The services in `allowed` (see the type).
    #[must_use]
    pub fn new(allowed: Vec<String>) -> Self {
        Self {
            allowed: allowed
                .into_iter()
                .map(|entry| entry.trim().to_ascii_lowercase())
                .collect(),
        }
    }

    /// Whether `endpoint` is an address of one of the services.
    #[must_use]
    pub fn allows(&self, endpoint: &str) -> bool {
        self.endpoint(endpoint).is_some()
    }

    /// The endpoint as the server posts to it, if it is an address of one of the services:
    /// parsed as a URL (never matched as text), without user or password, and either an exact
    /// allowed origin, or `https` on port 443 to a host name that is an allowed host or lies under
    /// an allowed domain, each label of letters, digits and hyphens. The path is the parsed,
    /// normalised one.
    #[must_use]
    pub fn endpoint(&self, raw: &str) -> Option<url::Url> {
        let url = url::Url::parse(raw).ok()?;
        if !url.username().is_empty() || url.password().is_some() || url.cannot_be_a_base() {
            return None;
        }
        let allowed = self.allowed.iter().any(|entry| {
            if entry.contains("://") {
                return url::Url::parse(entry).is_ok_and(|origin| origin.origin() == url.origin());
            }
            let Some(url::Host::Domain(host)) = url.host() else {
                return false;
            };
            if url.scheme() != "https" || url.port_or_known_default() != Some(443) || !is_host_name(host) {
                return false;
            }
            match entry.strip_prefix("*.") {
                Some(domain) => host
                    .strip_suffix(domain)
                    .is_some_and(|head| head.len() > 1 && head.ends_with('.')),
                None => host == entry,
            }
        });
        allowed.then_some(url)
    }
}

/// A DNS host name: labels of ASCII letters, digits and hyphens, none empty.
fn is_host_name(host: &str) -> bool {
    host.split('.').all(|label| {
        !label.is_empty()
            && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    })
}

fn base64url(value: &str, chars: usize) -> bool {
    let value = value.trim_end_matches('=');
    value.len() == chars
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Subscription {
    /// Checks a subscription as a browser sent it.
    ///
    /// # Errors
    /// [`SubscriptionError::Endpoint`] for an address of no allowed push service or a long one;
    /// [`SubscriptionError::Keys`] for keys of the wrong form.
    pub fn parse(endpoint: &str, p256dh: &str, auth: &str, services: &PushServices) -> Result<Self, SubscriptionError> {
        let endpoint = endpoint.trim();
        if endpoint.chars().count() > MAX_ENDPOINT_CHARS || endpoint.chars().any(char::is_whitespace) {
            return Err(SubscriptionError::Endpoint);
        }
        let endpoint = services.endpoint(endpoint).ok_or(SubscriptionError::Endpoint)?;
        let (p256dh, auth) = (p256dh.trim(), auth.trim());
        // An uncompressed P-256 point starts with 0x04: 'B' in base64url.
        if !base64url(p256dh, P256DH_CHARS) || !p256dh.starts_with('B') || !base64url(auth, AUTH_CHARS) {
            return Err(SubscriptionError::Keys);
        }
        Ok(Self {
            endpoint: endpoint.into(),
            p256dh: p256dh.trim_end_matches('=').to_owned(),
            auth: auth.trim_end_matches('=').to_owned(),
        })
    }
}

/// The browser and system a `User-Agent` names, as a person recognises their device: 'Chrome
/// op Android', 'Safari op iPhone', 'Firefox op Windows'; 'Onbekende browser' when it names none.
#[must_use]
pub fn device_name(user_agent: &str) -> String {
    let ua = user_agent;
    let browser = if ua.contains("Edg/") || ua.contains("EdgA/") || ua.contains("EdgiOS/") {
        "Edge"
    } else if ua.contains("SamsungBrowser/") {
        "Samsung Internet"
    } else if ua.contains("OPR/") || ua.contains("Opera") {
        "Opera"
    } else if ua.contains("Firefox/") || ua.contains("FxiOS/") {
        "Firefox"
    } else if ua.contains("Chrome/") || ua.contains("CriOS/") || ua.contains("Chromium/") {
        "Chrome"
    } else if ua.contains("Safari/") {
        "Safari"
    } else {
        return "Onbekende browser".to_owned();
    };
    let system = if ua.contains("iPhone") {
        Some("iPhone")
    } else if ua.contains("iPad") {
        Some("iPad")
    } else if ua.contains("Android") {
        Some("Android")
    } else if ua.contains("CrOS") {
        Some("ChromeOS")
    } else if ua.contains("Windows") {
        Some("Windows")
    } else if ua.contains("Mac OS X") || ua.contains("Macintosh") {
        Some("Mac")
    } else if ua.contains("Linux") {
        Some("Linux")
    } else {
        None
    };
    match system {
        Some(system) => format!("{browser} op {system}"),
        None => browser.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
    const AUTH: &str = "tBHItJI5svbpez7KI4CCXg";

    fn services() -> PushServices {
        let mut allowed: Vec<String> = KNOWN_PUSH_SERVICES.iter().map(|s| (*s).to_owned()).collect();
        allowed.push("http://127.0.0.1:8091".to_owned());
        PushServices::new(allowed)
    }

    #[test]
    fn the_push_services_of_the_browsers_and_a_named_origin_are_allowed() {
        let s = services();
        assert!(s.allows("https://fcm.googleapis.com/fcm/send/abc:def"));
        assert!(s.allows("https://updates.push.services.mozilla.com/wpush/v2/gAAA"));
        assert!(s.allows("https://db5p.notify.windows.com/w/?token=x"));
        assert!(s.allows("https://web.push.apple.com/QGn"));
        assert!(s.allows("http://127.0.0.1:8091/notify/1"));
    }

    #[test]
    fn other_addresses_are_refused() {
        let s = services();
        for refused in [
            "http://fcm.googleapis.com/fcm/send/abc",
            "https://fcm.googleapis.com.evil.nl/x",
            "https://evilfcm.googleapis.com/x",
            "https://notify.windows.com/x",
            "https://evil.nl/notify.windows.com",
            "https://user@fcm.googleapis.com/x",
            "https://fcm.googleapis.com:8443/x",
            "http://127.0.0.1:8092/notify/1",
            "http://127.0.0.1/notify/1",
            "https://169.254.169.254/latest",
            "fcm.googleapis.com/fcm/send",
            "",
            // Forms that a match on text let through, and that only a later parse refused.
            "https://127.0.0.1\\.notify.windows.com/x",
            "https://127.0.0.1%2f.notify.windows.com/x",
            "https://127.0.0.1%5c.notify.windows.com/x",
            "https://127.0.0.1\u{FF0F}.notify.windows.com/x",
            "https://127.0.0.1;.notify.windows.com/x",
            "https://evil;x.notify.windows.com/x",
            "https://evil.nl#.notify.windows.com/x",
            "https://evil.nl?.notify.windows.com/x",
            "https://[::1].notify.windows.com/x",
            "https://fcm.googleapis.com:443@evil.nl/x",
            "https://fcm.googleapis.com%40evil.nl/x",
            "javascript:fcm.googleapis.com",
            "https://-evil.notify.windows.com/x",
        ] {
            assert!(!s.allows(refused), "{refused} was allowed");
        }
        assert!(!PushServices::new(Vec::new()).allows("https://fcm.googleapis.com/x"));
    }

    #[test]
    fn an_endpoint_is_kept_as_parsed_and_normalised() {
        let s = services();
        let parsed = s.endpoint("HTTPS://FCM.googleapis.com:443/fcm/send/../send/a%2Fb");
        assert_eq!(
            parsed.as_ref().map(url::Url::as_str),
            Some("https://fcm.googleapis.com/fcm/send/a%2Fb")
        );
        assert!(s.allows("https://db5p.notify.windows.com:443/w/?token=x"));
    }

    #[test]
    fn a_subscription_is_checked_and_kept_without_padding() {
        let s = services();
        let ok = Subscription::parse(" https://fcm.googleapis.com/fcm/send/a ", KEY, &format!("{AUTH}=="), &s);
        assert_eq!(
            ok,
            Ok(Subscription {
                endpoint: "https://fcm.googleapis.com/fcm/send/a".to_owned(),
                p256dh: KEY.to_owned(),
                auth: AUTH.to_owned(),
            })
        );
        let long = format!("https://fcm.googleapis.com/{}", "a".repeat(1_000));
        for (endpoint, key, auth, refusal) in [
            ("https://evil.nl/x", KEY, AUTH, SubscriptionError::Endpoint),
            (long.as_str(), KEY, AUTH, SubscriptionError::Endpoint),
            ("https://fcm.googleapis.com/a b", KEY, AUTH, SubscriptionError::Endpoint),
            ("https://fcm.googleapis.com/a", &KEY[1..], AUTH, SubscriptionError::Keys),
            (
                "https://fcm.googleapis.com/a",
                &format!("A{}", &KEY[1..]),
                AUTH,
                SubscriptionError::Keys,
            ),
            (
                "https://fcm.googleapis.com/a",
                KEY,
                "tBHItJI5svbpez7KI4CCX+",
                SubscriptionError::Keys,
            ),
            ("https://fcm.googleapis.com/a", KEY, "", SubscriptionError::Keys),
        ] {
            assert_eq!(
                Subscription::parse(endpoint, key, auth, &s),
                Err(refusal.clone()),
                "{endpoint} {key} {auth}"
            );
            assert!(!refusal.to_string().is_empty());
        }
        assert_eq!(SubscriptionError::Endpoint.field(), Some("endpoint"));
        assert_eq!(SubscriptionError::Keys.field(), Some("keys"));
        assert!(SubscriptionError::Full.to_string().contains("hoogstens 10 apparaten"));
    }

    #[test]
    fn a_device_is_named_by_its_browser_and_system() {
        for (ua, name) in [
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                "Chrome op Android",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                "Safari op iPhone",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
                "Firefox op Windows",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                "Edge op Windows",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
                "Safari op Mac",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
                "Samsung Internet op Android",
            ),
            ("curl/8.5.0", "Onbekende browser"),
            ("", "Onbekende browser"),
        ] {
            assert_eq!(device_name(ua), name, "{ua}");
        }
    }
}
