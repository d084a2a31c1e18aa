//! Who a request comes from, for per-client limits: the peer, or the nearest untrusted address
//! behind configured proxies, with IPv6 clients keyed by their /64.

use crate::config::HttpConfig;
use actix_web::web;

/// The client's key for per-client limits: the peer of the connection, unless the peer is a
/// configured trusted proxy; then the nearest address in `X-Forwarded-For` that is not one.
/// IPv6 clients are keyed by their /64 prefix (security.md I): one subscriber usually holds a
/// whole /64 and could otherwise pick a fresh address for every request.
#[must_use]
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    let Some(peer) = req.peer_addr().map(|addr| addr.ip()) else {
        return "unknown".to_owned();
    };
    let trusted = req
        .app_data::<web::Data<HttpConfig>>()
        .map(|config| config.trusted_proxies.clone())
        .unwrap_or_default();
    client_key(client_behind(peer, &trusted, req.headers().get_all("x-forwarded-for")))
}

/// An IPv4 address as it is; an IPv6 address as its /64 network (IPv4-mapped ones as IPv4).
fn client_key(address: std::net::IpAddr) -> String {
    match address {
        std::net::IpAddr::V4(v4) => v4.to_string(),
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                format!("{}/64", std::net::Ipv6Addr::from(prefix))
            }
        },
    }
}

/// Walks `X-Forwarded-For` from the right while the hop is a trusted proxy.
fn client_behind<'a>(
    peer: std::net::IpAddr,
    trusted: &[std::net::IpAddr],
    forwarded: impl Iterator<Item = &'a actix_web::http::header::HeaderValue>,
) -> std::net::IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let hops: Vec<std::net::IpAddr> = forwarded
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .map(|hop| hop.parse::<std::net::IpAddr>())
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    hops.into_iter()
        .rev()
        .find(|hop| !trusted.contains(hop))
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::{client_behind, client_key};
    use actix_web::http::header::HeaderValue;
    use std::net::IpAddr;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap_or(IpAddr::from([0, 0, 0, 0]))
    }

    #[test]
    fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
        let proxy = ip("10.0.0.2");
        let header = HeaderValue::from_static("203.0.113.9, 198.51.100.7");
        assert_eq!(
            client_behind(proxy, &[proxy], std::iter::once(&header)),
            ip("198.51.100.7")
        );
        assert_eq!(
            client_behind(ip("192.0.2.1"), &[proxy], std::iter::once(&header)),
            ip("192.0.2.1"),
            "an untrusted peer cannot choose its address"
        );
        let chain = HeaderValue::from_static("203.0.113.9, 10.0.0.3");
        assert_eq!(
            client_behind(proxy, &[proxy, ip("10.0.0.3")], std::iter::once(&chain)),
            ip("203.0.113.9")
        );
        let garbage = HeaderValue::from_static("ik-ben-admin");
        assert_eq!(client_behind(proxy, &[proxy], std::iter::once(&garbage)), proxy);
    }

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_prefix() {
        assert_eq!(client_key(ip("2001:db8:1:2:aaaa::1")), "2001:db8:1:2::/64");
        assert_eq!(
            client_key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")),
            client_key(ip("2001:db8:1:2::9"))
        );
        assert_ne!(client_key(ip("2001:db8:1:3::1")), client_key(ip("2001:db8:1:2::1")));
        assert_eq!(client_key(ip("::ffff:192.0.2.7")), "192.0.2.7");
        assert_eq!(client_key(ip("192.0.2.7")), "192.0.2.7");
    }
}
