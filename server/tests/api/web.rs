//! The web app is served from its build folder: each route loads directly
//! (history fallback), hashed assets are cached for good and precompressed,
//! `index.html` is revalidated, and `/api` never falls through to the app.

use std::path::Path;

use crate::helpers::{TestApp, spawn_app_with};

const INDEX: &str = "<!doctype html><title>colloquy</title><div id=\"root\"></div>";
const SCRIPT: &str = "console.log('the app');";

/// A build folder shaped like Vite's output, with precompressed copies.
fn write_web_build(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), INDEX).unwrap();
    std::fs::write(dir.join("assets/index-3f2a9c1b.js"), SCRIPT).unwrap();
    std::fs::write(dir.join("assets/index-3f2a9c1b.js.br"), b"brotli bytes").unwrap();
    std::fs::write(dir.join("assets/index-3f2a9c1b.js.gz"), b"gzip bytes").unwrap();
    std::fs::write(dir.join("favicon.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>").unwrap();
    std::fs::write(dir.join("routes.json"), ROUTES).unwrap();
}

/// The route table the web build writes (`web/vite.config.ts`).
const ROUTES: &str =
    r#"{"pages": ["/", "/home", "/login", "/sculc/submit-abstract"], "patterns": ["/review/:code"]}"#;

async fn app_with_web_build() -> TestApp {
    spawn_app_with(axum::Router::new(), |config| {
        let web_dir = config.data_dir.join("web-dist");
        write_web_build(&web_dir);
        config.web_dir = Some(web_dir);
    })
    .await
}

#[tokio::test]
async fn every_app_route_loads_index_html_uncached() {
    let app = app_with_web_build().await;
    for path in ["/", "/home", "/login", "/sculc/submit-abstract", "/review/S25-001", "/sculc-2023-photo"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(response.text().await.unwrap(), INDEX, "{path}");
    }
}

#[tokio::test]
async fn a_path_that_is_no_page_loads_the_app_as_a_404() {
    let app = app_with_web_build().await;
    for path in ["/no-such-page", "/sculc-2023-nope", "/sculc-1999"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(response.headers()["x-robots-tag"], "noindex", "{path}");
        assert_eq!(response.text().await.unwrap(), INDEX, "{path}");
    }
    let image = app.get("/images/no-such.jpg").await;
    assert_eq!(image.status(), 404);
    assert_ne!(image.text().await.unwrap(), INDEX);
}

#[tokio::test]
async fn a_build_without_a_route_table_answers_every_path_with_the_app() {
    let first = app_with_web_build().await;
    let web_dir = first.state.config.web_dir.clone().unwrap();
    std::fs::remove_file(web_dir.join("routes.json")).unwrap();
    // The table is read when the router is built: a fresh app over the same folder.
    let app = spawn_app_with(axum::Router::new(), |config| config.web_dir = Some(web_dir)).await;
    let response = app.get("/no-such-page").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.text().await.unwrap(), INDEX);
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_served_precompressed() {
    let app = app_with_web_build().await;
    let path = "/assets/index-3f2a9c1b.js";

    let brotli = app.client.get(app.url(path)).header("accept-encoding", "br, gzip").send().await.unwrap();
    assert_eq!(brotli.status(), 200);
    assert_eq!(brotli.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(brotli.headers()["content-encoding"], "br");
    assert_eq!(brotli.headers()["vary"], "accept-encoding");
    assert!(brotli.headers()["content-type"].to_str().unwrap().contains("javascript"));
    assert_eq!(brotli.bytes().await.unwrap().as_ref(), b"brotli bytes");

    let gzip = app.client.get(app.url(path)).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");

    let plain = app.get(path).await;
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.unwrap(), SCRIPT);
}

#[tokio::test]
async fn a_missing_asset_is_a_404_not_the_app() {
    let app = app_with_web_build().await;
    let response = app.get("/assets/index-00000000.js").await;
    assert_eq!(response.status(), 404);
    assert!(!response.text().await.unwrap().contains("<div id=\"root\">"));
}

#[tokio::test]
async fn other_public_files_get_a_short_cache_lifetime() {
    let app = app_with_web_build().await;
    let response = app.get("/favicon.svg").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=3600");
}

#[tokio::test]
async fn api_paths_never_fall_through_to_the_web_app() {
    let app = app_with_web_build().await;
    let response = app.get("/api/no-such-endpoint").await;
    assert_eq!(response.status(), 404);
    assert_eq!(response.headers()["content-type"], "application/json");
}

#[tokio::test]
async fn without_a_web_build_pages_say_how_to_build_it() {
    let app = spawn_app_with(axum::Router::new(), |_| {}).await;
    let response = app.get("/login").await;
    assert_eq!(response.status(), 503);
    assert!(response.text().await.unwrap().contains("make build"));
    assert_eq!(app.get("/api/health").await.status(), 200);
}
