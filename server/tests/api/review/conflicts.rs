//! No assignment crosses a conflict, by hand or automatically: the
//! reviewer's own submission, one they co-authored, one by a person they
//! declared (by name or by e-mail), one by a person an admin added.

use std::collections::HashSet;

use serde_json::{Value, json};
use uuid::Uuid;

use super::{add_coauthor, app_with_admin, assign, put_settings, reviewer, submission_by, submission_of};
use crate::admin::json as body;

#[tokio::test]
async fn conflicts_are_refused_by_hand_and_left_out_automatically() {
    let app = app_with_admin().await;
    let (own, own_id) = reviewer(&app, "own@example.org", "Olga", "Own").await;
    let (_co, co_id) = reviewer(&app, "co@example.org", "Cora", "Coauthor").await;
    let (by_name, by_name_id) = reviewer(&app, "name@example.org", "Nina", "Name").await;
    let (by_email, by_email_id) = reviewer(&app, "email@example.org", "Emil", "Email").await;
    let (added, added_id) = reviewer(&app, "added@example.org", "Adam", "Added").await;

    let own_submission = submission_of(&app, own_id, "Her own").await;
    let (_, coauthored) = submission_by(&app, "a1@example.org", "Ann", "One", "Co-authored").await;
    add_coauthor(&app, coauthored, "Cora Coauthor", "co@example.org").await;
    let (_, named) = submission_by(&app, "zq@example.org", "Zenobia", "Quill", "By a named person").await;
    let (_, emailed) =
        submission_by(&app, "a2@example.org", "Ann", "Two", "With an e-mailed co-author").await;
    add_coauthor(&app, emailed, "Ezra Pound", "ezra@example.org").await;
    let (_, admin_added) =
        submission_by(&app, "a3@example.org", "Bertha", "Benz", "By an admin's conflict").await;

    let declare = |client: &reqwest::Client, conflict: Value| {
        let request = client.post(app.url("/api/review/conflicts")).json(&conflict);
        async move { request.send().await.unwrap() }
    };
    assert_eq!(declare(&by_name, json!({"name": "  zenobia   QUILL "})).await.status(), 201);
    assert_eq!(declare(&by_email, json!({"email": "Ezra@Example.org"})).await.status(), 201);
    let response = app
        .post_json(&format!("/api/admin/reviewers/{added_id}/conflicts"), json!({"name": "Bertha Benz"}))
        .await;
    assert_eq!(response.status(), 201);
    let admins_conflict = body(response).await;
    assert_eq!(admins_conflict["added_by_admin"], true);
    // The reviewer cannot take back an admin's conflict.
    let removed = added
        .delete(app.url(&format!("/api/review/conflicts/{}", admins_conflict["id"].as_str().unwrap())))
        .send()
        .await
        .unwrap();
    assert_eq!(removed.status(), 403);

    let crossing = [
        (own_submission, own_id),
        (coauthored, co_id),
        (named, by_name_id),
        (emailed, by_email_id),
        (admin_added, added_id),
    ];
    for (submission, reviewer) in crossing {
        let response = assign(&app, submission, reviewer).await;
        assert_eq!(response.status(), 409, "{submission} {reviewer}");
        assert!(body(response).await["error"].as_str().unwrap().contains("conflict"));
    }
    assert_eq!(super::assignment_count(&app).await, 0);

    // Every reviewer on every submission, but the conflicts.
    put_settings(&app, json!({"reviewers_per_submission": 5})).await;
    let plan = body(app.post_json("/api/admin/reviews/auto-assign/preview", json!(null)).await).await;
    let planned: HashSet<(Uuid, Uuid)> = plan["assignments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["submission_id"].as_str().unwrap().parse().unwrap(),
                a["reviewer_id"].as_str().unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(planned.len(), 5 * 4, "{plan:#}");
    for pair in crossing {
        assert!(!planned.contains(&pair), "{pair:?} crosses a conflict");
    }
    let short: Vec<(String, i64)> = plan["short"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["title"].as_str().unwrap().to_owned(), s["missing"].as_i64().unwrap()))
        .collect();
    assert_eq!(short.len(), 5, "{short:?}");
    assert!(short.iter().all(|(_, missing)| *missing == 1));

    // Saving a plan that crosses a conflict saves nothing.
    let mut crossing_plan: Vec<Value> = plan["assignments"].as_array().unwrap().clone();
    crossing_plan.push(json!({"submission_id": named, "reviewer_id": by_name_id}));
    let response =
        app.post_json("/api/admin/reviews/auto-assign", json!({"assignments": crossing_plan})).await;
    assert_eq!(response.status(), 409);
    assert_eq!(super::assignment_count(&app).await, 0);

    let response =
        app.post_json("/api/admin/reviews/auto-assign", json!({"assignments": plan["assignments"]})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(body(response).await["assigned"], 20);

    // A conflict declared after the assignment changes nothing she sees
    // (it would tell her who wrote what); admins see what it crosses.
    assert_eq!(declare(&own, json!({"name": "Ann One"})).await.status(), 201);
    let home = body(own.get(app.url("/api/review")).send().await.unwrap()).await;
    let titles: Vec<&str> =
        home["assignments"].as_array().unwrap().iter().map(|a| a["title"].as_str().unwrap()).collect();
    assert!(titles.contains(&"Co-authored") && !titles.contains(&"Her own"), "{titles:?}");
    assert_eq!(home["assigned"], 4, "{home}");
    let reviewers = body(app.get("/api/admin/reviewers").await).await;
    let listed =
        reviewers["reviewers"].as_array().unwrap().iter().find(|r| r["id"] == json!(own_id)).unwrap();
    assert_eq!(listed["crossed"], json!([super::code_of(&app, coauthored).await]));
}

#[tokio::test]
async fn an_admins_conflict_added_after_assignment_withdraws_the_unsubmitted_ones_it_crosses() {
    let app = app_with_admin().await;
    let (rita, rita_id) = reviewer(&app, "rita@example.org", "Rita", "Reviewer").await;
    let (_, sam_id) = reviewer(&app, "sam@example.org", "Sam", "Second").await;
    let (_, tess_id) = reviewer(&app, "tess@example.org", "Tess", "Third").await;
    let (_, drafted) = submission_by(&app, "ann@example.org", "Ann", "One", "Drafted").await;
    let (_, reviewed) = submission_by(&app, "ann2@example.org", "Ann", "One", "Reviewed").await;
    let (_, other) = submission_by(&app, "bo@example.org", "Bo", "Other", "Someone else's").await;
    put_settings(&app, json!({"reviewers_per_submission": 2})).await;
    for submission in [drafted, reviewed, other] {
        super::assigned(&app, submission, rita_id).await;
    }
    super::assigned(&app, drafted, sam_id).await;
    let criteria = super::criteria(&app).await;
    let (drafted_code, reviewed_code) =
        (super::code_of(&app, drafted).await, super::code_of(&app, reviewed).await);
    // A draft on one, a submitted review on the other.
    let saved = rita
        .put(app.url(&format!("/api/review/{drafted_code}")))
        .json(&super::complete_review(&criteria, 4, "accept"));
    assert_eq!(saved.send().await.unwrap().status(), 200);
    super::submitted(&app, &rita, &reviewed_code, super::complete_review(&criteria, 5, "accept")).await;

    // The admins then find out Rita knows Ann One.
    let response =
        app.post_json(&format!("/api/admin/reviewers/{rita_id}/conflicts"), json!({"name": "Ann One"})).await;
    assert_eq!(response.status(), 201);
    assert_eq!(body(response).await["withdrawn"], json!([drafted_code]), "the submitted review stays");

    let home = body(rita.get(app.url("/api/review")).send().await.unwrap()).await;
    let titles: Vec<&str> =
        home["assignments"].as_array().unwrap().iter().map(|a| a["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Someone else's"], "{home}");
    let overview = body(app.get("/api/admin/reviews").await).await;
    let row = |title: &str| {
        overview["submissions"].as_array().unwrap().iter().find(|s| s["title"] == title).unwrap().clone()
    };
    assert_eq!(
        (row("Drafted")["assigned"].clone(), row("Drafted")["submitted"].clone()),
        (json!(1), json!(0))
    );
    assert_eq!(
        (row("Reviewed")["assigned"].clone(), row("Reviewed")["submitted"].clone()),
        (json!(1), json!(1))
    );
    assert!(crate::admin::audit_entries(&app).await.iter().any(|(action, summary)| action
        == "review.unassigned"
        && summary
            == &format!(
                "Withdrew the assignment of {drafted_code} from Rita Reviewer: a conflict added after it"
            )),);

    // Automatic assignment fills the place again, never with Rita.
    let plan = body(app.post_json("/api/admin/reviews/auto-assign/preview", json!(null)).await).await;
    let for_drafted: Vec<&str> = plan["assignments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["submission_id"] == json!(drafted))
        .map(|a| a["reviewer_id"].as_str().unwrap())
        .collect();
    assert_eq!(for_drafted, [tess_id.to_string()], "{plan:#}");

    // For another reviewer too.
    let response = app
        .post_json(&format!("/api/admin/reviewers/{sam_id}/conflicts"), json!({"email": "ann@example.org"}))
        .await;
    assert_eq!(response.status(), 201);
    assert_eq!(body(response).await["withdrawn"], json!([drafted_code]));
    assert_eq!(row_after(&app, "Drafted").await, json!(0));
}

async fn row_after(app: &crate::helpers::TestApp, title: &str) -> Value {
    let overview = body(app.get("/api/admin/reviews").await).await;
    overview["submissions"].as_array().unwrap().iter().find(|s| s["title"] == title).unwrap()["assigned"]
        .clone()
}
