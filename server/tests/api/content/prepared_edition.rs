//! Issue 37 item 6: an edition an admin prepares stays private until it is
//! announced, whichever way its pages go live: an editor's publication of
//! something else (which publishes every draft, the new edition's copied
//! pages included), a restore of a version that holds them, or an import.

use reqwest::Client;
use serde_json::{Value, json};

use super::editing::{edit, get, post, web_folder};
use super::import::{content_copy, import, text};
use crate::admin::{admin, give_role, user_id};
use crate::helpers::{TestApp, browser, spawn_app_with};
use crate::review::signed_in;

/// An app serving the repository's images and a route table (so a path
/// that is no page is a 404), an admin (`app.client`) and an editor.
async fn app_with_admin_and_editor() -> (TestApp, Client) {
    let app = spawn_app_with(axum::Router::new(), |config| {
        let dir = config.data_dir.join("web");
        web_folder(&dir);
        std::fs::write(dir.join("routes.json"), r#"{"pages": ["/"], "patterns": []}"#).unwrap();
        config.web_dir = Some(dir);
    })
    .await;
    admin(&app, "admin@example.org").await;
    let editor = signed_in(&app, "editor@example.org").await;
    give_role(&app, user_id(&app, "editor@example.org").await, "editor").await;
    (app, editor)
}

/// The admin prepares SCULC 2026: its pages start as a draft copied from 2025.
async fn prepare_2026(app: &TestApp) {
    assert_eq!(
        app.post_json("/api/admin/editions", json!({"year": 2026, "call_over_confirmed": true}))
            .await
            .status(),
        201
    );
    assert_private(app).await;
}

async fn status(path: &str, app: &TestApp) -> u16 {
    browser().get(app.url(path)).send().await.unwrap().status().as_u16()
}

async fn nav_editions(app: &TestApp) -> Value {
    get(app, &browser(), "/api/content/site").await.1["nav_editions"].clone()
}

/// Nothing of 2026 reaches a visitor: not its page, its API, its calendar or the nav.
async fn assert_private(app: &TestApp) {
    for path in ["/sculc-2026", "/api/content/editions/2026", "/api/content/editions/2026/calendar.ics"] {
        assert_eq!(status(path, app).await, 404, "{path}");
    }
    assert_eq!(nav_editions(app).await, json!([2025, 2024, 2023, 2022]));
}

/// The admin announces 2026, and its page is the one that went live.
async fn announce_and_see(app: &TestApp, says: &str) {
    assert_eq!(
        app.post_json("/api/admin/editions/2026/announce?call_over_confirmed=true", json!({})).await.status(),
        200
    );
    let (status, page) = get(app, &browser(), "/api/content/editions/2026").await;
    assert_eq!(status, 200);
    assert!(page.to_string().contains(says), "{says} in {page}");
    assert_eq!(self::status("/sculc-2026", app).await, 200);
    assert_eq!(nav_editions(app).await[0], 2026);
}

const COPIED: &str = "Copied from SCULC 2025";

#[tokio::test]
async fn an_editors_publication_leaves_a_prepared_edition_private_until_it_is_announced() {
    let (app, editor) = app_with_admin_and_editor().await;
    prepare_2026(&app).await;
    // The review's case: a one-character change to the home page.
    let (status, _) = edit(&app, &editor, "site", |site| {
        let title = site["home"]["hero_title"].as_str().unwrap().to_owned();
        site["home"]["hero_title"] = json!(format!("{title}!"));
    })
    .await;
    assert_eq!(status, 200);
    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
    assert!(published["changes"].to_string().contains("SCULC 2026 pages: added"), "{published}");
    assert_private(&app).await;
    // Editors still see what they publish.
    assert_eq!(get(&app, &editor, "/api/content/editions/2026?preview=draft").await.0, 200);

    announce_and_see(&app, COPIED).await;
}

#[tokio::test]
async fn restoring_a_version_with_a_prepared_editions_pages_leaves_them_private() {
    let (app, editor) = app_with_admin_and_editor().await;
    prepare_2026(&app).await;
    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
    let version = published["version"].as_i64().unwrap();
    // The editor takes the pages off again, then restores the version with them.
    let (_, document) = get(&app, &editor, "/api/editor/documents/edition:2026").await;
    let removal = json!({"base": document["tag"], "body": null});
    let response =
        editor.put(app.url("/api/editor/documents/edition:2026")).json(&removal).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(post(&app, &editor, "/api/editor/publish", json!({})).await.0, 200);
    let (status, restored) =
        post(&app, &editor, &format!("/api/editor/versions/{version}/restore"), json!({})).await;
    assert_eq!(status, 200, "{restored}");
    assert!(restored["changes"].to_string().contains("SCULC 2026 pages: added"), "{restored}");
    assert_private(&app).await;

    announce_and_see(&app, COPIED).await;
}

#[tokio::test]
async fn importing_a_prepared_editions_pages_leaves_them_private() {
    let (app, editor) = app_with_admin_and_editor().await;
    prepare_2026(&app).await;
    // The operator's folder holds 2026's pages, as the editors drafted them.
    let (_, document) = get(&app, &editor, "/api/editor/documents/edition:2026").await;
    let mut page = document["body"].clone();
    page["title"] = json!("SCULC 2026, imported");
    let dir = content_copy();
    std::fs::write(dir.path().join("editions/2026.toml"), toml::to_string(&page).unwrap()).unwrap();
    let output = import(&app, dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_private(&app).await;

    announce_and_see(&app, "SCULC 2026, imported").await;
}
