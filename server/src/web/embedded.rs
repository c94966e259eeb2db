//! The web app built into the binary (see `build.rs`): every file of
//! `web/dist` with its brotli and gzip copies, indexed once per process with
//! its type, cache policy and entity tags, and answered from memory without
//! touching the file system.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use include_dir::{Dir, include_dir};
use sha2::{Digest, Sha256};

use super::negotiate::{self, Encoding, Ranged};
use super::{IMMUTABLE, REVALIDATE, SHORT};

static DIST: Dir<'static> = include_dir!("$COLLOQUY_EMBEDDED_WEB");

/// The embedded app, indexed on first use (once per process).
pub static APP: LazyLock<App> = LazyLock::new(|| App::index(&DIST));

/// One representation of a file: its bytes as sent and its strong tag.
struct Variant {
    body: Bytes,
    etag: HeaderValue,
}

/// A file of the app and its precompressed copies.
pub(super) struct Asset {
    content_type: HeaderValue,
    cache_control: HeaderValue,
    plain: Variant,
    brotli: Option<Variant>,
    gzip: Option<Variant>,
}

pub struct App {
    /// By path without the leading `/`, e.g. `assets/index-3f2a9c1b.js`.
    files: HashMap<&'static str, Asset>,
}

impl App {
    fn index(dist: &'static Dir<'static>) -> Self {
        let mut all = HashMap::new();
        collect(dist, &mut all);
        let files = all
            .iter()
            .filter(|(path, _)| !is_copy(path, &all))
            .map(|(&path, &bytes)| (path, asset(path, bytes, &all)))
            .collect();
        Self { files }
    }

    /// Whether the app was built into this binary (`make build`).
    pub fn is_built(&self) -> bool {
        self.files.contains_key("index.html")
    }

    /// Answers a GET or HEAD for `request`'s path: the file, a 404 under
    /// `/assets/`, or the app's shell for every other path (history fallback).
    pub fn respond(&self, request: &Request) -> Response {
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET, HEAD")]).into_response();
        }
        let path = request.uri().path().trim_start_matches('/');
        let decoded = percent_encoding::percent_decode_str(path).decode_utf8().ok();
        let found = decoded.as_deref().and_then(|path| self.files.get(path));
        let asset = match found {
            Some(asset) => asset,
            // A missing hashed asset is a 404, not the app: a page from an
            // older release asking for its old script must fail plainly,
            // not parse HTML as script.
            None if path.starts_with("assets/") => return StatusCode::NOT_FOUND.into_response(),
            None => self.shell(),
        };
        answer(asset, request.headers())
    }

    /// The file at `path` (without the leading `/`), as `respond` finds it
    /// when the path needs no decoding.
    pub(super) fn file(&self, path: &str) -> Option<&Asset> {
        self.files.get(path)
    }

    /// A file's bytes as built (not compressed), e.g. `routes.json`.
    pub fn plain(&self, path: &str) -> Option<&[u8]> {
        self.files.get(path).map(|asset| asset.plain.body.as_ref())
    }

    /// The app's HTML page, which every route loads.
    pub(super) fn shell(&self) -> &Asset {
        &self.files["index.html"]
    }
}

fn collect(dir: &'static Dir<'static>, into: &mut HashMap<&'static str, &'static [u8]>) {
    for file in dir.files() {
        if let Some(path) = file.path().to_str() {
            into.insert(path, file.contents());
        }
    }
    for sub in dir.dirs() {
        collect(sub, into);
    }
}

/// `x.js.br` beside `x.js` is a copy of it, not a file of its own.
fn is_copy(path: &str, all: &HashMap<&'static str, &'static [u8]>) -> bool {
    [".br", ".gz"]
        .iter()
        .any(|suffix| path.strip_suffix(suffix).is_some_and(|original| all.contains_key(original)))
}

fn asset(path: &'static str, bytes: &'static [u8], all: &HashMap<&'static str, &'static [u8]>) -> Asset {
    let digest = hex::encode(&Sha256::digest(bytes)[..12]);
    let variant = |suffix: &str, tag: String| {
        all.get(format!("{path}{suffix}").as_str()).map(|&copy| Variant {
            body: Bytes::from_static(copy),
            etag: HeaderValue::from_str(&tag).expect("hex is a valid header"),
        })
    };
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let content_type = match mime.type_() {
        mime_guess::mime::TEXT => format!("{mime}; charset=utf-8"),
        _ if mime == mime_guess::mime::APPLICATION_JAVASCRIPT => "text/javascript; charset=utf-8".into(),
        _ => mime.to_string(),
    };
    let cache_control = if path == "index.html" {
        REVALIDATE
    } else if path.starts_with("assets/") {
        IMMUTABLE
    } else {
        SHORT
    };
    Asset {
        content_type: HeaderValue::from_str(&content_type).expect("a MIME type is a valid header"),
        cache_control: HeaderValue::from_static(cache_control),
        plain: Variant {
            body: Bytes::from_static(bytes),
            etag: HeaderValue::from_str(&format!("\"{digest}\"")).expect("hex is a valid header"),
        },
        brotli: variant(".br", format!("\"{digest}-br\"")),
        gzip: variant(".gz", format!("\"{digest}-gz\"")),
    }
}

impl Asset {
    /// Whether the file is an HTML page (the shell, or a page of its own).
    pub(super) fn is_html(&self) -> bool {
        self.content_type.as_bytes().starts_with(b"text/html")
    }
}

/// The representation the client accepts, conditional and range requests
/// answered, with today's cache headers.
pub(super) fn answer(asset: &Asset, request: &HeaderMap) -> Response {
    let accepted = negotiate::encoding(request, asset.brotli.is_some(), asset.gzip.is_some());
    let (variant, encoding) = match accepted {
        Encoding::Brotli => (asset.brotli.as_ref().expect("negotiated"), Some("br")),
        Encoding::Gzip => (asset.gzip.as_ref().expect("negotiated"), Some("gzip")),
        Encoding::Identity => (&asset.plain, None),
    };
    let mut response = if negotiate::not_modified(request, &variant.etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        match negotiate::range(request, &variant.etag, variant.body.len() as u64) {
            Ranged::Whole => Response::new(Body::from(variant.body.clone())),
            Ranged::Part { start, end, content_range } => {
                let part = variant.body.slice(start as usize..=end as usize);
                let mut response = Response::new(Body::from(part));
                *response.status_mut() = StatusCode::PARTIAL_CONTENT;
                response.headers_mut().insert(header::CONTENT_RANGE, content_range);
                response
            }
            Ranged::Unsatisfiable { content_range } => {
                return (StatusCode::RANGE_NOT_SATISFIABLE, [(header::CONTENT_RANGE, content_range)])
                    .into_response();
            }
        }
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, asset.content_type.clone());
    headers.insert(header::CACHE_CONTROL, asset.cache_control.clone());
    headers.insert(header::ETAG, variant.etag.clone());
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    // The same URL answers br, gzip or plain bytes: caches must key on it.
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Some(encoding) = encoding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    response
}
