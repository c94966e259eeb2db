//! The web app built into the binary: the binary alone serves the whole site,
//! with types, entity tags and 304s, precompressed bodies and byte ranges,
//! and no `web/dist` folder read at run time.
//!
//! The test binary embeds `web/dist` as it was when it was compiled: build
//! the web app first (`make test-rust` does; by hand `cd web && npm run build`).

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};

use crate::helpers::{TestApp, TestDatabase, spawn_app_with};

/// The app with no development folder: what `colloquy serve` does by default.
async fn app() -> TestApp {
    spawn_app_with(axum::Router::new(), |config| config.web_dir = None).await
}

/// The app's shell, checked to be the built app rather than a notice.
async fn shell(client: &reqwest::Client, address: &str) -> String {
    let response = client.get(format!("{address}/")).send().await.unwrap();
    assert_eq!(
        response.status(),
        200,
        "the test binary has no web app built in: run `npm run build` in web/, then the tests"
    );
    response.text().await.unwrap()
}

/// The path of the first `/assets/…` file the shell names with `attribute`
/// and `suffix`, e.g. the main script (`src="/assets/index-….js"`).
fn asset_in(shell: &str, attribute: &str, suffix: &str) -> String {
    shell
        .split(&format!("{attribute}=\""))
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .find(|path| path.starts_with("/assets/") && path.ends_with(suffix))
        .unwrap_or_else(|| panic!("the shell names an asset {attribute}=…{suffix}: {shell}"))
        .to_owned()
}

fn content_type(response: &reqwest::Response) -> &str {
    response.headers()["content-type"].to_str().unwrap()
}

