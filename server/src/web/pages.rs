//! Which paths are pages of the app, so that any other path answers 404
//! (the app still renders its not-found page from the shell) and a missing
//! file answers a plain 404 instead of the app's HTML.
//!
//! The pages come from the app's own route table, which the web build writes
//! to `routes.json` (`web/vite.config.ts`), and from the content: a
//! conference edition's pages (`/sculc-2026`, `/sculc-2023-program`) exist
//! when the edition and the page do.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

/// The file the web build writes beside `index.html`.
pub const TABLE_FILE: &str = "routes.json";

/// The app's pages as its route table lists them.
#[derive(Debug, Deserialize)]
pub struct PageTable {
    /// Exact paths, e.g. `/login`.
    pages: Vec<String>,
    /// Paths with parameters, e.g. `/review/:code`.
    patterns: Vec<String>,
}

impl PageTable {
    /// `None` when the file is missing or unreadable: every path is then
    /// answered as a page, as before there was a table.
    pub fn parse(bytes: &[u8]) -> Option<Self> {
        match serde_json::from_slice::<Self>(bytes) {
            Ok(table) => Some(table.lowercased()),
            Err(error) => {
                tracing::warn!(%error, "the web app's page table is unreadable; every path answers 200");
                None
            }
        }
    }

    /// React Router matches paths without regard to case.
    fn lowercased(self) -> Self {
        Self {
            pages: self.pages.iter().map(|page| page.to_lowercase()).collect(),
            patterns: self.patterns.iter().map(|pattern| pattern.to_lowercase()).collect(),
        }
    }

    /// Whether the route table has a page at `path` (decoded, with or
    /// without a trailing slash).
    pub(super) fn has(&self, path: &str) -> bool {
        let path = path.to_lowercase();
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path.as_str() };
        self.pages.iter().any(|page| page == path)
            || self.patterns.iter().any(|pattern| matches(pattern, path))
    }
}

/// `/review/:code` matches `/review/S25-001`: each `:name` one non-empty segment.
fn matches(pattern: &str, path: &str) -> bool {
    let mut expected = pattern.split('/');
    let mut given = path.split('/');
    loop {
        match (expected.next(), given.next()) {
            (None, None) => return true,
            (Some(want), Some(segment)) if want.starts_with(':') => {
                if segment.is_empty() {
                    return false;
                }
            }
            (Some(want), Some(segment)) if want == segment => {}
            _ => return false,
        }
    }
}

/// `/sculc-2023` → (2023, ""), `/sculc-2023-program` → (2023, "program"),
/// exactly as the app reads them (`web/src/features/conference/edition-path.ts`).
fn edition_path(path: &str) -> Option<(i32, &str)> {
    let rest = path.strip_prefix("/sculc-")?;
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let (year, slug) = match rest.split_once('-') {
        // `-` then one or more lowercase letters.
        Some((_, "")) => return None,
        Some((year, slug)) => (year, slug),
        None => (rest, ""),
    };
    let year_ok = year.len() == 4 && year.bytes().all(|byte| byte.is_ascii_digit());
    let slug_ok = slug.bytes().all(|byte| byte.is_ascii_lowercase());
    if !year_ok || !slug_ok {
        return None;
    }
    Some((year.parse().ok()?, slug))
}

/// A path whose last segment names a file (`/images/x.jpg`, `/favicon.ico`):
/// no page of the app has a dot there.
pub(super) fn names_a_file(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(|last| last.contains('.'))
}

fn is_html(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"))
}

/// Whether SCULC `year` has a page `slug` (`""`: the edition's own page).
pub type EditionPages = Arc<
    dyn Fn(i32, String) -> futures_util::future::BoxFuture<'static, crate::error::ApiResult<bool>>
        + Send
        + Sync,
>;

#[derive(Clone)]
pub struct Pages {
    table: Option<Arc<PageTable>>,
    edition_pages: EditionPages,
}

impl Pages {
    pub fn new(table: Option<PageTable>, edition_pages: EditionPages) -> Self {
        Self { table: table.map(Arc::new), edition_pages }
    }

    async fn exists(&self, path: &str) -> bool {
        let Some(table) = &self.table else { return true };
        if table.has(path) {
            return true;
        }
        let Some((year, slug)) = edition_path(path) else { return false };
        match (self.edition_pages)(year, slug.to_owned()).await {
            Ok(found) => found,
            // The app shows the error itself; a database hiccup is no 404.
            Err(error) => {
                tracing::warn!(%error, year, "could not tell whether an edition page exists");
                true
            }
        }
    }
}

/// Sets the status of the app's answers: 404 with `noindex` for a path that
/// is no page, a plain 404 for a missing file.
pub async fn status(State(pages): State<Pages>, mut request: Request, next: Next) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return next.run(request).await;
    }
    let path = percent_encoding::percent_decode_str(request.uri().path()).decode_utf8_lossy().into_owned();
    if names_a_file(&path) {
        let response = next.run(request).await;
        // The shell is what answers a missing file; `/index.html` is the shell itself.
        if is_html(&response) && path != "/index.html" {
            return (StatusCode::NOT_FOUND, "Not found").into_response();
        }
        return response;
    }
    if pages.exists(&path).await {
        let mut response = next.run(request).await;
        // A certificate's verification page names a person: found by
        // those who hold its code, never by a search engine.
        if path.starts_with("/verify/") {
            response.headers_mut().insert("x-robots-tag", HeaderValue::from_static("noindex"));
        }
        return response;
    }
    // The 404 is whole: no 304 from a cached shell, no part of it.
    let headers = request.headers_mut();
    for name in [header::IF_NONE_MATCH, header::IF_MODIFIED_SINCE, header::RANGE, header::IF_RANGE] {
        headers.remove(name);
    }
    let mut response = next.run(request).await;
    if response.status() == StatusCode::OK && is_html(&response) {
        *response.status_mut() = StatusCode::NOT_FOUND;
        response.headers_mut().insert("x-robots-tag", HeaderValue::from_static("noindex"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> PageTable {
        PageTable::parse(
            br#"{"pages": ["/", "/login", "/user-data/reviews"], "patterns": ["/review/:code"]}"#,
        )
        .unwrap()
    }

    #[test]
    fn pages_match_as_the_app_routes_them() {
        let table = table();
        for page in
            ["/", "/login", "/login/", "/LOGIN", "/user-data/reviews", "/review/S25-001", "/review/x/"]
        {
            assert!(table.has(page), "{page}");
        }
        for other in ["/logins", "/login/x", "/review", "/review/", "/review/a/b", "/nope", "//"] {
            assert!(!table.has(other), "{other}");
        }
    }

    #[test]
    fn edition_paths_read_as_the_app_reads_them() {
        assert_eq!(edition_path("/sculc-2023"), Some((2023, "")));
        assert_eq!(edition_path("/sculc-2023/"), Some((2023, "")));
        assert_eq!(edition_path("/sculc-2023-program"), Some((2023, "program")));
        for other in
            ["/sculc-23", "/sculc-2023-", "/sculc-2023-Program", "/sculc-2023-a-b", "/sculc-20234", "/sculc"]
        {
            assert_eq!(edition_path(other), None, "{other}");
        }
    }

    #[test]
    fn a_file_is_a_last_segment_with_a_dot() {
        assert!(names_a_file("/images/missing.jpg"));
        assert!(names_a_file("/favicon.ico"));
        assert!(!names_a_file("/review/S25-001"));
        assert!(!names_a_file("/v1.2/page"));
    }
}
