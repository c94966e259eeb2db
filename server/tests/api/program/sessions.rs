//! Sessions: added, changed and removed by admins only; bad ones refused
//! with nothing changed.

use serde_json::json;

use super::*;
use crate::admin::{audit_entries, put_json};
use crate::review::signed_in;

#[tokio::test]
async fn admins_add_change_and_remove_sessions() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Phonology", "09:00", "10:30", "Room 101")).await;
    add_session(&app, session("break", "Coffee", "08:30", "09:00", "")).await;

    let program = draft(&app).await;
    let titles: Vec<_> = program["sessions"].as_array().unwrap().iter().map(|s| s["title"].clone()).collect();
    assert_eq!(titles, [json!("Coffee"), json!("Phonology")], "sessions come by start time");
    assert_eq!(program["sessions"][1]["starts_at"], "2025-05-17T16:00:00Z");
    assert_eq!(program["sessions"][1]["room"], "Room 101");

    let response = put_json(
        &app,
        &format!("/api/admin/program/{YEAR}/sessions/{talks}"),
        session("talks", "  Phonology and morphology ", "09:15", "10:45", "Virtual"),
    )
    .await;
    assert_eq!(response.status(), 200);
    let program = draft(&app).await;
    assert_eq!(program["sessions"][1]["title"], "Phonology and morphology");
    assert_eq!(program["sessions"][1]["room"], "Virtual");
    assert_eq!(program["sessions"][1]["ends_at"], "2025-05-17T17:45:00Z");

    let response = app
        .client
        .delete(app.url(&format!("/api/admin/program/{YEAR}/sessions/{talks}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(draft(&app).await["sessions"].as_array().unwrap().len(), 1);
    let response = app
        .client
        .delete(app.url(&format!("/api/admin/program/{YEAR}/sessions/{talks}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);

    let logged =
        audit_entries(&app).await.into_iter().filter(|(action, _)| action == "program.changed").count();
    assert_eq!(logged, 4, "each change is in the activity log");
}

#[tokio::test]
async fn invalid_sessions_are_refused_and_change_nothing() {
    let app = app_with_admin().await;
    let kept = add_session(&app, session("talks", "Syntax", "09:00", "10:00", "")).await;
    let long_title = "T".repeat(201);
    let long_room = "R".repeat(101);
    let cases = [
        (session("talks", "   ", "09:00", "10:00", ""), "title"),
        (session("talks", &long_title, "09:00", "10:00", ""), "title"),
        (session("talks", "Late", "10:00", "10:00", ""), "ends_at"),
        (session("talks", "Backwards", "11:00", "10:00", ""), "ends_at"),
        (
            json!({ "kind": "talks", "title": "Overnight", "starts_at": "2025-05-17T22:00:00-07:00",
                    "ends_at": "2025-05-18T01:00:00-07:00", "room": "" }),
            "ends_at",
        ),
        (session("talks", "Big room", "09:00", "10:00", &long_room), "room"),
        (
            json!({ "kind": "talks", "title": "When?", "starts_at": "soon", "ends_at": "later", "room": "" }),
            "starts_at",
        ),
    ];
    for (bad, field) in cases {
        let response = app.post_json(&format!("/api/admin/program/{YEAR}/sessions"), bad.clone()).await;
        assert_eq!(response.status(), 422, "{bad}");
        let answer = crate::admin::json(response).await;
        assert!(answer["fields"][field].is_array(), "{bad}: {answer}");
        let response =
            put_json(&app, &format!("/api/admin/program/{YEAR}/sessions/{kept}"), bad.clone()).await;
        assert_eq!(response.status(), 422, "{bad}");
    }
    let response = app
        .post_json(&format!("/api/admin/program/{YEAR}/sessions"), json!({ "kind": "party", "title": "x" }))
        .await;
    assert!(response.status().is_client_error());
    let response = app
        .post_json("/api/admin/program/1999/sessions", session("talks", "Old", "09:00", "10:00", ""))
        .await;
    assert_eq!(response.status(), 404);

    let program = draft(&app).await;
    assert_eq!(program["sessions"].as_array().unwrap().len(), 1);
    assert_eq!(program["sessions"][0]["title"], "Syntax");
    assert_eq!(program["sessions"][0]["starts_at"], "2025-05-17T16:00:00Z");
}

#[tokio::test]
async fn a_session_keeps_its_kind_while_it_holds_presentations() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Semantics", "09:00", "10:00", "")).await;
    let talk = confirmed(&app, "ada@example.org", "Scope", "talk").await;
    assert_eq!(place(&app, talks, &[talk]).await.status(), 200);
    let path = format!("/api/admin/program/{YEAR}/sessions/{talks}");
    let response = put_json(&app, &path, session("break", "Semantics", "09:00", "10:00", "")).await;
    assert_eq!(response.status(), 422);
    assert_eq!(draft(&app).await["sessions"][0]["kind"], "talks");
}

#[tokio::test]
async fn only_admins_build_and_publish_the_program() {
    let app = app_with_admin().await;
    let id = add_session(&app, session("talks", "Syntax", "09:00", "10:00", "")).await;
    let other = signed_in(&app, "author@example.org").await;
    let visitor = crate::helpers::browser();
    let base = format!("/api/admin/program/{YEAR}");
    for client in [&other, &visitor] {
        let expected = if std::ptr::eq(client, &other) { 403 } else { 401 };
        let answers = [
            client.get(app.url(&base)).send().await.unwrap(),
            client
                .post(app.url(&format!("{base}/sessions")))
                .json(&session("talks", "X", "09:00", "10:00", ""))
                .send()
                .await
                .unwrap(),
            client
                .put(app.url(&format!("{base}/sessions/{id}")))
                .json(&session("talks", "X", "09:00", "10:00", ""))
                .send()
                .await
                .unwrap(),
            client
                .put(app.url(&format!("{base}/sessions/{id}/items")))
                .json(&json!({ "submission_ids": [] }))
                .send()
                .await
                .unwrap(),
            client.delete(app.url(&format!("{base}/sessions/{id}"))).send().await.unwrap(),
            client.post(app.url(&format!("{base}/publish"))).json(&json!({})).send().await.unwrap(),
        ];
        for answer in answers {
            assert_eq!(answer.status(), expected, "{}", answer.url());
        }
    }
    let program = draft(&app).await;
    assert_eq!(program["sessions"].as_array().unwrap().len(), 1);
    assert_eq!(program["sessions"][0]["title"], "Syntax");
    assert!(program["published_at"].is_null());
}

#[tokio::test]
async fn a_program_holds_at_most_100_sessions_even_when_added_at_once() {
    let app = app_with_admin().await;
    let path = format!("/api/admin/program/{YEAR}/sessions");
    for n in 0..90 {
        let response =
            app.post_json(&path, session("talks", &format!("Session {n}"), "09:00", "10:00", "")).await;
        assert_eq!(response.status(), 201);
    }
    // Thirty additions at once for the last ten places: ten get one.
    let requests = (0..30).map(|n| {
        app.client
            .post(app.url(&path))
            .json(&session("talks", &format!("Racing {n}"), "09:00", "10:00", ""))
            .send()
    });
    let statuses: Vec<u16> = futures_util::future::join_all(requests)
        .await
        .into_iter()
        .map(|r| r.unwrap().status().as_u16())
        .collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 10, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 20, "{statuses:?}");
    let sessions = draft(&app).await["sessions"].as_array().unwrap().clone();
    assert_eq!(sessions.len(), 100);

    let refused = app.post_json(&path, session("break", "Coffee", "10:00", "10:30", "")).await;
    assert_eq!(refused.status(), 409);
    assert_eq!(
        body(refused).await["error"],
        "A program holds at most 100 sessions. Remove one before adding another."
    );
    let first = sessions[0]["id"].as_str().unwrap();
    let removed = app.client.delete(app.url(&format!("{path}/{first}"))).send().await.unwrap();
    assert_eq!(removed.status(), 200);
    add_session(&app, session("break", "Coffee", "10:00", "10:30", "")).await;
}
