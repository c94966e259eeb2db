//! Which client a request came from, for the per-client rate limits and the
//! log.
//!
//! The TCP peer is the client unless it is one of `COLLOQUY_TRUSTED_PROXIES`.
//! A request from a trusted proxy carries the client in `X-Forwarded-For`,
//! which every proxy on the way appends its own peer to. Only the entries
//! that trusted proxies wrote can be believed, so the list is read from the
//! right, skipping trusted hops; the first untrusted address is the client.
//! Whatever a client put in the header itself sits further left and is never
//! reached. From a peer that is not trusted the header is ignored.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use ipnet::IpNet;
use serde::{Deserialize, Deserializer};

/// The address of the client a request came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl fmt::Display for ClientIp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        // `identify` has put it there; a router served without that layer
        // falls back to the peer, which errs on the safe side.
        if let Some(client) = parts.extensions.get::<ClientIp>() {
            return Ok(*client);
        }
        Ok(Self(peer_of(&parts.extensions).unwrap_or(IpAddr::from([0, 0, 0, 0]))))
    }
}

fn peer_of(extensions: &axum::http::Extensions) -> Option<IpAddr> {
    extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip().to_canonical())
}

/// The networks whose `X-Forwarded-For` is believed: a list of CIDR
/// networks (`10.0.0.0/8`, `fd00::/8`) or single addresses.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn trusts(&self, address: IpAddr) -> bool {
        let address = address.to_canonical();
        self.0.iter().any(|net| net.contains(&address))
    }

    /// The client of a request that arrived from `peer` with these headers.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.trusts(peer) {
            return peer;
        }
        // Several headers count as one list, in order (RFC 7230 §3.2.2).
        let hops: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect();
        let mut client = peer;
        for hop in hops.iter().rev() {
            // A hop a trusted proxy wrote is an address; anything else was
            // written by the client, and the last trusted hop is all we know.
            let Some(address) = parse_hop(hop) else { break };
            client = address;
            if !self.trusts(address) {
                break;
            }
        }
        client
    }
}

/// An `X-Forwarded-For` entry: an address, as some proxies write it with a
/// port (`192.0.2.1:4711`, `[2001:db8::1]:4711`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(address) = hop.parse::<IpAddr>() {
        return Some(address.to_canonical());
    }
    hop.parse::<SocketAddr>().ok().map(|address| address.ip().to_canonical())
}

impl FromStr for TrustedProxies {
    type Err = String;

    /// Entries separated by commas or spaces.
    fn from_str(list: &str) -> Result<Self, Self::Err> {
        list.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|entry| !entry.is_empty())
            .map(parse_network)
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }
}

fn parse_network(entry: &str) -> Result<IpNet, String> {
    let entry = entry.trim();
    if let Ok(network) = entry.parse::<IpNet>() {
        return Ok(network.trunc());
    }
    entry.parse::<IpAddr>().map(IpNet::from).map_err(|_| {
        format!(
            "`{entry}` in the trusted proxies is not an IP network in CIDR notation \
             (such as 10.0.0.0/8, 192.0.2.7 or fd00::/8)"
        )
    })
}

impl<'de> Deserialize<'de> for TrustedProxies {
    /// A string (`"10.0.0.0/8, ::1"`, as the variable gives it) or a list
    /// of strings (as `colloquy.toml` may).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Given {
            One(String),
            Many(Vec<String>),
        }
        let list = match Given::deserialize(deserializer).map_err(|_| {
            serde::de::Error::custom(
                "the trusted proxies must be a list of CIDR networks, such as \"10.0.0.0/8, ::1\"",
            )
        })? {
            Given::One(list) => list,
            Given::Many(entries) => entries.join(","),
        };
        list.parse().map_err(serde::de::Error::custom)
    }
}

