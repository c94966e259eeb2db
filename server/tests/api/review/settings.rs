//! The review settings: the defaults, the criteria fixed once a review is
//! saved (the rest still changes), bounds, and whether reviewers see each
//! other's reviews.

use serde_json::{Value, json};

use super::{
    app_with_admin, assigned, code_of, complete_review, criteria, put_settings, reviewer, submission_by,
    submitted, try_put_settings,
};
use crate::admin::{audit_entries, json as body};

#[tokio::test]
async fn the_criteria_lock_once_a_review_is_saved_and_the_rest_still_changes() {
    let app = app_with_admin().await;
    let defaults = body(app.get("/api/admin/review/settings").await).await;
    let names: Vec<&str> =
        defaults["criteria"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Relevance", "Originality", "Clarity"]);
    assert!(defaults["criteria"].as_array().unwrap().iter().all(|c| c["weight"] == 1.0));
    assert_eq!(defaults["reviewers_per_submission"], 2);
    assert_eq!(defaults["visibility"], "after_own");
    assert_eq!(defaults["deadline"], Value::Null);
    assert_eq!(defaults["criteria_locked"], false);

    for bad in [
        json!({"reviewers_per_submission": 0}),
        json!({"reviewers_per_submission": 11}),
        json!({"criteria": []}),
        json!({"criteria": [{"name": " ", "weight": 1}]}),
        json!({"criteria": [{"name": "A", "weight": 0}]}),
        json!({"criteria": [{"name": "A", "weight": 1}, {"name": "a", "weight": 1}]}),
    ] {
        assert_eq!(try_put_settings(&app, bad.clone()).await.status(), 422, "{bad}");
    }

    // Before any review: rename, add, remove.
    let mut criteria_list = defaults["criteria"].as_array().unwrap().clone();
    criteria_list[0]["name"] = json!("Fit");
    criteria_list.remove(2);
    criteria_list.push(json!({"name": "Data", "weight": 1.5}));
    put_settings(&app, json!({"criteria": criteria_list})).await;
    let changed = body(app.get("/api/admin/review/settings").await).await;
    let names: Vec<&str> =
        changed["criteria"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Fit", "Originality", "Data"]);
    assert_eq!(changed["criteria"][2]["weight"], 1.5);

    let (client, id) = reviewer(&app, "r@example.org", "Rita", "Reader").await;
    let (_, submission) = submission_by(&app, "a@example.org", "Ann", "Able", "Abstract").await;
    assigned(&app, submission, id).await;
    let code = code_of(&app, submission).await;
    let draft = client.put(app.url(&format!("/api/review/{code}"))).json(&json!({})).send().await.unwrap();
    assert_eq!(draft.status(), 200);

    let locked = body(app.get("/api/admin/review/settings").await).await;
    assert_eq!(locked["criteria_locked"], true);
    let current = locked["criteria"].as_array().unwrap().clone();
    let mut renamed = current.clone();
    renamed[0]["name"] = json!("Relevance");
    let mut reweighted = current.clone();
    reweighted[1]["weight"] = json!(3);
    let mut added = current.clone();
    added.push(json!({"name": "Style", "weight": 1}));
    let removed = current[..2].to_vec();
    for criteria in [renamed, reweighted, added, removed] {
        let response = try_put_settings(&app, json!({"criteria": criteria})).await;
        assert_eq!(response.status(), 409);
        assert_eq!(body(response).await["error"], "The criteria cannot change once a review has been saved.");
    }
    assert_eq!(body(app.get("/api/admin/review/settings").await).await["criteria"], json!(current));
    put_settings(
        &app,
        json!({"reviewers_per_submission": 3, "visibility": "never", "deadline": "2030-04-01T06:59:00Z"}),
    )
    .await;
    let later = body(app.get("/api/admin/review/settings").await).await;
    assert_eq!(
        (later["reviewers_per_submission"].clone(), later["visibility"].clone()),
        (json!(3), json!("never"))
    );
    assert_eq!(later["deadline"], "2030-04-01T06:59:00Z");
    let actions: Vec<String> = audit_entries(&app).await.into_iter().map(|(action, _)| action).collect();
    assert_eq!(actions.iter().filter(|a| *a == "review.settings_changed").count(), 2, "{actions:?}");
}

#[tokio::test]
async fn reviewers_see_others_reviews_only_after_their_own_and_never_when_set_so() {
    let app = app_with_admin().await;
    let (first, first_id) = reviewer(&app, "r1@example.org", "Rita", "One").await;
    let (second, second_id) = reviewer(&app, "r2@example.org", "Rolf", "Two").await;
    let (_, submission) = submission_by(&app, "a@example.org", "Ann", "Able", "Abstract").await;
    let (_, other) = submission_by(&app, "b@example.org", "Ben", "Baker", "Other").await;
    for s in [submission, other] {
        assigned(&app, s, first_id).await;
    }
    assigned(&app, submission, second_id).await;
    let code = code_of(&app, submission).await;
    let criteria = criteria(&app).await;
    submitted(&app, &second, &code, complete_review(&criteria, 2, "reject")).await;

    let detail = |client: reqwest::Client| {
        let url = app.url(&format!("/api/review/{code}"));
        async move { body(client.get(url).send().await.unwrap()).await }
    };
    let before = detail(first.clone()).await;
    assert_eq!(before["others"], Value::Null);
    assert_eq!(before["next_code"], code_of(&app, other).await.as_str());
    submitted(&app, &first, &code, complete_review(&criteria, 4, "accept")).await;
    let after = detail(first.clone()).await;
    let others = after["others"].as_array().unwrap();
    assert_eq!(others.len(), 1);
    assert_eq!(others[0]["recommendation"], "reject");
    assert!(others[0]["reviewer"].as_str().unwrap().starts_with("Reviewer "));
    assert!(others[0].get("comment_for_organisers").is_none());
    let home = body(first.get(app.url("/api/review")).send().await.unwrap()).await;
    assert_eq!((home["assigned"].clone(), home["reviewed"].clone()), (json!(2), json!(1)));

    put_settings(&app, json!({"visibility": "never"})).await;
    assert_eq!(detail(first).await["others"], Value::Null);
}
