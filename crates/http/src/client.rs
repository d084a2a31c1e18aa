//! Who a request comes from, for per-client limits: the peer, or the nearest untrusted address
//! behind configured proxies, with IPv6 clients keyed by their /64.

use crate::config::HttpConfig;
use actix_web::web;

/// The client's key for per-client limits: the peer of the connection, unless the peer is a
/// configured trusted proxy; then the nearest address in `X-Forwarded-For` that is not one.
/// IPv6 clients are keyed by their /64 prefix (docs/security.md I2): one subscriber usually holds a
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

/// Walks `X-Forwarded-For` from the right while the hop is a trusted proxy, each hop parsed
/// alone: the first valid address that is not a trusted proxy is the client. An unparsable hop
/// stops the walk there (whoever wrote it is not to be believed further left), and the client
/// is then the last trusted address passed; one bad hop never throws the rest of the header away.
fn client_behind<'a>(
    peer: std::net::IpAddr,
    trusted: &[std::net::IpAddr],
    forwarded: impl Iterator<Item = &'a actix_web::http::header::HeaderValue>,
) -> std::net::IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    // Several headers count as one list, in the order they came.
    let values: Vec<&'a actix_web::http::header::HeaderValue> = forwarded.collect();
    let mut nearest_trusted = peer;
    for value in values.into_iter().rev() {
        let Ok(text) = value.to_str() else {
            return nearest_trusted;
        };
        for hop in text.rsplit(',').map(str::trim) {
            let Ok(address) = hop.parse::<std::net::IpAddr>() else {
                return nearest_trusted;
            };
            if !trusted.contains(&address) {
                return address;
            }
            nearest_trusted = address;
        }
    }
    nearest_trusted
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
    fn each_hop_is_parsed_alone_and_a_bad_one_stops_the_walk_there() {
        let proxy = ip("10.0.0.2");
        let unknown_first = HeaderValue::from_static("unknown, 198.18.201.9");
        assert_eq!(
            client_behind(proxy, &[proxy], std::iter::once(&unknown_first)),
            ip("198.18.201.9"),
            "a bad hop further left than the client does not matter"
        );
        let behind_second_proxy = HeaderValue::from_static("garbage, 203.0.113.9, 10.0.0.3");
        assert_eq!(
            client_behind(proxy, &[proxy, ip("10.0.0.3")], std::iter::once(&behind_second_proxy)),
            ip("203.0.113.9")
        );
        let bad_nearest = HeaderValue::from_static("203.0.113.9, unknown");
        assert_eq!(
            client_behind(proxy, &[proxy], std::iter::once(&bad_nearest)),
            proxy,
            "an address left of a hop nobody can read is not believed"
        );
        let bad_behind_trusted = HeaderValue::from_static("203.0.113.9, nonsense, 10.0.0.3");
        assert_eq!(
            client_behind(proxy, &[proxy, ip("10.0.0.3")], std::iter::once(&bad_behind_trusted)),
            ip("10.0.0.3")
        );
        let first = HeaderValue::from_static("203.0.113.9");
        let second = HeaderValue::from_static("198.51.100.7, 10.0.0.3");
        assert_eq!(
            client_behind(proxy, &[proxy, ip("10.0.0.3")], [&first, &second].into_iter()),
            ip("198.51.100.7"),
            "two headers read as one list"
        );
        let only_proxies = HeaderValue::from_static("10.0.0.3");
        assert_eq!(
            client_behind(proxy, &[proxy, ip("10.0.0.3")], std::iter::once(&only_proxies)),
            ip("10.0.0.3")
        );
        let v6 = HeaderValue::from_static("unknown, 2001:db8::7");
        assert_eq!(client_behind(proxy, &[proxy], std::iter::once(&v6)), ip("2001:db8::7"));
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
