//! The Content-Security-Policy of the site's pages. Frames may show exactly
//! the origins the content embeds (forms, slides); the set is computed at
//! import and stored with the content, so an import changes the policy on
//! every instance without a restart. Each instance keeps the policy in
//! memory and reads it again at most once per `PagePolicy::FRESH`, so the
//! page shell is answered without a database query and an import on any
//! instance (or from the command line) reaches every instance that quickly.
//!
//! Only an `EmbedOrigin` reaches the header: publication, restore and import
//! refuse any other, and an origin stored by an older release is parsed
//! again when read, and left out (with a warning in the log) if it fails.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

use super::origin::EmbedOrigin;
use super::store::{FRAME_SRC, POLICY};
use crate::db::Db;

/// The policy for pages whose frames may show `origins`.
///
/// Scripts and styles come only from this site: Vite's build emits files,
/// no inline code, and React sets element styles through the CSSOM, which
/// `style-src` does not restrict. Google sign-in is a top-level navigation,
/// which no directive here limits. It takes parsed origins only: no text
/// that could end `frame-src` and start another directive can reach it.
pub fn policy(origins: &[EmbedOrigin]) -> String {
    let mut frame_src = String::from("'self'");
    for origin in origins {
        frame_src.push(' ');
        frame_src.push_str(origin.as_str());
    }
    format!(
        "default-src 'self'; img-src 'self' data:; frame-src {frame_src}; object-src 'none'; \
         base-uri 'self'; frame-ancestors 'self'; form-action 'self'"
    )
}

/// The pages' policy as this instance last read it from the database.
pub struct PagePolicy {
    db: Db,
    last: RwLock<Option<(Instant, HeaderValue)>>,
    /// One reader at a time; the others answer with the value they have.
    reading: tokio::sync::Mutex<()>,
}

impl PagePolicy {
    /// How long a read stays current: an import shows on every page within it.
    pub const FRESH: Duration = Duration::from_secs(1);

    pub fn new(db: Db) -> Arc<Self> {
        Arc::new(Self { db, last: RwLock::new(None), reading: tokio::sync::Mutex::new(()) })
    }

    fn remembered(&self) -> Option<(Instant, HeaderValue)> {
        self.last.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// The policy when the one held is current, without waiting: what the
    /// web app's front answers pages with (`web::front`).
    pub fn fresh(&self) -> Option<HeaderValue> {
        let (read_at, value) = self.remembered()?;
        (read_at.elapsed() < Self::FRESH).then_some(value)
    }

    pub async fn value(&self) -> HeaderValue {
        if let Some(value) = self.fresh() {
            return value;
        }
        let remembered = self.remembered();
        let _reading = match (self.reading.try_lock(), remembered) {
            (Ok(guard), _) => guard,
            // Another request is reading it: the slightly older value will do.
            (Err(_), Some((_, value))) => return value,
            (Err(_), None) => self.reading.lock().await,
        };
        if let Some(value) = self.fresh() {
            return value;
        }
        let value = self.read().await;
        *self.last.write().unwrap_or_else(|poisoned| poisoned.into_inner()) =
            Some((Instant::now(), value.clone()));
        value
    }

    async fn read(&self) -> HeaderValue {
        let origins = match self.db.content_document::<Vec<String>>(POLICY, FRAME_SRC).await {
            Ok(origins) => origins.unwrap_or_default(),
            Err(error) => {
                // Without the list, frames fall back to this site only:
                // stricter, never looser.
                tracing::warn!(error = %error, "cannot read the embed origins; frames allow this site only");
                Vec::new()
            }
        };
        let origins = checked(origins);
        HeaderValue::from_str(&policy(&origins)).unwrap_or_else(|_| {
            HeaderValue::from_str(&policy(&[])).expect("the base policy is a valid header")
        })
    }
}

/// The stored origins already warned about, so the log says each once per
/// process (the policy is read again every second).
static REFUSED: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// The stored origins that parse; each one that does not (written by an
/// older release) is left out of the header, and the log says so.
fn checked(stored: Vec<String>) -> Vec<EmbedOrigin> {
    let mut origins = Vec::with_capacity(stored.len());
    for text in stored {
        match EmbedOrigin::parse(&text) {
            Some(origin) => origins.push(origin),
            None => {
                if REFUSED.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(text.clone()) {
                    tracing::warn!(
                        origin = %text.escape_debug(),
                        "a stored embed origin is not a plain https origin: it is left out of the pages' \
                         Content-Security-Policy (the next publication asks for the embed to be fixed)"
                    );
                }
            }
        }
    }
    origins
}

/// Reads the stored origins at start, so that a bad one is in the log
/// from the start rather than from the first page view.
pub async fn check_stored(db: &Db) {
    // A list that cannot be read is reported at the first page view.
    if let Ok(stored) = db.content_document::<Vec<String>>(POLICY, FRAME_SRC).await {
        checked(stored.unwrap_or_default());
    }
}

/// Adds the policy to every HTML answer (the app's pages).
pub async fn header(State(policy): State<Arc<PagePolicy>>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if is_html && !response.headers().contains_key(header::CONTENT_SECURITY_POLICY) {
        let value = policy.value().await;
        response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_lists_this_site_then_the_content_origins() {
        let origins = ["https://docs.google.com", "https://www.youtube-nocookie.com"]
            .map(|origin| EmbedOrigin::parse(origin).unwrap());
        assert_eq!(
            policy(&origins),
            "default-src 'self'; img-src 'self' data:; frame-src 'self' https://docs.google.com \
             https://www.youtube-nocookie.com; object-src 'none'; base-uri 'self'; frame-ancestors 'self'; \
             form-action 'self'"
        );
        assert!(policy(&[]).contains("frame-src 'self';"));
    }

    #[test]
    fn stored_origins_that_do_not_parse_are_left_out_of_the_header() {
        let stored =
            ["https://a;frame-ancestors", "https://docs.google.com", "https://*", "https://a;sandbox"];
        let origins = checked(stored.map(String::from).to_vec());
        assert_eq!(
            policy(&origins),
            "default-src 'self'; img-src 'self' data:; frame-src 'self' https://docs.google.com; \
             object-src 'none'; base-uri 'self'; frame-ancestors 'self'; form-action 'self'"
        );
    }

    #[test]
    fn the_bundled_content_embeds_only_google_docs() {
        assert_eq!(
            super::super::bundle::frame_origins(&super::super::bundle::bundled()),
            vec![EmbedOrigin::parse("https://docs.google.com").unwrap()]
        );
    }
}
