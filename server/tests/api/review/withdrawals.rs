//! Assignments that can no longer stand are withdrawn where they stop
//! standing, so they no longer hold a place automatic assignment would
//! fill: a submission's new details that name the reviewer (issue 22 item
//! 2), the reviewer role revoked (item 8). Submitted reviews stay.

use serde_json::{Value, json};
use uuid::Uuid;

use super::{
    app_with_admin, assigned, code_of, put_settings, rename, reviewer, signed_in, submission_by,
    submission_of,
};
use crate::admin::{audit_entries, json as body, user_id};
use crate::helpers::TestApp;

/// The reviewers automatic assignment would add to `submission` now.
async fn planned_for(app: &TestApp, submission: Uuid) -> Vec<Uuid> {
    let plan = body(app.post_json("/api/admin/reviews/auto-assign/preview", json!(null)).await).await;
    plan["assignments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["submission_id"] == json!(submission))
        .map(|a| a["reviewer_id"].as_str().unwrap().parse().unwrap())
        .collect()
}

/// The overview's (assigned, submitted) for the submission titled `title`.
async fn counts(app: &TestApp, title: &str) -> (Value, Value) {
    let overview = body(app.get("/api/admin/reviews").await).await;
    let row =
        overview["submissions"].as_array().unwrap().iter().find(|s| s["title"] == title).unwrap().clone();
    (row["assigned"].clone(), row["submitted"].clone())
}

fn withdrew(entries: &[(String, String)], code: &str, from: &str, why: &str) -> bool {
    let summary = format!("Withdrew the assignment of {code} from {from}: {why}");
    entries.iter().any(|(action, s)| action == "review.unassigned" && *s == summary)
}

#[tokio::test]
async fn naming_an_assigned_reviewer_as_coauthor_withdraws_the_assignment() {
    let app = app_with_admin().await;
    let (rita, rita_id) = reviewer(&app, "rita@example.org", "Rita", "Reviewer").await;
    let (_, sam_id) = reviewer(&app, "sam@example.org", "Sam", "Second").await;
    let author = signed_in(&app, "ann@example.org").await;
    let submission = submission_of(&app, user_id(&app, "ann@example.org").await, "Tone sandhi").await;
    put_settings(&app, json!({"reviewers_per_submission": 1})).await;
    super::assigned(&app, submission, rita_id).await;
    let code = super::code_of(&app, submission).await;
    let criteria = super::criteria(&app).await;
    let draft = rita
        .put(app.url(&format!("/api/review/{code}")))
        .json(&super::complete_review(&criteria, 3, "accept"));
    assert_eq!(draft.send().await.unwrap().status(), 200);
    assert!(planned_for(&app, submission).await.is_empty(), "the place is taken");

    let details = json!({
        "title": "Tone sandhi",
        "coauthors": [{"name": "Rita Reviewer", "email": "Rita@example.org", "institution": "UCLA"}],
        "keywords": [],
        "preferred_format": "talk",
    });
    let response = author
        .put(app.url(&format!("/api/submissions/{submission}/details")))
        .json(&details)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());

    assert_eq!(counts(&app, "Tone sandhi").await, (json!(0), json!(0)));
    let detail = rita.get(app.url(&format!("/api/review/{code}"))).send().await.unwrap();
    assert_eq!(detail.status(), 404);
    let why = "the submission's new details cross a conflict";
    assert!(withdrew(&audit_entries(&app).await, &code, "Rita Reviewer", why));
    assert_eq!(planned_for(&app, submission).await, [sam_id], "automatic assignment fills the place");
}

