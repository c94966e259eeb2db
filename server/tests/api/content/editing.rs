//! Editing the site in the browser (issue 24): the editor role, drafts,
//! preview, publication with the import's checks, concurrent edits,
//! propagation to another instance, history and restore.

use std::path::Path;
use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::{Value, json};

use crate::admin::{admin, audit_entries, give_role, user_id};
use crate::helpers::{TestApp, browser, repo_root, serve_in_background, spawn_app_with};
use crate::review::signed_in;

/// A web app folder with the repository's public images, so publication
/// can tell an image the site serves from one it does not.
pub(super) fn web_folder(dir: &Path) {
    let images = dir.join("images");
    copy_dir(&repo_root().join("web/public/images"), &images);
    std::fs::write(dir.join("index.html"), "<!doctype html><title>colloquy</title>").unwrap();
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// An app serving the repository's images, and a signed-in editor.
pub(super) async fn app_with_editor() -> (TestApp, Client) {
    let app = spawn_app_with(axum::Router::new(), |config| {
        let dir = config.data_dir.join("web");
        web_folder(&dir);
        config.web_dir = Some(dir);
    })
    .await;
    let editor = signed_in(&app, "editor@example.org").await;
    give_role(&app, user_id(&app, "editor@example.org").await, "editor").await;
    (app, editor)
}

pub(super) async fn get(app: &TestApp, client: &Client, path: &str) -> (u16, Value) {
    let response = client.get(app.url(path)).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn put(app: &TestApp, client: &Client, path: &str, body: Value) -> (u16, Value) {
    let response = client.put(app.url(path)).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(super) async fn post(app: &TestApp, client: &Client, path: &str, body: Value) -> (u16, Value) {
    let response = client.post(app.url(path)).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Reads a document, changes it with `edit` and saves the draft.
pub(super) async fn edit(
    app: &TestApp,
    client: &Client,
    id: &str,
    change: impl FnOnce(&mut Value),
) -> (u16, Value) {
    let (status, document) = get(app, client, &format!("/api/editor/documents/{id}")).await;
    assert_eq!(status, 200, "{document}");
    let mut body = document["body"].clone();
    change(&mut body);
    put(app, client, &format!("/api/editor/documents/{id}"), json!({"base": document["tag"], "body": body}))
        .await
}

async fn public_description(app: &TestApp) -> Value {
    let (status, site) = get(app, &browser(), "/api/content/site").await;
    assert_eq!(status, 200);
    site["home"]["description"].clone()
}

#[tokio::test]
async fn editors_edit_content_and_nothing_else() {
    let (app, editor) = app_with_editor().await;
    let visitor = browser();
    let user = signed_in(&app, "user@example.org").await;
    let reviewer = signed_in(&app, "reviewer@example.org").await;
    give_role(&app, user_id(&app, "reviewer@example.org").await, "reviewer").await;
    admin(&app, "admin@example.org").await;

    let editor_reads = [
        "/api/editor/content",
        "/api/editor/documents/site",
        "/api/editor/versions",
        "/api/content/site?preview=draft",
        "/api/content/board?preview=1",
    ];
    for path in editor_reads {
        assert_eq!(get(&app, &visitor, path).await.0, 401, "visitor {path}");
        assert_eq!(get(&app, &user, path).await.0, 403, "user {path}");
        assert_eq!(get(&app, &reviewer, path).await.0, 403, "reviewer {path}");
        assert_eq!(get(&app, &editor, path).await.0, 200, "editor {path}");
        assert_eq!(get(&app, &app.client, path).await.0, 200, "admin {path}");
    }
    let writes =
        [("/api/editor/publish", json!({})), ("/api/editor/board-terms", json!({"term": "2031-2032"}))];
    for (path, body) in &writes {
        assert_eq!(post(&app, &visitor, path, body.clone()).await.0, 401, "visitor {path}");
        assert_eq!(post(&app, &user, path, body.clone()).await.0, 403, "user {path}");
    }
    let save = json!({"base": "absent", "body": null});
    assert_eq!(put(&app, &user, "/api/editor/documents/board:2024-2025", save.clone()).await.0, 403);
    assert_eq!(put(&app, &visitor, "/api/editor/documents/board:2024-2025", save).await.0, 401);

    // Editors see no submissions, reviews, users or the activity log.
    for path in
        ["/api/admin/users", "/api/admin/audit", "/api/admin/outbox", "/api/admin/editions", "/api/review"]
    {
        assert_eq!(get(&app, &editor, path).await.0, 403, "editor {path}");
    }

    // Admins grant the role from the user table, and the log says so.
    let id = user_id(&app, "user@example.org").await;
    let response =
        app.client.put(app.url(&format!("/api/admin/users/{id}/roles/editor"))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let row: Value = response.json().await.unwrap();
    assert!(row["roles"].as_array().unwrap().contains(&json!("editor")), "{row}");
    assert_eq!(get(&app, &user, "/api/editor/content").await.0, 200);
    assert!(audit_entries(&app).await.iter().any(|(action, _)| action == "editor.granted"));
}

#[tokio::test]
async fn a_draft_is_private_until_published_then_live_with_its_history() {
    let (app, editor) = app_with_editor().await;
    let before = public_description(&app).await;
    let (status, saved) = edit(&app, &editor, "site", |site| {
        site["home"]["description"][0] = json!("We now meet on Thursdays.");
    })
    .await;
    assert_eq!(status, 200, "{saved}");

    // Visitors still see the live text; the editor's preview shows the draft.
    assert_eq!(public_description(&app).await, before);
    let response = editor.get(app.url("/api/content/site?preview=draft")).send().await.unwrap();
    assert_eq!(response.headers()["cache-control"], "private, no-store");
    let preview: Value = response.json().await.unwrap();
    assert_eq!(preview["home"]["description"][0], "We now meet on Thursdays.");
    let (_, overview) = get(&app, &editor, "/api/editor/content").await;
    assert_eq!(overview["unpublished"], 1);
    assert!(
        overview["documents"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["id"] == "site" && d["state"] == "changed")
    );

    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
    assert_eq!(published["version"], 2);
    assert_eq!(published["changes"], json!(["Home: description changed"]));
    assert_eq!(public_description(&app).await[0], "We now meet on Thursdays.");

    // Nothing left to publish; the history has both versions, the new one live.
    let (status, nothing) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!((status, nothing["code"].as_str()), (409, Some("nothing_to_publish")));
    let (_, versions) = get(&app, &editor, "/api/editor/versions").await;
    let versions = versions.as_array().unwrap();
    assert_eq!(versions.len(), 2);
    assert_eq!((versions[0]["id"].as_i64(), versions[0]["live"].as_bool()), (Some(2), Some(true)));
    assert_eq!(versions[0]["published_by"], "Ada Lovelace");
    assert!(versions[0]["published_at"].as_str().is_some_and(|at| at.parse::<jiff::Timestamp>().is_ok()));
    assert_eq!(versions[1]["action"], "baseline");

    // The previous version previews and restores in one step, as a new version.
    for missing in ["99", "abc"] {
        assert_eq!(
            get(&app, &editor, &format!("/api/content/site?preview={missing}")).await.0,
            404,
            "{missing}"
        );
    }
    let (_, old) = get(&app, &editor, "/api/content/site?preview=1").await;
    assert_eq!(old["home"]["description"], before);
    let (status, restored) = post(&app, &editor, "/api/editor/versions/1/restore", json!({})).await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(restored["version"], 3);
    assert_eq!(public_description(&app).await, before);
    let (_, versions) = get(&app, &editor, "/api/editor/versions").await;
    assert_eq!(
        (versions[0]["action"].as_str(), versions[0]["restored_from"].as_i64()),
        (Some("restore"), Some(1))
    );
    admin(&app, "admin@example.org").await;
    let entries = audit_entries(&app).await;
    assert!(
        entries
            .iter()
            .any(|(action, summary)| action == "content.published" && summary.contains("version 2"))
    );
    assert!(
        entries.iter().any(|(action, summary)| action == "content.restored" && summary.contains("version 1"))
    );
}

/// Saves `change` as a draft, whose save already lists a problem
/// containing `says` (the draft is kept), then checks publication is
/// refused with that problem under `file`, and nothing changed.
pub(super) async fn refused(
    app: &TestApp,
    editor: &Client,
    id: &str,
    file: &str,
    says: &str,
    change: impl FnOnce(&mut Value),
) {
    let live = get(app, &browser(), "/api/content/board").await.1;
    let site = get(app, &browser(), "/api/content/site").await.1;
    let naclo = get(app, &browser(), "/api/content/naclo").await.1;
    let (status, saved) = edit(app, editor, id, change).await;
    assert_eq!(status, 200, "{saved}");
    let at_save = saved["problems"].as_array().unwrap_or_else(|| panic!("problems in {saved}"));
    assert!(at_save.iter().any(|p| p["message"].as_str().unwrap().contains(says)), "{says} in {at_save:?}");
    let (status, answer) = post(app, editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 422, "{answer}");
    let problems = answer["fields"][file].as_array().unwrap_or_else(|| panic!("{file} in {answer}"));
    assert!(problems.iter().any(|p| p.as_str().unwrap().contains(says)), "{says} in {problems:?}");
    assert_eq!(get(app, &browser(), "/api/content/board").await.1, live);
    assert_eq!(get(app, &browser(), "/api/content/site").await.1, site);
    assert_eq!(get(app, &browser(), "/api/content/naclo").await.1, naclo);
    assert_eq!(app.state.db.content_version().await.unwrap(), 1);
    let response = editor.delete(app.url(&format!("/api/editor/documents/{id}/draft"))).send().await.unwrap();
    assert_eq!(response.status(), 204);
}

#[tokio::test]
async fn every_check_of_an_import_refuses_a_bad_publication_and_changes_nothing() {
    let (app, editor) = app_with_editor().await;
    refused(&app, &editor, "site", "site.toml", "is no longer on the site", |site| {
        site["gallery"][0]["original"] = json!("/images/carousel/not-there.jpg");
    })
    .await;
    refused(&app, &editor, "naclo", "naclo.toml", "https://", |naclo| {
        naclo["form"]["src"] = json!("http://forms.example.org/naclo");
    })
    .await;
    refused(&app, &editor, "edition:2025", "editions/2025.toml", "is a Sunday", |edition| {
        edition["title"] = json!("SCULC 2025, Saturday 18 May 2025");
    })
    .await;
    refused(
        &app,
        &editor,
        "board:2024-2025",
        "board/2024-2025.toml",
        "Member 1: every member needs a name",
        |term| {
            term["members"][0]["name"] = json!(" ");
        },
    )
    .await;

    // An unknown field is refused at the save already, in words (the form builds none).
    let (status, answer) = edit(&app, &editor, "naclo", |naclo| naclo["colour"] = json!("red")).await;
    assert_eq!(status, 422, "{answer}");
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("not those of this kind of page") && !error.contains('`'), "{answer}");
    let (_, overview) = get(&app, &editor, "/api/editor/content").await;
    assert_eq!(overview["unpublished"], 0);
}

#[tokio::test]
async fn the_api_document_describes_every_kind_of_content_the_editor_builds_a_form_for() {
    let (app, _) = app_with_editor().await;
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    for kind in ["SiteFile", "Naclo", "BoardTerm", "EditionPage"] {
        assert!(document["components"]["schemas"][kind].is_object(), "{kind}");
    }
}

#[tokio::test]
async fn two_editors_saving_one_page_at_once_get_one_save_and_one_conflict() {
    let (app, first) = app_with_editor().await;
    let second = signed_in(&app, "second@example.org").await;
    give_role(&app, user_id(&app, "second@example.org").await, "editor").await;
    let (_, document) = get(&app, &first, "/api/editor/documents/naclo").await;
    let save = |client: Client, title: &'static str| {
        let mut body = document["body"].clone();
        body["title"] = json!(title);
        let url = app.url("/api/editor/documents/naclo");
        let request = json!({"base": document["tag"], "body": body});
        async move { client.put(url).json(&request).send().await.unwrap() }
    };
    let (a, b) =
        tokio::join!(save(first.clone(), "NACLO by the first"), save(second.clone(), "NACLO by the second"));
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409]);
    let loser = if a.status() == 409 { a } else { b };
    let refusal: Value = loser.json().await.unwrap();
    assert_eq!(refusal["code"], "edit_conflict");
    assert!(refusal["error"].as_str().unwrap().contains("Reload"), "{refusal}");

    // The winner's text is the draft, whole.
    let (_, now) = get(&app, &first, "/api/editor/documents/naclo").await;
    let title = now["body"]["title"].as_str().unwrap();
    assert!(title == "NACLO by the first" || title == "NACLO by the second");
    assert_ne!(now["tag"], document["tag"]);
}

#[tokio::test]
async fn a_second_instance_serves_a_publication_within_two_seconds() {
    let (app, editor) = app_with_editor().await;
    let second_state = colloquy::prepare(app.state.config.as_ref().clone()).await.expect("a second instance");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let second = serve_in_background(listener, second_state, axum::Router::new());
    let read_second = || async {
        let site: Value =
            browser().get(format!("{second}/api/content/site")).send().await.unwrap().json().await.unwrap();
        site["home"]["hero_title"].clone()
    };
    assert_ne!(read_second().await, "Published on the first");

    edit(&app, &editor, "site", |site| site["home"]["hero_title"] = json!("Published on the first")).await;
    let (status, _) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200);
    let published = Instant::now();
    while read_second().await != "Published on the first" {
        assert!(
            published.elapsed() < Duration::from_secs(2),
            "the second instance still serves the old text"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_pages_csp_follows_a_publication_and_a_restore_on_every_instance() {
    use super::import::{policy, second_instance, settled_policy};
    let (app, editor) = app_with_editor().await;
    let instances = [app.address.clone(), second_instance(&app).await];
    let before = policy("'self' https://docs.google.com");
    for address in &instances {
        let response = browser().get(format!("{address}/naclo")).send().await.unwrap();
        assert_eq!(response.headers()["content-security-policy"], before.as_str(), "{address}");
    }

    let form = "https://forms.office.com/Pages/ResponsePage.aspx?id=SAMPLE";
    let (status, _) = edit(&app, &editor, "naclo", |naclo| naclo["form"]["src"] = json!(form)).await;
    assert_eq!(status, 200);
    // A draft changes nothing for visitors' pages, once every instance has read the policy again.
    tokio::time::sleep(colloquy::content::csp::PagePolicy::FRESH + Duration::from_millis(300)).await;
    let response = browser().get(format!("{}/naclo", instances[1])).send().await.unwrap();
    assert_eq!(response.headers()["content-security-policy"], before.as_str());
    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
    // Google stays: the editions' pages embed its slides and forms.
    let after = policy("'self' https://docs.google.com https://forms.office.com");
    for address in &instances {
        assert_eq!(settled_policy(&browser(), &format!("{address}/naclo"), &after).await, after, "{address}");
    }

    let (status, restored) = post(&app, &editor, "/api/editor/versions/1/restore", json!({})).await;
    assert_eq!(status, 200, "{restored}");
    for address in &instances {
        assert_eq!(
            settled_policy(&browser(), &format!("{address}/naclo"), &before).await,
            before,
            "{address}"
        );
    }
}

#[tokio::test]
async fn a_new_board_term_starts_from_the_roles_and_needs_names_before_it_publishes() {
    let (app, editor) = app_with_editor().await;
    let (status, _) = post(&app, &editor, "/api/editor/board-terms", json!({"term": "2025-2026"})).await;
    assert_eq!(status, 201);
    let (_, term) = get(&app, &editor, "/api/editor/documents/board:2025-2026").await;
    let (_, live) = get(&app, &browser(), "/api/content/board").await;
    let roles = |term: &Value| -> Vec<Value> {
        term["members"].as_array().unwrap().iter().map(|m| m["role"].clone()).collect()
    };
    assert_eq!(roles(&term["body"]), roles(&live["terms"][0]));
    assert!(term["body"]["members"].as_array().unwrap().iter().all(|m| m["name"] == ""));
    assert_eq!(term["state"], "added");

    assert_eq!(post(&app, &editor, "/api/editor/board-terms", json!({"term": "2025-2026"})).await.0, 409);
    assert_eq!(post(&app, &editor, "/api/editor/board-terms", json!({"term": "2025-2027"})).await.0, 422);
    let (status, _) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 422, "empty names are not published");

    edit(&app, &editor, "board:2025-2026", |term| {
        for (i, member) in term["members"].as_array_mut().unwrap().iter_mut().enumerate() {
            member["name"] = json!(format!("Officer {i}"));
        }
    })
    .await;
    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
    assert_eq!(published["changes"], json!(["Board 2025–2026: added"]));
    let (_, board) = get(&app, &browser(), "/api/content/board").await;
    assert_eq!(board["terms"][0]["term"], "2025-2026");
    assert_eq!(board["terms"][0]["members"][0]["name"], "Officer 0");
}

#[tokio::test]
async fn a_page_longer_than_512_kb_is_refused_and_nothing_changes() {
    let (app, editor) = app_with_editor().await;
    // 18 bytes × 30,000: 527 KB of description.
    let (status, answer) = edit(&app, &editor, "site", |site| {
        site["home"]["description"] = json!(["A long paragraph. ".repeat(30_000)]);
    })
    .await;
    assert_eq!(status, 413, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("at most 512 KB"), "{answer}");
    let (_, overview) = get(&app, &editor, "/api/editor/content").await;
    assert_eq!(overview["unpublished"], 0);

    // A long page under the limit (450 KB) is saved.
    let (status, answer) = edit(&app, &editor, "site", |site| {
        site["home"]["description"] = json!(["A long paragraph. ".repeat(25_000)]);
    })
    .await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn draft_saves_are_limited_per_editor_even_all_at_once() {
    let (app, editor) = app_with_editor().await;
    let (_, document) = get(&app, &editor, "/api/editor/documents/naclo").await;
    let max = usize::try_from(colloquy::content::editing::DRAFT_SAVES_PER_HOUR.max).unwrap();
    let saves = (0..=max).map(|n| {
        let mut body = document["body"].clone();
        body["title"] = json!(format!("NACLO {n}"));
        put(&app, &editor, "/api/editor/documents/naclo", json!({"base": document["tag"], "body": body}))
    });
    let statuses: Vec<u16> =
        futures_util::future::join_all(saves).await.into_iter().map(|(s, _)| s).collect();
    let count = |status: u16| statuses.iter().filter(|s| **s == status).count();
    // One more than the limit: that one is refused; of the others, all from
    // one reading of the page, one is saved and the rest are told of it.
    assert_eq!((count(429), count(200), count(409)), (1, 1, max - 1), "{statuses:?}");

    // The limit is the editor's: another editor saves.
    let other = signed_in(&app, "other@example.org").await;
    give_role(&app, user_id(&app, "other@example.org").await, "editor").await;
    let (status, answer) = edit(&app, &other, "naclo", |naclo| naclo["title"] = json!("NACLO again")).await;
    assert_eq!(status, 200, "{answer}");
}
