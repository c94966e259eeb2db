//! Prometheus metrics, served on `COLLOQUY_METRICS_LISTEN` (a listener of
//! its own, never the public one; off by default).
//!
//! Each app has its own registry (no global recorder), so two apps in one
//! process (tests, benchmarks) never count into each other. Code that counts
//! takes a `Metrics` handle (cheap to clone) and calls its methods:
//! `uploaded`, `email_sent`, `email_failed`, `set_emails_queued`.

use std::borrow::Cow;
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use tokio::net::TcpListener;

use crate::accounts::password::Passwords;

/// The label of every request no API route matched: the web app's pages and
/// files. Raw paths are never labels, so the number of series stays bounded
/// whatever paths clients ask for.
pub const WEB_APP_ROUTE: &str = "web app";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: Cow<'static, str>,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: &'static str,
    route: Cow<'static, str>,
}

#[derive(Clone, Default)]
pub struct Metrics(Arc<Inner>);

struct Inner {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    uploads: Counter,
    upload_bytes: Counter,
    emails_sent: Counter,
    emails_failed: Counter,
    emails_queued: Gauge,
    password_queue: Gauge,
    /// The web app's series for GET, then HEAD, by `WEB_APP_STATUSES`,
    /// looked up once: a file is answered thousands of times a second.
    web_app: [OnceLock<(Histogram, Counter)>; 2 * WEB_APP_STATUSES.len()],
}

/// What the web app's files answer (`web::front`): found, part, not
/// modified, missing, range past the end.
const WEB_APP_STATUSES: [u16; 5] = [200, 206, 304, 404, 416];

fn latency_histogram() -> Histogram {
    // 1 ms to about 33 s: API answers take milliseconds, uploads seconds.
    Histogram::new(prometheus_client::metrics::histogram::exponential_buckets(0.001, 2.0, 16))
}

impl Default for Inner {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("colloquy");
        let requests = Family::<RequestLabels, Counter>::default();
        let latency =
            Family::<RouteLabels, Histogram>::new_with_constructor(latency_histogram as fn() -> Histogram);
        let uploads = Counter::default();
        let upload_bytes = Counter::default();
        let emails_sent = Counter::default();
        let emails_failed = Counter::default();
        let emails_queued = Gauge::default();
        let password_queue = Gauge::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by method, route template and status",
            requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to answer an HTTP request, by method and route template",
            latency.clone(),
        );
        registry.register("uploads", "Abstracts uploaded and stored", uploads.clone());
        registry.register("upload_bytes", "Bytes of abstracts uploaded and stored", upload_bytes.clone());
        registry.register(
            "emails_sent",
            "E-mails handed to the SMTP server or written to the outbox",
            emails_sent.clone(),
        );
        registry.register("emails_failed", "E-mail deliveries that failed", emails_failed.clone());
        registry.register("emails_queued", "E-mails waiting to be sent", emails_queued.clone());
        registry.register(
            "password_queue_depth",
            "Password checks (sign-in, sign-up, reset) waiting for a hashing thread",
            password_queue.clone(),
        );
        Self {
            registry,
            requests,
            latency,
            uploads,
            upload_bytes,
            emails_sent,
            emails_failed,
            emails_queued,
            password_queue,
            web_app: Default::default(),
        }
    }
}

impl Metrics {
    /// An abstract of `bytes` was stored.
    pub fn uploaded(&self, bytes: u64) {
        self.0.uploads.inc();
        self.0.upload_bytes.inc_by(bytes);
    }

    pub fn email_sent(&self) {
        self.0.emails_sent.inc();
    }

    pub fn email_failed(&self) {
        self.0.emails_failed.inc();
    }

    /// How many e-mails wait to be sent now (the outbox's sender sets it).
    pub fn set_emails_queued(&self, queued: i64) {
        self.0.emails_queued.set(queued);
    }

    fn request_answered(&self, method: &'static str, route: Cow<'static, str>, status: u16, seconds: f64) {
        self.0.latency.get_or_create(&RouteLabels { method, route: route.clone() }).observe(seconds);
        self.0.requests.get_or_create(&RequestLabels { method, route, status }).inc();
    }

    /// A request for the web app's files or pages was answered without the
    /// middleware (`web::front`): counted as `record` counts it.
    pub fn web_app_answered(&self, method: &Method, status: StatusCode, seconds: f64) {
        let (method, status) = (method_label(method), status.as_u16());
        let route = Cow::Borrowed(WEB_APP_ROUTE);
        let position = WEB_APP_STATUSES.iter().position(|&known| known == status);
        let slot = match (method, position) {
            ("GET", Some(at)) => at,
            ("HEAD", Some(at)) => WEB_APP_STATUSES.len() + at,
            _ => return self.request_answered(method, route, status, seconds),
        };
        let (latency, requests) = self.0.web_app[slot].get_or_init(|| {
            let latency = self.0.latency.get_or_create(&RouteLabels { method, route: route.clone() }).clone();
            (latency, self.0.requests.get_or_create(&RequestLabels { method, route, status }).clone())
        });
        latency.observe(seconds);
        requests.inc();
    }

    /// The text exposition format, with the sign-in queue read now.
    pub fn render(&self, passwords: &Passwords) -> String {
        self.0.password_queue.set(passwords.waiting() as i64);
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.0.registry)
            .expect("writing to a String cannot fail");
        text
    }
}

/// Only the standard methods become labels; anything else is `OTHER`.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

/// Middleware: counts and times every request by its route template.
pub async fn record(State(metrics): State<Metrics>, request: Request, next: Next) -> Response {
    let method = method_label(request.method());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or(Cow::Borrowed(WEB_APP_ROUTE), |path| Cow::Owned(path.as_str().to_owned()));
    let started = Instant::now();
    let response = next.run(request).await;
    metrics.request_answered(method, route, response.status().as_u16(), started.elapsed().as_secs_f64());
    response
}

/// What the metrics listener serves: `GET /metrics`.
pub fn router(metrics: Metrics, passwords: Passwords) -> Router {
    Router::new().route(
        "/metrics",
        get(move || {
            let text = metrics.render(&passwords);
            async move {
                ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text).into_response()
            }
        }),
    )
}

/// Binds `address` for the metrics; the bound address is returned (with
/// port 0, the one the system chose).
pub async fn listen(address: SocketAddr) -> anyhow::Result<TcpListener> {
    use anyhow::Context;
    TcpListener::bind(address).await.with_context(|| format!("cannot listen for metrics on {address}"))
}
