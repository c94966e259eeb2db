//! The built web app: embedded in the binary at build time (`embedded`), or
//! read from a folder when `COLLOQUY_WEB_DIR` names one (development).
//! Files are precompressed where the build made `.br`/`.gz` copies, and
//! `index.html` answers every other path so each route of the app loads
//! directly (history fallback).

mod embedded;
pub mod front;
pub(crate) mod negotiate;
pub mod pages;

use std::path::Path;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use tower_http::services::{ServeDir, ServeFile};

use crate::AppState;

/// Hashed asset names change with their content, so they may be kept forever.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `index.html` names the current assets; browsers must revalidate it.
const REVALIDATE: &str = "no-cache";
/// Other public files (favicon, program PDF) keep their names across releases.
const SHORT: &str = "public, max-age=3600";

/// The embedded app, or the folder `COLLOQUY_WEB_DIR` when set
/// (development), answering 404 for paths that are no page of the app;
/// `edition_pages` says which edition pages exist (content's, handed over
/// by the wiring: content comes before the web app and asks it which files
/// it serves).
pub fn router(state: &AppState, edition_pages: pages::EditionPages) -> Router {
    let web_dir = state.config.web_dir.as_deref();
    let pages = pages::Pages::new(page_table(web_dir), edition_pages);
    files(web_dir).layer(middleware::from_fn_with_state(pages, pages::status))
}

/// The app's route table as its build wrote it.
fn page_table(web_dir: Option<&Path>) -> Option<pages::PageTable> {
    let bytes = match web_dir {
        Some(web_dir) => std::fs::read(web_dir.join(pages::TABLE_FILE)).ok()?,
        None => embedded::APP.plain(pages::TABLE_FILE)?.to_vec(),
    };
    pages::PageTable::parse(&bytes)
}

/// Whether the web app serves a file at `path` (`/images/…`), from the
/// folder `COLLOQUY_WEB_DIR` names or the embedded build: what content may
/// show. Never the app's shell, which answers every other path. `None`
/// when there is no web app to ask (a build without it): nothing can be
/// shown then, and nothing can be told missing.
pub fn serves_file(web_dir: Option<&Path>, path: &str) -> Option<bool> {
    let Some(relative) = path.strip_prefix('/') else { return Some(false) };
    if relative.is_empty() || relative.split('/').any(|part| part.is_empty() || part == "." || part == "..") {
        return Some(false);
    }
    match web_dir {
        Some(web_dir) if web_dir.join("index.html").is_file() => Some(web_dir.join(relative).is_file()),
        None if embedded::APP.is_built() => {
            Some(relative != "index.html" && embedded::APP.plain(relative).is_some())
        }
        _ => None,
    }
}

fn files(web_dir: Option<&Path>) -> Router {
    match web_dir {
        Some(web_dir) => from_folder(web_dir),
        None if embedded::APP.is_built() => {
            Router::new().fallback(|request: Request| async move { embedded::APP.respond(&request) })
        }
        None => {
            tracing::warn!(
                "this binary was built without the web app (run `make build`); pages answer with a notice"
            );
            Router::new().fallback(not_built)
        }
    }
}

fn from_folder(web_dir: &Path) -> Router {
    let index = web_dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(
            web_dir = %web_dir.display(),
            "the web app is not built in this folder (run `npm run build` in web/); pages answer with a notice"
        );
        return Router::new().fallback(not_built);
    }
    // A missing asset is a 404, not the app: a page from an older release
    // asking for its old script must fail plainly, not parse HTML as script.
    let assets = ServeDir::new(web_dir.join("assets")).precompressed_br().precompressed_gzip();
    let files = ServeDir::new(web_dir)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(false)
        .fallback(ServeFile::new(index).precompressed_br().precompressed_gzip());
    Router::new()
        .nest_service("/assets", assets)
        .fallback_service(files)
        .layer(middleware::from_fn(cache_control))
}

async fn cache_control(request: Request, next: Next) -> Response {
    let hashed = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    if response.status() == StatusCode::OK || response.status() == StatusCode::NOT_MODIFIED {
        let is_html = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/html"));
        let policy = if is_html {
            REVALIDATE
        } else if hashed {
            IMMUTABLE
        } else {
            SHORT
        };
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
        // The same URL answers br, gzip or plain bytes: caches must key on it.
        if !headers.contains_key(header::VARY) {
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
    }
    response
}

async fn not_built() -> impl IntoResponse {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Html(
            "<!doctype html><title>colloquy</title><p>The web app has not been built. Run <code>make build</code>.</p>",
        ),
    )
}
