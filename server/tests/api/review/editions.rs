//! Reviews per edition (issue 25 item 1): once SCULC 2026 is created, every
//! admin review screen still answers for 2025 with `?edition=2025`, exactly
//! as before, and its previews read it; without it they answer for 2026,
//! which starts empty. An earlier edition's reviews are read, never changed.

use serde_json::{Value, json};

use super::{
    app_with_admin, assigned, code_of, complete_review, criteria, put_settings, reviewer, status_of,
    submission_by, submitted,
};
use crate::admin::{json as body, put_json};
use crate::helpers::TestApp;

/// Every review screen's answer, `query` (e.g. `?edition=2025`) after each path.
async fn screens(app: &TestApp, submission: uuid::Uuid, query: &str) -> [Value; 4] {
    let read = |path: String| async move {
        let response = app.get(&path).await;
        assert_eq!(response.status(), 200, "{path}");
        body(response).await
    };
    [
        read(format!("/api/admin/reviews{query}")).await,
        read(format!("/api/admin/reviews/{submission}{query}")).await,
        read(format!("/api/admin/review/settings{query}")).await,
        read(format!("/api/admin/reviewers{query}")).await,
    ]
}

#[tokio::test]
async fn creating_2026_leaves_2025s_reviews_as_they_read_and_2026_starts_empty() {
    let app = app_with_admin().await;
    let (rita, rita_id) = reviewer(&app, "r1@example.org", "Rita", "One").await;
    let (_, rolf_id) = reviewer(&app, "r2@example.org", "Rolf", "Two").await;
    let (_, reviewed) = submission_by(&app, "a@example.org", "Ann", "Able", "Able abstract").await;
    let (_, open) = submission_by(&app, "b@example.org", "Ben", "Baker", "Baker abstract").await;
    put_settings(&app, json!({"reviewers_per_submission": 1})).await;
    assigned(&app, reviewed, rita_id).await;
    let criteria = criteria(&app).await;
    submitted(&app, &rita, &code_of(&app, reviewed).await, complete_review(&criteria, 4, "accept")).await;

    let before = screens(&app, reviewed, "").await;
    assert_eq!(before[0]["edition_year"], 2025);
    assert_eq!(before[0]["submissions"].as_array().unwrap().len(), 2);
    assert_eq!(
        (before[1]["mean"].clone(), before[1]["assignments"][0]["reviewer_name"].clone()),
        (json!(4.0), json!("Rita One"))
    );
    assert_eq!(before[2]["reviewers_per_submission"], 1);
    assert_eq!(
        screens(&app, reviewed, "?edition=2025").await,
        before,
        "naming the current edition changes nothing"
    );

    assert_eq!(
        app.post_json("/api/admin/editions", json!({"year": 2026, "call_over_confirmed": true}))
            .await
            .status(),
        201
    );

    // 2025 reads exactly as it did; while 2026 is prepared, it is still the current edition.
    assert_eq!(screens(&app, reviewed, "?edition=2025").await, before);
    assert_eq!(body(app.get("/api/admin/reviews").await).await["edition_year"], 2025);
    let announced =
        app.post_json("/api/admin/editions/2026/announce?call_over_confirmed=true", json!({})).await;
    assert!(announced.status().is_success(), "{}", announced.text().await.unwrap());
    assert_eq!(screens(&app, reviewed, "?edition=2025").await, before);

    // 2026, the current edition once announced, starts empty, with the default settings.
    let overview = body(app.get("/api/admin/reviews").await).await;
    assert_eq!(overview["edition_year"], 2026);
    assert_eq!(overview["submissions"], json!([]));
    let settings = body(app.get("/api/admin/review/settings").await).await;
    assert_eq!(settings["edition_year"], 2026);
    assert_eq!(settings["reviewers_per_submission"], 2, "the default, not 2025's 1");
    // The default form, though creating the edition wrote its settings row (for its review deadline).
    let names: Vec<&Value> = settings["criteria"].as_array().unwrap().iter().map(|c| &c["name"]).collect();
    assert_eq!(names, [&json!("Relevance"), &json!("Originality"), &json!("Clarity")]);
    assert_eq!(settings["criteria_locked"], false);
    let reviewers = body(app.get("/api/admin/reviewers").await).await;
    let loads: Vec<(Value, Value)> = reviewers["reviewers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["assigned"].clone(), r["submitted"].clone()))
        .collect();
    assert_eq!(loads, vec![(json!(0), json!(0)); 2]);
    let missing = app.get(&format!("/api/admin/reviews/{reviewed}")).await;
    assert_eq!(missing.status(), 404, "a 2025 submission is not one of 2026's");

    // The previews read the edition named; 2025's reviews are read, never changed.
    let plan_2026 = body(app.post_json("/api/admin/reviews/auto-assign/preview", json!({})).await).await;
    assert_eq!(plan_2026["assignments"], json!([]));
    let plan =
        body(app.post_json("/api/admin/reviews/auto-assign/preview?edition=2025", json!({})).await).await;
    let planned: Vec<&Value> =
        plan["assignments"].as_array().unwrap().iter().map(|a| &a["submission_id"]).collect();
    assert_eq!(planned, vec![&json!(open.to_string())], "{plan:#}");
    let threshold = json!({"cutoff": 3.0});
    let preview_2026 =
        body(app.post_json("/api/admin/reviews/threshold/preview", threshold.clone()).await).await;
    assert_eq!(preview_2026["accept"], json!([]));
    let preview =
        body(app.post_json("/api/admin/reviews/threshold/preview?edition=2025", threshold).await).await;
    assert_eq!(preview["accept"][0]["submission_id"], reviewed.to_string());

    let refused = app
        .post_json(&format!("/api/admin/reviews/{open}/assignments"), json!({"reviewer_id": rolf_id}))
        .await;
    assert_eq!(refused.status(), 404, "not a submission of 2026");
    let not_current = "SCULC 2025 is not the current edition: its reviews can be read, not changed.";
    let assign = app
        .post_json(
            &format!("/api/admin/reviews/{open}/assignments?edition=2025"),
            json!({"reviewer_id": rolf_id}),
        )
        .await;
    let unassign = app
        .client
        .delete(app.url(&format!("/api/admin/reviews/{reviewed}/assignments/{rita_id}?edition=2025")))
        .send()
        .await
        .unwrap();
    let pairs = json!({"assignments": [{"submission_id": open, "reviewer_id": rolf_id}]});
    let auto = app.post_json("/api/admin/reviews/auto-assign?edition=2025", pairs).await;
    let decision = json!({"cutoff": 3.0, "include_comments": false, "accept": [reviewed], "reject": []});
    let decide = app.post_json("/api/admin/reviews/threshold?edition=2025", decision).await;
    let mut changed = before[2].clone();
    for key in ["edition_year", "criteria_locked"] {
        changed.as_object_mut().unwrap().remove(key);
    }
    changed["reviewers_per_submission"] = json!(3);
    let settings_change = put_json(&app, "/api/admin/review/settings?edition=2025", changed).await;
    for (what, response) in [
        ("assign", assign),
        ("unassign", unassign),
        ("auto", auto),
        ("decide", decide),
        ("settings", settings_change),
    ] {
        assert_eq!(response.status(), 409, "{what}");
        assert_eq!(body(response).await["error"], not_current, "{what}");
    }
    assert_eq!(screens(&app, reviewed, "?edition=2025").await, before, "nothing of 2025 changed");
    assert_eq!(status_of(&app, reviewed).await, "submitted");
    assert!(app.outbox().iter().all(|mail| !mail.contains("To: a@example.org")), "no decision e-mail");
    assert_eq!(body(app.get("/api/admin/review/settings").await).await, settings, "2026's are untouched");

    // Naming the current edition changes it as before.
    let current = put_json(&app, "/api/admin/review/settings?edition=2026", {
        let mut mine = settings.clone();
        mine.as_object_mut().unwrap().remove("edition_year");
        mine.as_object_mut().unwrap().remove("criteria_locked");
        mine["reviewers_per_submission"] = json!(4);
        mine
    })
    .await;
    assert_eq!(current.status(), 200, "{}", current.text().await.unwrap());
    assert_eq!(body(app.get("/api/admin/review/settings").await).await["reviewers_per_submission"], 4);
}

#[tokio::test]
async fn an_edition_that_does_not_exist_is_a_404_that_says_so() {
    let app = app_with_admin().await;
    for path in [
        "/api/admin/reviews?edition=1999",
        "/api/admin/review/settings?edition=1999",
        "/api/admin/reviewers?edition=1999",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(body(response).await["error"], "There is no edition SCULC 1999.", "{path}");
    }
    let preview =
        app.post_json("/api/admin/reviews/threshold/preview?edition=1999", json!({"cutoff": 3.0})).await;
    assert_eq!(preview.status(), 404);
}
