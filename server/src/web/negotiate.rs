//! The parts of HTTP that choose what a file's answer is: which encoding the
//! client accepts, whether its cached copy is still good, and which bytes it
//! asked for.

use axum::http::{HeaderMap, HeaderValue, header};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

/// The smallest copy the client accepts: brotli, then gzip, then the file
/// itself. A coding with `q=0` is refused.
pub fn encoding(request: &HeaderMap, has_brotli: bool, has_gzip: bool) -> Encoding {
    let mut brotli = false;
    let mut gzip = false;
    for value in request.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            if refused {
                continue;
            }
            if coding.eq_ignore_ascii_case("br") {
                brotli = true;
            } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
                gzip = true;
            }
        }
    }
    if brotli && has_brotli {
        Encoding::Brotli
    } else if gzip && has_gzip {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// `If-None-Match` names the tag the client holds (or `*`): answer 304.
/// Weak comparison, as RFC 9110 asks for this header.
pub fn not_modified(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let ours = opaque(etag.to_str().unwrap_or(""));
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|value| value.split(',').map(str::trim).any(|tag| tag == "*" || opaque(tag) == ours))
}

fn opaque(tag: &str) -> &str {
    tag.strip_prefix("W/").unwrap_or(tag)
}

#[derive(Debug, PartialEq, Eq)]
pub enum Ranged {
    Whole,
    /// Bytes `start..=end` of the representation.
    Part {
        start: u64,
        end: u64,
        content_range: HeaderValue,
    },
    Unsatisfiable {
        content_range: HeaderValue,
    },
}

/// A single byte range is honoured (a PDF viewer asks for pages as it needs
/// them); anything else is answered whole, which RFC 9110 allows: a malformed
/// header, several ranges, or an `If-Range` naming another version.
pub fn range(request: &HeaderMap, etag: &HeaderValue, len: u64) -> Ranged {
    let Some(value) = request.get(header::RANGE).and_then(|v| v.to_str().ok()) else {
        return Ranged::Whole;
    };
    if let Some(if_range) = request.get(header::IF_RANGE) {
        // Only a strong tag may validate a range; a date never matches here.
        if if_range != etag {
            return Ranged::Whole;
        }
    }
    let Ok(parsed) = http_range_header::parse_range_header(value) else {
        return Ranged::Whole;
    };
    match parsed.validate(len).as_deref() {
        Ok([only]) if len > 0 => {
            let (start, end) = (*only.start(), *only.end());
            let content_range = HeaderValue::from_str(&format!("bytes {start}-{end}/{len}"))
                .expect("numbers are a valid header");
            Ranged::Part { start, end, content_range }
        }
        Ok(_) => Ranged::Whole,
        Err(_) => Ranged::Unsatisfiable {
            content_range: HeaderValue::from_str(&format!("bytes */{len}")).expect("a valid header"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        pairs.iter().map(|(name, value)| (name.clone(), HeaderValue::from_str(value).unwrap())).collect()
    }

    #[test]
    fn brotli_wins_over_gzip_unless_refused_or_missing() {
        let both = headers(&[(header::ACCEPT_ENCODING, "gzip, deflate, br, zstd")]);
        assert_eq!(encoding(&both, true, true), Encoding::Brotli);
        assert_eq!(encoding(&both, false, true), Encoding::Gzip);
        assert_eq!(encoding(&both, false, false), Encoding::Identity);
        let refused = headers(&[(header::ACCEPT_ENCODING, "br;q=0, gzip;q=0.5")]);
        assert_eq!(encoding(&refused, true, true), Encoding::Gzip);
        assert_eq!(encoding(&HeaderMap::new(), true, true), Encoding::Identity);
    }

    #[test]
    fn a_held_tag_or_a_star_is_not_modified() {
        let etag = HeaderValue::from_static("\"abc\"");
        assert!(not_modified(&headers(&[(header::IF_NONE_MATCH, "\"x\", W/\"abc\"")]), &etag));
        assert!(not_modified(&headers(&[(header::IF_NONE_MATCH, "*")]), &etag));
        assert!(!not_modified(&headers(&[(header::IF_NONE_MATCH, "\"abc-br\"")]), &etag));
        assert!(!not_modified(&HeaderMap::new(), &etag));
    }

    #[test]
    fn one_range_is_a_part_past_the_end_is_unsatisfiable_and_the_rest_is_whole() {
        let etag = HeaderValue::from_static("\"abc\"");
        let part = range(&headers(&[(header::RANGE, "bytes=10-19")]), &etag, 100);
        assert!(matches!(part, Ranged::Part { start: 10, end: 19, .. }));
        let tail = range(&headers(&[(header::RANGE, "bytes=-5")]), &etag, 100);
        assert!(matches!(tail, Ranged::Part { start: 95, end: 99, .. }));
        assert!(matches!(
            range(&headers(&[(header::RANGE, "bytes=200-")]), &etag, 100),
            Ranged::Unsatisfiable { .. }
        ));
        for whole in ["bytes=0-1,5-6", "pages=1", "bytes=x-y"] {
            assert_eq!(range(&headers(&[(header::RANGE, whole)]), &etag, 100), Ranged::Whole, "{whole}");
        }
        let stale = headers(&[(header::RANGE, "bytes=0-1"), (header::IF_RANGE, "\"old\"")]);
        assert_eq!(range(&stale, &etag, 100), Ranged::Whole);
    }
}
