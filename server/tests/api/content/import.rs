//! `colloquy content import DIR`, the first start's import of the bundled
//! content, and the Content-Security-Policy that follows the content.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use colloquy::content::csp::PagePolicy;
use serde_json::Value;

use crate::helpers::{TestApp, repo_root, serve_in_background, spawn_app, spawn_app_with};

/// The `colloquy` binary on the app's database, as an operator runs it
/// beside the live server.
fn colloquy(app: &TestApp) -> Command {
    colloquy_on(app, &app.state.config.data_dir)
}

/// The binary on the app's database (PostgreSQL) or on `data_dir`'s SQLite.
pub(super) fn colloquy_on(app: &TestApp, data_dir: &Path) -> Command {
    use secrecy::ExposeSecret;
    let mut command = Command::new(env!("CARGO_BIN_EXE_colloquy"));
    command
        .arg("--data-dir")
        .arg(data_dir)
        .env_remove("DATABASE_URL")
        .env_remove("COLLOQUY_DATA_DIR")
        .env("COLLOQUY_CONFIG", data_dir.join("absent.toml"))
        .env("RUST_LOG", "warn");
    if let Some(url) = &app.state.config.database_url {
        command.env("DATABASE_URL", url.expose_secret());
    }
    command
}

pub(super) fn import(app: &TestApp, dir: &Path) -> Output {
    colloquy(app).args(["content", "import"]).arg(dir).output().expect("the binary runs")
}

pub(super) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A copy of the repository's content files in a temp folder.
pub(super) fn content_copy() -> tempfile::TempDir {
    let copy = tempfile::tempdir().unwrap();
    let source = repo_root().join("content");
    for folder in ["", "board", "editions"] {
        std::fs::create_dir_all(copy.path().join(folder)).unwrap();
        for entry in std::fs::read_dir(source.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                std::fs::copy(&path, copy.path().join(folder).join(path.file_name().unwrap())).unwrap();
            }
        }
    }
    copy
}

pub(super) fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} contains {from:?}");
    std::fs::write(&path, text.replace(from, to)).unwrap();
}

async fn json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