struct Server {
    child: Child,
    address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Copies the binary alone into `folder` and starts it there, with nothing
/// else on disk: no `web/`, no `content/`, no configuration.
fn start_alone(folder: &std::path::Path, database: &TestDatabase) -> Server {
    let binary = folder.join("colloquy");
    std::fs::copy(env!("CARGO_BIN_EXE_colloquy"), &binary).unwrap();
    let mut command = Command::new(&binary);
    command
        .args(["serve", "--listen", "127.0.0.1:0"])
        .current_dir(folder)
        .env_remove("COLLOQUY_WEB_DIR")
        .env_remove("COLLOQUY_DATA_DIR")
        .env_remove("COLLOQUY_CONFIG")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(url) = database.database_url() {
        command.env("DATABASE_URL", url);
    }
    let mut child = command.spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line.trim().strip_prefix("colloquy is serving the site at ").unwrap_or("").to_owned();
    assert!(!address.is_empty(), "the server says where it serves: {line:?}");
    Server { child, address }
}

#[tokio::test]
async fn the_binary_alone_in_an_empty_folder_serves_the_whole_site() {
    let folder = tempfile::tempdir().unwrap();
    let database = TestDatabase::new().await;
    let server = start_alone(folder.path(), &database);
    let client = reqwest::Client::new();
    let get = |path: &str| client.get(format!("{}{path}", server.address)).send();

    let shell = shell(&client, &server.address).await;
    assert!(shell.contains("<div id=\"root\"></div>"));
    for route in ["/sculc-2025", "/login", "/user-data"] {
        let page = get(route).await.unwrap();
        assert_eq!(page.status(), 200, "{route}");
        assert_eq!(page.text().await.unwrap(), shell, "{route}");
    }
    let script = get(&asset_in(&shell, "src", ".js")).await.unwrap();
    assert_eq!(script.status(), 200);
    assert!(content_type(&script).starts_with("text/javascript"), "{}", content_type(&script));
    let style = get(&asset_in(&shell, "href", ".css")).await.unwrap();
    assert_eq!(style.status(), 200);
    assert!(content_type(&style).starts_with("text/css"));
    let program = get("/sculc-program.pdf").await.unwrap();
    assert_eq!(program.status(), 200);
    assert_eq!(content_type(&program), "application/pdf");
    assert!(program.bytes().await.unwrap().starts_with(b"%PDF-"));
    let site = get("/api/content/site").await.unwrap();
    assert_eq!(site.status(), 200);
    let site: serde_json::Value = site.json().await.unwrap();
    assert!(site["society_name"].is_string());
    assert_eq!(get("/favicon.svg").await.unwrap().status(), 200);
    // Nothing was unpacked beside the binary: the data folder is all it made.
    for entry in std::fs::read_dir(folder.path()).unwrap() {
        let name = entry.unwrap().file_name();
        assert!(name == "colloquy" || name == "data", "unexpected {name:?} beside the binary");
    }
}

#[tokio::test]
async fn each_file_has_its_type_cache_policy_and_a_tag_that_answers_304() {
    let app = app().await;
    let shell = shell(&app.client, &app.address).await;
    let cases = [
        ("/".to_owned(), "text/html; charset=utf-8", "no-cache"),
        ("/sculc-2025".to_owned(), "text/html; charset=utf-8", "no-cache"),
        (
            asset_in(&shell, "src", ".js"),
            "text/javascript; charset=utf-8",
            "public, max-age=31536000, immutable",
        ),
        (asset_in(&shell, "href", ".css"), "text/css; charset=utf-8", "public, max-age=31536000, immutable"),
        ("/favicon.svg".to_owned(), "image/svg+xml", "public, max-age=3600"),
        ("/images/home/ipa-vowels-480.webp".to_owned(), "image/webp", "public, max-age=3600"),
        // The built-in program until a publication replaces it: revalidated,
        // so a browser that kept it sees the first publication (issue 25).
        ("/sculc-program.pdf".to_owned(), "application/pdf", "no-cache"),
    ];
    for (path, kind, cache) in &cases {
        let first = app.get(path).await;
        assert_eq!(first.status(), 200, "{path}");
        assert_eq!(content_type(&first), *kind, "{path}");
        assert_eq!(first.headers()["cache-control"], *cache, "{path}");
        let etag = first.headers()["etag"].clone();
        assert!(etag.to_str().unwrap().starts_with('"'), "{path}: a strong tag");
        assert!(!first.bytes().await.unwrap().is_empty(), "{path}");

        let again = app.client.get(app.url(path)).header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(again.status(), 304, "{path}");
        assert_eq!(again.headers()["etag"], etag, "{path}");
        assert_eq!(again.headers()["cache-control"], *cache, "{path}");
        assert!(again.bytes().await.unwrap().is_empty(), "{path}");

        let stale = app.client.get(app.url(path)).header("if-none-match", "\"older\"").send().await.unwrap();
        assert_eq!(stale.status(), 200, "{path}: another tag gets the file");
    }
}

/// Files and pages are answered in front of the routers and layers
/// (`web::front`): each still carries the headers every answer of the site
/// does, a page its Content-Security-Policy, and each is counted as before.
#[tokio::test]
async fn files_and_pages_carry_every_header_of_the_site_and_are_counted() {
    let app = app().await;
    // The first page reads the policy from the database, the long way.
    let first = app.get("/").await;
    assert_eq!(first.status(), 200);
    let policy_read = first.headers()["content-security-policy"].clone();
    let script = asset_in(&first.text().await.unwrap(), "src", ".js");
    let requests = [
        (reqwest::Method::GET, "/"),
        (reqwest::Method::GET, "/sculc-2025"),
        (reqwest::Method::HEAD, "/login"),
        (reqwest::Method::GET, script.as_str()),
        (reqwest::Method::HEAD, script.as_str()),
        (reqwest::Method::GET, "/favicon.svg"),
    ];
    // These are answered with the policy held in memory, twice over.
    for (method, path) in requests.iter().chain(&requests) {
        let response = app
            .client
            .request(method.clone(), app.url(path))
            .header("accept-encoding", "gzip, br")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{method} {path}");
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        assert_eq!(headers["x-frame-options"], "SAMEORIGIN", "{path}");
        let policy = headers.get("content-security-policy");
        if content_type(&response).starts_with("text/html") {
            assert_eq!(policy, Some(&policy_read), "{method} {path}: a page has the policy");
        } else {
            assert_eq!(policy, None, "{path}: only pages have a policy");
        }
    }

    let metrics = app.state.metrics.render(&app.state.passwords);
    let counted = |method: &str| {
        let series =
            format!(r#"colloquy_http_requests_total{{method="{method}",route="web app",status="200"}} "#);
        metrics.lines().find_map(|line| line.strip_prefix(&series)?.parse::<f64>().ok())
    };
    // The shell asked for first, and the GETs above.
    assert_eq!(counted("GET"), Some(9.0), "{metrics}");
    assert_eq!(counted("HEAD"), Some(4.0), "{metrics}");
}

fn brotli_decoded(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli_decompressor::Decompressor::new(bytes, 4096).read_to_end(&mut out).unwrap();
    out
}

fn gzip_decoded(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).unwrap();
    out
}

#[tokio::test]
async fn scripts_styles_and_the_shell_come_precompressed_as_the_client_accepts() {
    let app = app().await;
    // The tests' reqwest has no decoders: it sees the bytes as sent.
    let raw = reqwest::Client::new();
    let shell = shell(&app.client, &app.address).await;
    for path in [asset_in(&shell, "src", ".js"), asset_in(&shell, "href", ".css"), "/".to_owned()] {
        let plain = raw.get(app.url(&path)).send().await.unwrap();
        assert!(plain.headers().get("content-encoding").is_none(), "{path}");
        let plain_tag = plain.headers()["etag"].clone();
        let plain = plain.bytes().await.unwrap();

        let brotli =
            raw.get(app.url(&path)).header("accept-encoding", "gzip, deflate, br").send().await.unwrap();
        assert_eq!(brotli.headers()["content-encoding"], "br", "{path}");
        assert_eq!(brotli.headers()["vary"], "accept-encoding", "{path}");
        assert_ne!(brotli.headers()["etag"], plain_tag, "{path}: each encoding has its own tag");
        let brotli = brotli.bytes().await.unwrap();
        assert!(brotli.len() < plain.len(), "{path}");
        assert_eq!(brotli_decoded(&brotli), plain, "{path}");

        let gzip = raw.get(app.url(&path)).header("accept-encoding", "gzip").send().await.unwrap();
        assert_eq!(gzip.headers()["content-encoding"], "gzip", "{path}");
        let gzip = gzip.bytes().await.unwrap();
        assert!(gzip.len() < plain.len(), "{path}");
        assert_eq!(gzip_decoded(&gzip), plain, "{path}");
    }
}

#[tokio::test]
async fn an_unknown_file_is_a_plain_404_and_an_unknown_page_is_the_app_with_404() {
    let app = app().await;
    let shell = shell(&app.client, &app.address).await;
    for path in [
        "/assets/index-00000000.js",
        "/assets/",
        "/assets/no-such.css",
        "/images/no-such.jpg",
        "/favicon.ico",
        "/sculc-2025/photo.png",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert!(!response.text().await.unwrap().contains("<div id=\"root\">"), "{path}");
    }
    // The app's pages, its pages with a parameter, and the editions' pages that exist.
    for path in [
        "/login",
        "/LOGIN",
        "/login/",
        "/review/S25-001",
        "/sculc-2025",
        "/sculc-2023-program",
        "/sculc-2022-photo",
    ] {
        let page = app.get(path).await;
        assert_eq!(page.status(), 200, "{path}");
        assert!(page.headers().get("x-robots-tag").is_none(), "{path}");
        assert_eq!(page.text().await.unwrap(), shell, "{path}");
    }
    // Anything else: the app (which shows "Page not found"), as a 404 no search engine keeps.
    for path in
        ["/no-such-page/deeper", "/loginx", "/review/a/b", "/sculc-1999", "/sculc-2023-nope", "/sculc-2025-"]
    {
        let page = app.get(path).await;
        assert_eq!(page.status(), 404, "{path}");
        assert_eq!(page.headers()["x-robots-tag"], "noindex", "{path}");
        assert_eq!(page.headers()["cache-control"], "no-cache", "{path}");
        assert_eq!(page.text().await.unwrap(), shell, "{path}");
    }
    // A browser holding the shell's tag still gets the 404, not a 304 of the page it cached.
    let tag = app.get("/login").await.headers()["etag"].clone();
    let again = app.client.get(app.url("/no-such-page")).header("if-none-match", tag).send().await.unwrap();
    assert_eq!(again.status(), 404);
    let head = app.client.head(app.url("/no-such-page")).send().await.unwrap();
    assert_eq!(head.status(), 404);
    let post = app.client.post(app.url("/favicon.svg")).send().await.unwrap();
    assert_eq!(post.status(), 405);
}

#[tokio::test]
async fn the_program_pdf_answers_byte_ranges() {
    let app = app().await;
    let whole = app.get("/sculc-program.pdf").await;
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    let etag = whole.headers()["etag"].clone();
    let whole = whole.bytes().await.unwrap();
    let len = whole.len();

    let head =
        app.client.get(app.url("/sculc-program.pdf")).header("range", "bytes=0-4").send().await.unwrap();
    assert_eq!(head.status(), 206);
    assert_eq!(head.headers()["content-range"], format!("bytes 0-4/{len}").as_str());
    assert_eq!(content_type(&head), "application/pdf");
    assert_eq!(head.bytes().await.unwrap().as_ref(), b"%PDF-");

    let tail =
        app.client.get(app.url("/sculc-program.pdf")).header("range", "bytes=-100").send().await.unwrap();
    assert_eq!(tail.status(), 206);
    assert_eq!(tail.bytes().await.unwrap().as_ref(), &whole[len - 100..]);

    let resumed = app
        .client
        .get(app.url("/sculc-program.pdf"))
        .header("range", "bytes=10-")
        .header("if-range", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(resumed.status(), 206);
    assert_eq!(resumed.bytes().await.unwrap().as_ref(), &whole[10..]);

    let changed = app
        .client
        .get(app.url("/sculc-program.pdf"))
        .header("range", "bytes=10-")
        .header("if-range", "\"another-version\"")
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200, "a range of another version gets the whole file");
    assert_eq!(changed.bytes().await.unwrap().len(), len);

    let past = app
        .client
        .get(app.url("/sculc-program.pdf"))
        .header("range", format!("bytes={}-", len + 10))
        .send()
        .await
        .unwrap();
    assert_eq!(past.status(), 416);
    assert_eq!(past.headers()["content-range"], format!("bytes */{len}").as_str());
}