/// Finds the client of every request once, before anything else runs, so
/// the rate limits and the log agree on it.
pub async fn identify(State(proxies): State<TrustedProxies>, mut request: Request, next: Next) -> Response {
    if let Some(peer) = peer_of(request.extensions()) {
        let client = ClientIp(proxies.client(peer, request.headers()));
        request.extensions_mut().insert(client);
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let none = TrustedProxies::default();
        assert_eq!(none.client(ip("198.51.100.7"), &forwarded(&["203.0.113.9"])), ip("198.51.100.7"));
        let proxies: TrustedProxies = "10.0.0.0/8".parse().unwrap();
        assert_eq!(proxies.client(ip("198.51.100.7"), &forwarded(&["203.0.113.9"])), ip("198.51.100.7"));
    }

    #[test]
    fn behind_a_trusted_proxy_the_rightmost_untrusted_hop_is_the_client() {
        let proxies: TrustedProxies = "10.0.0.0/8".parse().unwrap();
        let peer = ip("10.0.0.2");
        assert_eq!(proxies.client(peer, &forwarded(&["203.0.113.9"])), ip("203.0.113.9"));
        // A client that sends its own header cannot choose its address: the
        // proxy appended the real one on the right.
        let spoofed = forwarded(&["1.2.3.4, 5.6.7.8, 203.0.113.9"]);
        assert_eq!(proxies.client(peer, &spoofed), ip("203.0.113.9"));
        let spoofed_in_own_header = forwarded(&["1.2.3.4", "203.0.113.9"]);
        assert_eq!(proxies.client(peer, &spoofed_in_own_header), ip("203.0.113.9"));
    }

    #[test]
    fn several_trusted_proxies_are_skipped() {
        let proxies: TrustedProxies = "10.0.0.0/8, 192.0.2.10 2001:db8::/32".parse().unwrap();
        let chain = forwarded(&["6.6.6.6, 203.0.113.9, 2001:db8::5, 192.0.2.10"]);
        assert_eq!(proxies.client(ip("10.1.2.3"), &chain), ip("203.0.113.9"));
        // Every hop trusted (a request from inside): the leftmost is the client.
        assert_eq!(proxies.client(ip("10.1.2.3"), &forwarded(&["10.9.9.9"])), ip("10.9.9.9"));
        // No header at all: the proxy itself.
        assert_eq!(proxies.client(ip("10.1.2.3"), &HeaderMap::new()), ip("10.1.2.3"));
    }

    #[test]
    fn hops_with_ports_or_garbage_are_read_safely() {
        let proxies: TrustedProxies = "10.0.0.0/8".parse().unwrap();
        let peer = ip("10.0.0.2");
        assert_eq!(proxies.client(peer, &forwarded(&["203.0.113.9:4711"])), ip("203.0.113.9"));
        assert_eq!(proxies.client(peer, &forwarded(&["[2001:db8::9]:4711"])), ip("2001:db8::9"));
        // Garbage where an address should be: the last hop we can vouch for.
        assert_eq!(proxies.client(peer, &forwarded(&["203.0.113.9, unknown"])), peer);
        assert_eq!(proxies.client(peer, &forwarded(&["garbage, 10.0.0.1"])), ip("10.0.0.1"));
    }

    #[test]
    fn ipv4_mapped_ipv6_peers_match_ipv4_networks() {
        let proxies: TrustedProxies = "127.0.0.1".parse().unwrap();
        let mapped = ip("::ffff:127.0.0.1");
        assert_eq!(proxies.client(mapped, &forwarded(&["203.0.113.9"])), ip("203.0.113.9"));
    }

    #[test]
    fn the_list_is_cidr_networks_or_addresses_and_nonsense_is_named() {
        let proxies: TrustedProxies = " 10.0.0.0/8,fd00::/8  192.0.2.7 ".parse().unwrap();
        assert_eq!(proxies.0.len(), 3);
        assert!(TrustedProxies::from_str("").unwrap().is_empty());
        for bad in ["10.0.0.0/33", "proxy.example", "10.0.0", "fd00::/129"] {
            let error = TrustedProxies::from_str(&format!("10.0.0.0/8, {bad}")).unwrap_err();
            assert!(error.contains(&format!("`{bad}`")), "{error}");
        }
    }
}