#[tokio::test]
async fn export_then_import_round_trips_to_identical_content() {
    let app = spawn_app().await;
    let before = app.state.db.live_documents().await.unwrap();
    let dir = content_copy();
    // A term the site no longer has: export removes its file.
    std::fs::write(dir.path().join("board/2019-2020.toml"), "term = \"2019-2020\"").unwrap();
    std::fs::write(dir.path().join("README.md"), "Our notes.").unwrap();
    let output = colloquy(&app).args(["content", "export"]).arg(dir.path()).output().unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report = text(&output.stdout);
    assert!(report.contains("board/2019-2020.toml (removed: no longer on the site)"), "{report}");
    assert!(dir.path().join("README.md").is_file(), "other files are left alone");

    let output = import(&app, dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(app.state.db.live_documents().await.unwrap(), before);
    assert_eq!(app.state.db.content_version().await.unwrap(), 2);
    let versions = app.state.db.content_versions(5).await.unwrap();
    assert_eq!((versions[0].action.as_str(), versions[0].changes.as_str()), ("import", "[]"));
}

#[tokio::test]
async fn an_image_the_site_does_not_serve_is_refused_and_nothing_changes() {
    let app = spawn_app().await;
    let dir = content_copy();
    edit(dir.path(), "site.toml", "/images/home/ipa-vowels-960.webp", "/images/home/missing.webp");
    let before = json(&app, "/api/content/site").await;
    let output = import(&app, dir.path());
    assert!(!output.status.success());
    let error = text(&output.stderr);
    assert!(
        error.contains("site.toml: Photo 1: the photo “/images/home/missing.webp” is no longer on the site"),
        "{error}"
    );
    assert_eq!(json(&app, "/api/content/site").await, before);
}

#[tokio::test]
async fn import_replaces_all_content_with_the_folders() {
    let app = spawn_app().await;
    let dir = content_copy();
    edit(dir.path(), "editions/2024.toml", "title = \"SCULC 2024\"", "title = \"SCULC 2024 (archive)\"");
    std::fs::remove_file(dir.path().join("board/2022-2023.toml")).unwrap();
    let next = std::fs::read_to_string(dir.path().join("editions/2022.toml"))
        .unwrap()
        .replace("2022", "2026")
        // The photos of 2022 stay where they are.
        .replace("/images/sculc-2026/", "/images/sculc-2022/");
    std::fs::write(dir.path().join("editions/2026.toml"), next).unwrap();

    let output = import(&app, dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let summary = text(&output.stdout);
    assert!(summary.contains("board: 2 term(s): 2024-2025, 2023-2024"), "{summary}");
    assert!(summary.contains("editions: 5 edition(s): 2026, 2025, 2024, 2023, 2022"), "{summary}");
    assert!(summary.contains("https://docs.google.com"), "{summary}");

    assert_eq!(json(&app, "/api/content/editions/2024").await["title"], "SCULC 2024 (archive)");
    assert_eq!(json(&app, "/api/content/editions/2026").await["pages"][1]["title"], "SCULC 2026 Programs");
    assert_eq!(json(&app, "/api/content/board").await["terms"].as_array().unwrap().len(), 2);
    assert_eq!(
        json(&app, "/api/content/site").await["nav_editions"],
        serde_json::json!([2026, 2025, 2024, 2023, 2022])
    );
}

#[tokio::test]
async fn a_broken_file_changes_nothing_and_is_named() {
    let app = spawn_app().await;
    let before = json(&app, "/api/content/site").await;
    let dir = content_copy();
    // A valid change and a typo: the valid change must not be applied either.
    edit(dir.path(), "site.toml", "linguistics.society@example.edu", "changed@example.edu");
    edit(dir.path(), "naclo.toml", "bring = [", "brings = [");
    edit(dir.path(), "editions/2025.toml", "date = \"2025-05-17\"", "date = \"17 May 2025\"");

    let output = import(&app, dir.path());
    assert!(!output.status.success());
    let errors = text(&output.stderr);
    assert!(errors.contains("nothing was imported"), "{errors}");
    assert!(errors.contains("naclo.toml: ") && errors.contains("unknown field `brings`"), "{errors}");
    assert!(
        errors.contains(
            "editions/2025.toml: Event: write the date “17 May 2025” as year-month-day, like 2026-02-14"
        ),
        "{errors}"
    );
    assert!(!errors.contains("site.toml:"), "the valid file is not blamed: {errors}");
    assert_eq!(json(&app, "/api/content/site").await, before);
    assert_eq!(json(&app, "/api/content/naclo").await["bring"][0], "A black pen");

    let missing = import(&app, &dir.path().join("no-such-folder"));
    assert!(!missing.status.success());
    assert!(text(&missing.stderr).contains("no-such-folder: is not a folder"));
}

#[tokio::test]
async fn a_restart_keeps_imported_content_and_a_fresh_database_gets_the_bundled_content() {
    let app = spawn_app().await;
    let bundled: Value =
        toml::from_str::<Value>(&std::fs::read_to_string(repo_root().join("content/naclo.toml")).unwrap())
            .unwrap();
    assert_eq!(json(&app, "/api/content/naclo").await, bundled, "first start stored the bundled content");

    let dir = content_copy();
    edit(dir.path(), "naclo.toml", "title = \"NACLO\"", "title = \"NACLO 2025\"");
    assert!(import(&app, dir.path()).status.success());
    // A second start on the same database (as after a deploy) leaves the
    // imported content alone.
    colloquy::prepare((*app.state.config).clone()).await.unwrap();
    assert_eq!(json(&app, "/api/content/naclo").await["title"], "NACLO 2025");
}

#[tokio::test]
async fn a_server_started_away_from_the_repository_serves_the_content_built_in() {
    let app = spawn_app().await;
    let elsewhere = tempfile::tempdir().unwrap();
    // A fresh data folder (SQLite) or the app's database emptied (PostgreSQL).
    let mut server = colloquy_on(&app, &elsewhere.path().join("data"));
    if app.state.config.database_url.is_some() {
        colloquy::on_db!(&app.state.db, |pool| {
            sqlx::query("DELETE FROM content_documents").execute(pool).await.unwrap();
        });
    }
    let mut server = server
        .args(["serve", "--listen", "127.0.0.1:0"])
        .current_dir(elsewhere.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line.trim().strip_prefix("colloquy is serving the site at ").unwrap().to_owned();
    let board: Value =
        reqwest::get(format!("{address}/api/content/board")).await.unwrap().json().await.unwrap();
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(board["terms"][0]["term"], "2024-2025");
}

const INDEX: &str = "<!doctype html><title>colloquy</title><div id=\"root\"></div>";

pub(super) fn policy(frame_src: &str) -> String {
    format!(
        "default-src 'self'; img-src 'self' data:; frame-src {frame_src}; object-src 'none'; base-uri 'self'; \
         frame-ancestors 'self'; form-action 'self'"
    )
}

/// An app whose web folder holds only a page shell, so its pages carry the CSP.
pub(super) async fn app_with_page_shell() -> TestApp {
    spawn_app_with(axum::Router::new(), |config| {
        let web_dir = config.data_dir.join("web-dist");
        std::fs::create_dir_all(&web_dir).unwrap();
        std::fs::write(web_dir.join("index.html"), INDEX).unwrap();
        config.web_dir = Some(web_dir);
    })
    .await
}

#[tokio::test]
async fn the_pages_csp_allows_exactly_the_contents_embed_origins_and_follows_an_import() {
    let app = app_with_page_shell().await;
    for path in ["/", "/sculc-2025", "/naclo"] {
        let response = app.get(path).await;
        assert_eq!(
            response.headers()["content-security-policy"],
            policy("'self' https://docs.google.com").as_str(),
            "{path}"
        );
    }

    let dir = content_copy();
    edit(
        dir.path(),
        "naclo.toml",
        "https://docs.google.com/forms/d/e/SAMPLE-REPLACE-NACLO-ATTENDANCE/viewform?embedded=true",
        "https://forms.office.com/Pages/ResponsePage.aspx?id=SAMPLE",
    );
    edit(
        dir.path(),
        "editions/2024.toml",
        "src = \"https://docs.google.com/presentation/d/SAMPLE-REPLACE-SCULC-2024-SLIDES/embed\"\nkind = \"slides\"",
        "src = \"https://www.youtube-nocookie.com/embed/SAMPLE\"\nkind = \"video\"",
    );
    assert!(import(&app, dir.path()).status.success());
    let imported =
        policy("'self' https://docs.google.com https://forms.office.com https://www.youtube-nocookie.com");
    assert_eq!(settled_policy(&app.client, &app.url("/sculc-2024"), &imported).await, imported);
}

/// The page's policy once it has become `expected`, or what it still is
/// after every instance should have read the database again.
pub(super) async fn settled_policy(client: &reqwest::Client, url: &str, expected: &str) -> String {
    let deadline = std::time::Instant::now() + PagePolicy::FRESH + std::time::Duration::from_secs(4);
    loop {
        let response = client.get(url).send().await.unwrap();
        let value = response.headers()["content-security-policy"].to_str().unwrap().to_owned();
        if value == expected || std::time::Instant::now() > deadline {
            return value;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Another instance of the site on `app`'s database, as behind a load
/// balancer: its own process state, the same data.
pub(super) async fn second_instance(app: &TestApp) -> String {
    let state = colloquy::prepare((*app.state.config).clone()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    serve_in_background(listener, state, axum::Router::new())
}

#[tokio::test]
async fn an_import_reaches_the_pages_of_every_instance_though_each_keeps_the_policy_in_memory() {
    let app = app_with_page_shell().await;
    let instances = [app.address.clone(), second_instance(&app).await];
    let before = policy("'self' https://docs.google.com");
    for address in &instances {
        // Each instance has read the policy and keeps it.
        let response = app.client.get(format!("{address}/sculc-2025")).send().await.unwrap();
        assert_eq!(response.headers()["content-security-policy"], before.as_str(), "{address}");
    }

    let dir = content_copy();
    edit(
        dir.path(),
        "naclo.toml",
        "https://docs.google.com/forms/d/e/SAMPLE-REPLACE-NACLO-ATTENDANCE/viewform?embedded=true",
        "https://forms.office.com/Pages/ResponsePage.aspx?id=SAMPLE",
    );
    assert!(import(&app, dir.path()).status.success());
    let after = policy("'self' https://docs.google.com https://forms.office.com");
    for address in &instances {
        let url = format!("{address}/naclo");
        assert_eq!(settled_policy(&app.client, &url, &after).await, after, "{address}");
    }
}

#[tokio::test]
async fn a_symbolic_link_anywhere_in_the_folder_is_refused_without_quoting_what_it_reaches() {
    let app = spawn_app().await;
    let before = app.state.db.content_version().await.unwrap();
    // A file outside the folder that would not parse as a NACLO page: the
    // parser's message would quote its line.
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secrets.toml");
    std::fs::write(&secret, "password = \"hunter2-from-outside\"\n").unwrap();
    for link in ["naclo.toml", "board/2030-2031.toml", "images/old/notes.toml", "editions"] {
        let dir = content_copy();
        let at = dir.path().join(link);
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        if at.is_dir() {
            std::fs::remove_dir_all(&at).unwrap();
        } else if at.exists() {
            std::fs::remove_file(&at).unwrap();
        }
        let target = if link == "editions" { outside.path() } else { secret.as_path() };
        std::os::unix::fs::symlink(target, &at).unwrap();
        let output = import(&app, dir.path());
        assert!(!output.status.success(), "{link}");
        let error = text(&output.stderr);
        assert!(error.contains(&format!("{link}: is a symbolic link")), "{error}");
        assert!(error.contains("nothing was imported"), "{error}");
        assert!(!error.contains("hunter2") && !error.contains("password"), "{error}");
    }
    assert_eq!(app.state.db.content_version().await.unwrap(), before);
}

#[tokio::test]
async fn an_oversized_page_and_a_hundred_and_first_page_are_refused_and_nothing_changes() {
    let app = spawn_app().await;
    let before = app.state.db.live_documents().await.unwrap();
    let version = app.state.db.content_version().await.unwrap();

    // 600 KB of title: under the file's bound, over the page's.
    let dir = content_copy();
    edit(dir.path(), "naclo.toml", "title = \"NACLO\"", &format!("title = \"{}\"", "N".repeat(600 * 1024)));
    let error = text(&import(&app, dir.path()).stderr);
    assert!(error.contains("naclo.toml: This page is too long (60"), "{error}");
    assert!(error.contains("KB; at most 512 KB)"), "{error}");
    // 2 MB: refused before it is read.
    edit(dir.path(), "naclo.toml", "NNNN\"", &format!("{}\"", "N".repeat(1500 * 1024)));
    let error = text(&import(&app, dir.path()).stderr);
    assert!(error.contains("naclo.toml: is 2") && error.contains("it may be at most 1024 KB"), "{error}");

    // 9 pages and 92 more board terms.
    let dir = content_copy();
    let term = std::fs::read_to_string(dir.path().join("board/2024-2025.toml")).unwrap();
    for year in 1900..1992 {
        let name = format!("{year}-{}", year + 1);
        std::fs::write(dir.path().join(format!("board/{name}.toml")), term.replace("2024-2025", &name))
            .unwrap();
    }
    let output = import(&app, dir.path());
    assert!(!output.status.success());
    let error = text(&output.stderr);
    assert!(error.contains("The whole site: The site would have 101 pages"), "{error}");
    assert!(error.contains("at most 100"), "{error}");
    assert_eq!(app.state.db.live_documents().await.unwrap(), before);
    assert_eq!(app.state.db.content_version().await.unwrap(), version);
}
