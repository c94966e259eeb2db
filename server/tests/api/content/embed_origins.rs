//! Issue 37 item 1: an embed's origin goes into every page's
//! Content-Security-Policy, so an address that could end `frame-src` and
//! start another directive (`https://a;frame-ancestors/x`), or widen it
//! (`https://*/x`), is refused by every way content goes live, naming the
//! embed; and one an older release stored is left out of the header.

use serde_json::{Value, json};

use super::editing::{app_with_editor, edit as edit_draft, post, refused};
use super::import::{app_with_page_shell, content_copy, edit, import, policy, settled_policy, text};
use crate::helpers::{TestApp, browser};

const INJECTED: &str = "https://a;frame-ancestors/x";
const SANDBOX: &str = "https://a;sandbox";
const WILDCARD: &str = "https://*/x";
const NACLO_FORM: &str =
    "https://docs.google.com/forms/d/e/SAMPLE-REPLACE-NACLO-ATTENDANCE/viewform?embedded=true";
const TALK_2: &str = "https://docs.google.com/presentation/d/SAMPLE-REPLACE-SCULC-2025-TALK-2/embed";

/// What publication says of the NACLO form at `src`.
fn naclo_form_refused(src: &str) -> String {
    format!(
        "On the NACLO page, the attendance form “NACLO attendance form”: its address {src:?} cannot be embedded."
    )
}

/// What publication says of the second talk's slides at `src`.
fn talk_refused(src: &str) -> String {
    format!(
        "On the page “SCULC 2025”, in the section “Presentations”, the embed “Presentation 2 (sample): slides” \
         (embed 3 on the page): its address {src:?} cannot be embedded."
    )
}

/// Sets the address of the embed titled `title` in an edition's pages.
fn set_embed(edition: &mut Value, title: &str, src: &str) {
    let embed = edition["pages"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .flat_map(|page| page["sections"].as_array_mut().unwrap().iter_mut())
        .flat_map(|section| section["blocks"].as_array_mut().unwrap().iter_mut())
        .find(|block| block["type"] == "embed" && block["title"] == title)
        .unwrap_or_else(|| panic!("an embed titled {title}"));
    embed["src"] = json!(src);
}

#[tokio::test]
async fn an_injected_or_wildcard_origin_is_refused_at_publication_naming_the_embed() {
    let (app, editor) = app_with_editor().await;
    for attack in [INJECTED, SANDBOX] {
        refused(&app, &editor, "naclo", "naclo.toml", &naclo_form_refused(attack), |naclo| {
            naclo["form"]["src"] = json!(attack);
        })
        .await;
    }
    refused(&app, &editor, "edition:2025", "editions/2025.toml", &talk_refused(WILDCARD), |edition| {
        set_embed(edition, "Presentation 2 (sample): slides", WILDCARD);
    })
    .await;

    // A plain origin, international name and port included, is published.
    let (status, _) = edit_draft(&app, &editor, "naclo", |naclo| {
        naclo["form"]["src"] = json!("https://bücher.example:8443/f")
    })
    .await;
    assert_eq!(status, 200);
    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
}

/// Makes version 1 of the history hold `from` replaced by `to`, as a
/// release before issue 37 could have stored it.
async fn old_version_with(app: &TestApp, from: &str, to: &str) {
    let changed = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "UPDATE content_bodies SET body = REPLACE(body, $1, $2) WHERE body LIKE '%' || $1 || '%' \
             AND sha256 IN (SELECT body_sha256 FROM content_version_documents WHERE version_id = 1)",
        )
        .bind(from)
        .bind(to)
        .execute(pool)
        .await
        .unwrap()
        .rows_affected()
    });
    assert_eq!(changed, 1);
}

#[tokio::test]
async fn restoring_a_version_with_an_injected_origin_is_refused_and_changes_nothing() {
    let (app, editor) = app_with_editor().await;
    edit_draft(&app, &editor, "site", |site| site["home"]["hero_title"] = json!("Version 2")).await;
    assert_eq!(post(&app, &editor, "/api/editor/publish", json!({})).await.0, 200);
    old_version_with(&app, NACLO_FORM, INJECTED).await;
    old_version_with(&app, TALK_2, WILDCARD).await;
    let site = browser().get(app.url("/api/content/site")).send().await.unwrap().text().await.unwrap();

    let (status, answer) = post(&app, &editor, "/api/editor/versions/1/restore", json!({})).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["fields"]["naclo.toml"][0], naclo_form_refused(INJECTED).as_str().to_owned() + SUFFIX);
    let problems = answer["fields"]["editions/2025.toml"].as_array().unwrap();
    assert!(
        problems.iter().any(|p| p.as_str().unwrap().starts_with(&talk_refused(WILDCARD))),
        "{problems:?}"
    );
    assert_eq!(app.state.db.content_version().await.unwrap(), 2);
    let after = browser().get(app.url("/api/content/site")).send().await.unwrap().text().await.unwrap();
    assert_eq!(after, site);
}

/// How every refusal of an origin goes on, after naming the embed.
const SUFFIX: &str = " After https:// must come the site's name, in lowercase letters, digits, hyphens and dots \
                      (perhaps with :port), then / and the rest of the address; no user name, *, quote, comma, \
                      semicolon or space.";

#[tokio::test]
async fn importing_an_injected_or_wildcard_origin_is_refused_naming_the_embed() {
    let app = app_with_page_shell().await;
    let before = policy("'self' https://docs.google.com");
    let dir = content_copy();
    edit(dir.path(), "naclo.toml", NACLO_FORM, INJECTED);
    edit(dir.path(), "editions/2025.toml", TALK_2, WILDCARD);
    let output = import(&app, dir.path());
    assert!(!output.status.success());
    let errors = text(&output.stderr);
    assert!(errors.contains(&format!("naclo.toml: {}", naclo_form_refused(INJECTED))), "{errors}");
    assert!(errors.contains(&format!("editions/2025.toml: {}", talk_refused(WILDCARD))), "{errors}");
    assert_eq!(app.state.db.content_version().await.unwrap(), 1);
    let response = app.get("/naclo").await;
    assert_eq!(response.headers()["content-security-policy"], before.as_str());
}

#[tokio::test]
async fn an_origin_an_older_release_stored_is_left_out_of_the_header_and_the_site_still_renders() {
    let app = app_with_page_shell().await;
    // As a release before issue 37 stored an editor's embeds: the form's
    // address in the page, its "origin" in the policy.
    let stored = json!([
        "https://*",
        "https://a;frame-ancestors",
        "https://docs.google.com",
        "https://forms.office.com"
    ]);
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE content_documents SET body = $1 WHERE kind = 'policy' AND key = 'frame-src'")
            .bind(stored.to_string())
            .execute(pool)
            .await
            .unwrap();
        sqlx::query("UPDATE content_documents SET body = REPLACE(body, $1, $2) WHERE kind = 'naclo'")
            .bind(NACLO_FORM)
            .bind(INJECTED)
            .execute(pool)
            .await
            .unwrap();
    });
    // A restart checks them again and starts.
    colloquy::prepare((*app.state.config).clone()).await.expect("the app starts");

    let expected = policy("'self' https://docs.google.com https://forms.office.com");
    assert_eq!(settled_policy(&browser(), &app.url("/naclo"), &expected).await, expected);
    for path in ["/", "/naclo", "/sculc-2025"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["content-security-policy"], expected.as_str(), "{path}");
    }
    let naclo = app.get("/api/content/naclo").await;
    assert_eq!(naclo.status(), 200);
    assert_eq!(naclo.json::<Value>().await.unwrap()["form"]["src"], INJECTED);
}