#[tokio::test]
async fn revoking_the_reviewer_role_withdraws_the_pending_assignments_and_keeps_submitted_reviews() {
    let app = app_with_admin().await;
    let (rita, rita_id) = reviewer(&app, "rita@example.org", "Rita", "Reviewer").await;
    let (_, sam_id) = reviewer(&app, "sam@example.org", "Sam", "Second").await;
    let (_, pending) = submission_by(&app, "ann@example.org", "Ann", "One", "Pending").await;
    let (_, drafted) = submission_by(&app, "bo@example.org", "Bo", "Two", "Drafted").await;
    let (_, reviewed) = submission_by(&app, "cy@example.org", "Cy", "Three", "Reviewed").await;
    put_settings(&app, json!({"reviewers_per_submission": 1})).await;
    for submission in [pending, drafted, reviewed] {
        super::assigned(&app, submission, rita_id).await;
    }
    let criteria = super::criteria(&app).await;
    let codes = [
        super::code_of(&app, pending).await,
        super::code_of(&app, drafted).await,
        super::code_of(&app, reviewed).await,
    ];
    let draft = rita
        .put(app.url(&format!("/api/review/{}", codes[1])))
        .json(&super::complete_review(&criteria, 3, "accept"));
    assert_eq!(draft.send().await.unwrap().status(), 200);
    super::submitted(&app, &rita, &codes[2], super::complete_review(&criteria, 5, "accept")).await;

    let revoked =
        app.client.delete(app.url(&format!("/api/admin/users/{rita_id}/roles/reviewer"))).send().await;
    assert!(revoked.unwrap().status().is_success());

    assert_eq!(counts(&app, "Pending").await, (json!(0), json!(0)));
    assert_eq!(counts(&app, "Drafted").await, (json!(0), json!(0)));
    assert_eq!(counts(&app, "Reviewed").await, (json!(1), json!(1)), "a submitted review stays");
    let entries = audit_entries(&app).await;
    for code in &codes[..2] {
        assert!(withdrew(&entries, code, "Rita Reviewer", "the reviewer role was revoked"), "{entries:?}");
    }
    assert_eq!(planned_for(&app, pending).await, [sam_id]);
    assert_eq!(planned_for(&app, drafted).await, [sam_id]);
    assert!(planned_for(&app, reviewed).await.is_empty());
}

/// An assignment can become hidden from its reviewer without being
/// withdrawn: an author takes the name of a conflict an admin added for
/// that reviewer. It then holds no place, and automatic assignment finds
/// another reviewer (left open at issue 22).
#[tokio::test]
async fn an_assignment_its_reviewer_can_no_longer_open_holds_no_place() {
    let app = app_with_admin().await;
    put_settings(&app, json!({"reviewers_per_submission": 1})).await;
    let (rita, rita_id) = reviewer(&app, "r1@example.org", "Rita", "Revere").await;
    let (_, rob_id) = reviewer(&app, "r2@example.org", "Rob", "Roe").await;
    let (author, submission) = submission_by(&app, "a@example.org", "Ann", "Able", "An abstract").await;
    assigned(&app, submission, rita_id).await;
    let conflict = app
        .post_json(&format!("/api/admin/reviewers/{rita_id}/conflicts"), json!({ "name": "Zed Zulu" }))
        .await;
    assert_eq!(conflict.status(), 201);
    assert_eq!(planned_for(&app, submission).await, Vec::<Uuid>::new(), "Rita fills the one place");

    rename(&app, author, "Zed", "Zulu").await;
    let code = code_of(&app, submission).await;
    let opened = rita.get(app.url(&format!("/api/review/{code}"))).send().await.unwrap();
    assert_eq!(opened.status(), 404, "hidden from Rita");
    assert_eq!(planned_for(&app, submission).await, vec![rob_id]);
    let plan = body(app.post_json("/api/admin/reviews/auto-assign/preview", json!(null)).await).await;
    let saved =
        app.post_json("/api/admin/reviews/auto-assign", json!({ "assignments": plan["assignments"] })).await;
    assert_eq!(saved.status(), 200, "{}", saved.text().await.unwrap());
    assert_eq!(planned_for(&app, submission).await, Vec::<Uuid>::new(), "Rob now holds the place");
}
