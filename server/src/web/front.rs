//! The built app's files and pages, answered in front of the site's
//! routing and middleware. A page's assets are thousands of requests a
//! second; each layer they passed through (client address, tracing,
//! metrics, panic catcher, headers, routers, the page-status check) boxed a
//! future or cloned a service per request, and held colloquy at half of
//! nginx's rate (bench/README.md, `make bench-http`).
//!
//! Only what can be answered at once from memory takes this path, with the
//! same answer, headers and metrics as through the layers: a GET or HEAD
//! without a body for an embedded file, or for a page of the app's route
//! table (the shell). Everything else goes through the site as before: the
//! API, paths that need decoding, files that are pages or that another part
//! of the site answers (the published program's PDF), edition pages that
//! only the content knows, a policy due to be read again, and any request
//! while the request logs (DEBUG) are on.

use std::convert::Infallible;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::response::Response;
use axum::routing::future::RouteFuture;
use futures_util::future::{Either, Ready, ready};
use http_body::Body as _;
use tower::Service;

use super::embedded::{self, APP, Asset};
use super::pages::{self, PageTable};
use crate::AppState;
use crate::metrics::Metrics;

/// The headers every answer of the site carries unless it set its own
/// (`lib.rs` sets them on the rest of the site).
pub fn security_headers() -> [(HeaderName, HeaderValue); 3] {
    [
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
        (HeaderName::from_static("x-frame-options"), HeaderValue::from_static("SAMEORIGIN")),
    ]
}

/// The pages' Content-Security-Policy when this instance holds a current
/// one; `None` sends the page the long way, which reads it again.
pub type ShellPolicy = Arc<dyn Fn() -> Option<HeaderValue> + Send + Sync>;

/// What the wiring tells the front about the parts of the site it does not own.
pub struct Elsewhere {
    pub shell_policy: ShellPolicy,
    /// Paths another part of the site answers before the app's files.
    pub claimed: fn(&str) -> bool,
}

/// The whole site as `serve` runs it: the built app's files and pages
/// answered in front of `site`'s routing (a service of its own rather than a
/// router's fallback, which would cost a boxed clone per request), or `site`
/// alone when the app is read from a folder or not built in.
#[derive(Clone)]
pub struct Site {
    site: Router,
    front: Option<Arc<Front>>,
}

pub fn in_front(state: &AppState, site: Router, elsewhere: Elsewhere) -> Site {
    let front = (state.config.web_dir.is_none() && APP.is_built()).then(|| {
        Arc::new(Front {
            table: super::page_table(None).map(Arc::new),
            elsewhere,
            metrics: state.metrics.clone(),
        })
    });
    Site { site, front }
}

struct Front {
    table: Option<Arc<PageTable>>,
    elsewhere: Elsewhere,
    metrics: Metrics,
}

impl Front {
    /// The file or page `request` asks for, when this path may answer it.
    fn asset(&self, request: &Request) -> Option<&'static Asset> {
        let method = request.method();
        if (method != Method::GET && method != Method::HEAD) || !request.body().is_end_stream() {
            return None;
        }
        let path = request.uri().path();
        if path.contains('%') || path.starts_with("/api") || (self.elsewhere.claimed)(path) {
            return None;
        }
        if pages::names_a_file(path) {
            // An HTML file other than the shell answers 404 (`pages::status`).
            return APP.file(path.strip_prefix('/')?).filter(|asset| !asset.is_html());
        }
        // Certificates' pages carry `noindex`, which `pages::status` adds.
        let page = self.table.as_ref()?.has(path) && !path.starts_with("/verify/");
        page.then(|| APP.shell())
    }

    fn answer(&self, request: &Request, asset: &Asset) -> Option<Response> {
        // Each request's DEBUG lines come from the trace layer, on the long way.
        if tracing::enabled!(target: "tower_http::trace::on_request", tracing::Level::DEBUG)
            || tracing::enabled!(target: "tower_http::trace::on_response", tracing::Level::DEBUG)
        {
            return None;
        }
        let started = Instant::now();
        let mut response = embedded::answer(asset, request.headers());
        let headers = response.headers_mut();
        let html = headers.get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
        if html {
            headers.insert(header::CONTENT_SECURITY_POLICY, (self.elsewhere.shell_policy)()?);
        }
        for (name, value) in security_headers() {
            headers.entry(name).or_insert(value);
        }
        self.metrics.web_app_answered(request.method(), response.status(), started.elapsed().as_secs_f64());
        Some(response)
    }
}

impl Service<Request> for Site {
    type Response = Response;
    type Error = Infallible;
    type Future = Either<Ready<Result<Response, Infallible>>, RouteFuture<Infallible>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request) -> Self::Future {
        if let Some(front) = &self.front
            && let Some(response) = front.asset(&request).and_then(|asset| front.answer(&request, asset))
        {
            return Either::Left(ready(Ok(response)));
        }
        // A router is always ready.
        Either::Right(self.site.call(request))
    }
}
