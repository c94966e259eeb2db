//! How much content the site holds (issue 37 item 5): every document and
//! the number of them are bounded, so a publication, a restore or an
//! import checks, stores and serves a bounded amount, and the history
//! (which stores each changed document once) grows by at most one
//! bounded document per change.

use super::bundle::{Invalid, Problem, StoredDocument, file_of};

/// The largest document (as the JSON the site stores); the biggest
/// edition today is about a tenth of it.
pub const MAX_DOCUMENT_BYTES: usize = 512 * 1024;
/// The most documents the content may have: the home page, the NACLO page,
/// and board terms and editions' pages, one each a year for 49 years.
pub const MAX_DOCUMENTS: usize = 100;
/// Where a problem with the number of documents is reported.
pub const WHOLE_SITE: &str = "The whole site";

/// The message for a document of `size` bytes, past the limit.
pub fn too_long(size: usize) -> String {
    format!(
        "This page is too long ({} KB; at most {} KB). Split it, or remove what is no longer needed.",
        size.div_ceil(1024),
        MAX_DOCUMENT_BYTES / 1024
    )
}

/// The message for content of `count` documents, past the limit.
pub fn too_many(count: usize) -> String {
    format!(
        "The site would have {count} pages of content; it may have at most {MAX_DOCUMENTS} (the home page, the \
         NACLO page, board terms and conference editions). Remove old board terms or editions first."
    )
}

/// Checks the number and the size of `documents`, naming each too long.
pub fn check(documents: &[StoredDocument]) -> Result<(), Invalid> {
    let mut problems = Vec::new();
    if documents.len() > MAX_DOCUMENTS {
        problems.push(Problem::of_file(WHOLE_SITE, too_many(documents.len())));
    }
    for document in documents {
        let size = serde_json::to_vec(&document.body).expect("JSON serialises").len();
        if size > MAX_DOCUMENT_BYTES {
            problems.push(Problem::of_file(file_of(&document.kind, &document.key), too_long(size)));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(Invalid(problems)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document(key: &str, text: &str) -> StoredDocument {
        StoredDocument { kind: "board".into(), key: key.into(), body: serde_json::json!({ "note": text }) }
    }

    #[test]
    fn the_limits_name_what_is_past_them() {
        assert!(check(&[document("2024-2025", "short")]).is_ok());
        let long = "x".repeat(MAX_DOCUMENT_BYTES);
        let Invalid(problems) = check(&[document("2024-2025", &long)]).unwrap_err();
        assert_eq!(problems[0].file, "board/2024-2025.toml");
        assert!(problems[0].message.contains("at most 512 KB"), "{}", problems[0].message);
        let many: Vec<StoredDocument> = (0..=MAX_DOCUMENTS).map(|n| document(&n.to_string(), "")).collect();
        let Invalid(problems) = check(&many).unwrap_err();
        assert_eq!(problems[0].file, WHOLE_SITE);
        assert!(problems[0].message.contains("at most 100"), "{}", problems[0].message);
    }
}
