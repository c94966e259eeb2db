//! Archives keep what happened (issue 25 item 2): each edition's published
//! program at its own addresses, which opening the next edition leaves as
//! they were; `/sculc-program.pdf` the current edition's; one
//! publication's PDF at a versioned, immutable URL; the shared names never
//! stale after a new publication.

use serde_json::json;

use super::publish::pdf_text;
use super::*;
use crate::admin::{json as body, put_json};

async fn bytes(app: &TestApp, path: &str) -> (u16, Vec<u8>) {
    let response = as_visitor(app, path).await;
    (response.status().as_u16(), response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn opening_2026_changes_nothing_about_how_2025_reads() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Morphology", "09:00", "10:00", "Room 2")).await;
    let talk = confirmed(&app, "a@example.org", "Reduplication", "talk").await;
    place(&app, talks, &[talk]).await;
    publish(&app).await;

    let program_2025 = body(as_visitor(&app, "/api/program/2025").await).await;
    let versioned = program_2025["pdf_url"].as_str().unwrap().to_owned();
    assert!(versioned.starts_with("/sculc-2025/program-") && versioned.ends_with(".pdf"), "{versioned}");
    assert_eq!(program_2025["edition_pdf_url"], "/sculc-2025/program.pdf");
    let (status, pdf_2025) = bytes(&app, &versioned).await;
    assert_eq!(status, 200);
    assert!(pdf_text(&pdf_2025).1.contains("Reduplication"));
    assert_eq!(bytes(&app, "/sculc-2025/program.pdf").await, (200, pdf_2025.clone()));
    assert_eq!(bytes(&app, "/sculc-program.pdf").await, (200, pdf_2025.clone()), "2025 is current");

    let created =
        app.post_json("/api/admin/editions", json!({"year": 2026, "call_over_confirmed": true})).await;
    assert_eq!(created.status(), 201);

    assert_eq!(body(as_visitor(&app, "/api/program/2025").await).await, program_2025, "the same JSON");
    assert_eq!(bytes(&app, &versioned).await, (200, pdf_2025.clone()), "the same PDF bytes");
    assert_eq!(bytes(&app, "/sculc-2025/program.pdf").await, (200, pdf_2025.clone()));
    assert_eq!(as_visitor(&app, "/api/program/2026").await.text().await.unwrap(), "null");
    assert_eq!(bytes(&app, "/sculc-program.pdf").await, (200, pdf_2025.clone()), "2026 is not announced");
    assert_eq!(
        app.post_json("/api/admin/editions/2026/announce?call_over_confirmed=true", json!({})).await.status(),
        200
    );
    let (_, current) = bytes(&app, "/sculc-program.pdf").await;
    assert!(current != pdf_2025, "the spec's name follows the announced edition");
    let (status, _) = bytes(&app, "/sculc-2026/program.pdf").await;
    assert_eq!(status, 404, "2026 has published nothing yet");

    // 2026's program, once published, is the current one; 2025's stays.
    let keynote = json!({
        "kind": "keynote", "title": "Keynote 2026", "room": "Auditorium",
        "starts_at": "2026-05-16T09:00:00-07:00", "ends_at": "2026-05-16T10:00:00-07:00",
    });
    assert_eq!(app.post_json("/api/admin/program/2026/sessions", keynote).await.status(), 201);
    assert_eq!(app.post_json("/api/admin/program/2026/publish", json!({})).await.status(), 200);
    let (_, current) = bytes(&app, "/sculc-program.pdf").await;
    assert!(pdf_text(&current).1.contains("Keynote 2026"));
    assert_eq!(bytes(&app, "/sculc-2025/program.pdf").await, (200, pdf_2025.clone()));
    assert_eq!(bytes(&app, &versioned).await, (200, pdf_2025));
    assert_eq!(body(as_visitor(&app, "/api/program/2025").await).await, program_2025);
}

#[tokio::test]
async fn a_versioned_pdf_is_immutable_and_the_shared_names_follow_each_publication() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "First", "09:00", "10:00", "")).await;
    let talk = confirmed(&app, "a@example.org", "Ellipsis", "talk").await;
    place(&app, talks, &[talk]).await;
    publish(&app).await;
    let first =
        body(as_visitor(&app, "/api/program/2025").await).await["pdf_url"].as_str().unwrap().to_owned();

    let response = as_visitor(&app, &first).await;
    assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(response.headers()["content-type"], "application/pdf");
    for shared in ["/sculc-2025/program.pdf", "/sculc-program.pdf"] {
        let response = as_visitor(&app, shared).await;
        assert_eq!(response.headers()["cache-control"], "no-cache", "{shared}");
        let etag = response.headers()["etag"].clone();
        let again = Client::new().get(app.url(shared)).header("if-none-match", etag).send().await.unwrap();
        assert_eq!(again.status(), 304, "{shared}: unchanged, revalidated cheaply");
    }

    let path = format!("/api/admin/program/{YEAR}/sessions/{talks}");
    put_json(&app, &path, session("talks", "Second", "09:00", "10:00", "")).await;
    publish(&app).await;
    let second =
        body(as_visitor(&app, "/api/program/2025").await).await["pdf_url"].as_str().unwrap().to_owned();
    assert_ne!(second, first, "a new publication has a new name");
    for shared in ["/sculc-2025/program.pdf", "/sculc-program.pdf", second.as_str()] {
        let (status, pdf) = bytes(&app, shared).await;
        assert_eq!(status, 200);
        let text = pdf_text(&pdf).1;
        assert!(text.contains("Second") && !text.contains("First"), "{shared} is stale: {text}");
    }
    // The replaced version's file is gone: its name leads to the program as it is now.
    let client = Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let old = client.get(app.url(&first)).send().await.unwrap();
    assert_eq!(old.status(), 302);
    assert_eq!(old.headers()["location"], "/sculc-2025/program.pdf");
    assert_ne!(old.headers()["cache-control"], "public, max-age=31536000, immutable");

    assert_eq!(bytes(&app, "/sculc-2024/program.pdf").await.0, 404, "no such program");
    let unknown = client.get(app.url("/sculc-2025/program-nope.pdf")).send().await.unwrap();
    assert_eq!(unknown.status(), 302, "an unknown version: the program as it is now");
}

#[tokio::test]
async fn years_without_a_program_are_not_remembered() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Morphology", "09:00", "10:00", "Room 2")).await;
    let talk = confirmed(&app, "a@example.org", "Reduplication", "talk").await;
    place(&app, talks, &[talk]).await;
    publish(&app).await;
    assert_eq!(bytes(&app, "/sculc-2025/program.pdf").await.0, 200);
    assert_eq!(bytes(&app, "/sculc-program.pdf").await.0, 200);

    let paths: Vec<String> = (1000..1200).map(|year| format!("/sculc-{year}/program.pdf")).collect();
    for (status, _) in futures_util::future::join_all(paths.iter().map(|path| bytes(&app, path))).await {
        assert_eq!(status, 404);
    }
    // 2025's program (by its year and as the current one), nothing else.
    assert_eq!(app.state.program_pdf.held(), 2);
    assert_eq!(bytes(&app, "/sculc-2025/program.pdf").await.0, 200, "the real one is still served");
}
