//! The origin of an embed (a form, slides, a video): what the pages'
//! Content-Security-Policy lists in `frame-src`. Content is written by
//! editors and the header is read by every visitor's browser, so an origin
//! is parsed to a strict grammar before it can reach the header:
//!
//! ```text
//! origin = "https://" host [ ":" port ]
//! host   = label *( "." label )      ; at most 253 characters
//! label  = 1*63( a-z / 0-9 / "-" )   ; not starting or ending with "-"
//! port   = 1-65535, no leading zero, not 443 (the scheme's own)
//! ```
//!
//! International names are written in punycode (`xn--…`), as the URL
//! parser gives them. Nothing else gets through: no wildcard, quote,
//! semicolon, comma, space, user name, path or upper case letter (one of
//! those could end the directive and start another, `;frame-ancestors *`).

use std::fmt;

use serde::{Serialize, Serializer};

/// An `https://` origin that may stand in the CSP's `frame-src`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EmbedOrigin(String);

/// The longest host name DNS allows.
const MAX_HOST: usize = 253;
/// The longest label DNS allows.
const MAX_LABEL: usize = 63;

impl EmbedOrigin {
    /// Parses an origin written exactly as the grammar above says.
    pub fn parse(text: &str) -> Option<Self> {
        let rest = text.strip_prefix("https://")?;
        let (host, port) = match rest.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (rest, None),
        };
        (is_host(host) && port.is_none_or(is_port)).then(|| Self(text.to_owned()))
    }

    /// The origin of an embed's address (`https://…`), as the browser
    /// sees it: host names lower-cased, international ones in punycode.
    /// None for an address that is not https, or whose host the grammar
    /// refuses.
    pub fn of_address(address: &str) -> Option<Self> {
        let url = url::Url::parse(address).ok()?;
        if url.scheme() != "https" || !url.username().is_empty() || url.password().is_some() {
            return None;
        }
        Self::parse(&url.origin().ascii_serialization())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_host(host: &str) -> bool {
    (1..=MAX_HOST).contains(&host.len()) && host.split('.').all(is_label)
}

fn is_label(label: &str) -> bool {
    (1..=MAX_LABEL).contains(&label.len())
        && label.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !label.starts_with('-')
        && !label.ends_with('-')
}

fn is_port(port: &str) -> bool {
    !port.starts_with('0') && port.parse::<u16>().is_ok_and(|port| port != 443)
}

impl fmt::Display for EmbedOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for EmbedOrigin {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_origins_parse_and_read_back() {
        for origin in [
            "https://docs.google.com",
            "https://www.youtube-nocookie.com",
            "https://forms.office.com:8443",
            "https://xn--bcher-kva.example",
            "https://localhost",
            "https://192.0.2.7",
        ] {
            assert_eq!(EmbedOrigin::parse(origin).map(|o| o.to_string()).as_deref(), Some(origin));
        }
    }

    #[test]
    fn the_review_s_attacks_are_refused() {
        for attack in [
            "https://a;frame-ancestors",
            "https://a;sandbox",
            "https://*",
            "https://*.example.org",
            "https://a 'unsafe-inline'",
            "https://'self'",
            "https://a\"b",
            "https://a,b",
            "https://a b",
            "https://a\tb",
            "https://user@a.example",
            "https://a.example/x",
            "https://a.example?x",
            "https://a.example#x",
            "https://Docs.Google.com",
            "https://bücher.example",
            "https://[::1]",
            "http://a.example",
            "https://",
            "https://a..example",
            "https://.a.example",
            "https://a.example.",
            "https://-a.example",
            "https://a-.example",
            "https://a.example:",
            "https://a.example:0",
            "https://a.example:08443",
            "https://a.example:443",
            "https://a.example:65536",
            "https://a.example:1:2",
            "https://a.example\n",
            "data:text/html,x",
            "'self'",
        ] {
            assert_eq!(EmbedOrigin::parse(attack), None, "{attack:?}");
        }
        assert!(EmbedOrigin::parse(&format!("https://{}.example", "a".repeat(64))).is_none());
        let long = vec!["a".repeat(60); 5].join(".");
        assert!(EmbedOrigin::parse(&format!("https://{long}")).is_none());
    }

    #[test]
    fn an_embed_s_address_gives_its_origin_or_nothing() {
        let origin = |address: &str| EmbedOrigin::of_address(address).map(|o| o.to_string());
        assert_eq!(
            origin("https://docs.google.com/forms/d/e/x/viewform").as_deref(),
            Some("https://docs.google.com")
        );
        // The URL parser lower-cases and writes international names in punycode.
        assert_eq!(origin("https://Docs.Google.COM/x").as_deref(), Some("https://docs.google.com"));
        assert_eq!(origin("https://bücher.example/x").as_deref(), Some("https://xn--bcher-kva.example"));
        assert_eq!(origin("https://a.example:443/x").as_deref(), Some("https://a.example"));
        assert_eq!(origin("https://a.example:8443/x").as_deref(), Some("https://a.example:8443"));
        // The URL parser takes these hosts; the grammar does not.
        for attack in [
            "https://a;frame-ancestors/x",
            "https://a;sandbox",
            "https://*/x",
            "https://a'b/x",
            "https://a,b/x",
            "https://user:secret@a.example/x",
            "https://user@a.example/x",
            "http://a.example/x",
            "https://[::1]/x",
            "/files/program.pdf",
            "javascript:alert(1)",
        ] {
            assert_eq!(origin(attack), None, "{attack:?}");
        }
    }
}
