//! Issue 22 item 5: an admin who is one of a submission's authors (its
//! submitter, or a co-author by e-mail) neither decides on it, alone or by
//! threshold, nor learns who reviewed it; another admin does both.

use serde_json::{Value, json};
use uuid::Uuid;

use super::{
    add_coauthor, app_with_admin, assigned, code_of, complete_review, criteria, reviewer, signed_in,
    status_of, submission_by, submission_of, submitted,
};
use crate::admin::{give_role, json as body, user_id};

fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|e| e["submission_id"].as_str().unwrap().to_owned()).collect()
}

/// Rita reviews three submissions: the signed-in admin's own, one it
/// co-authors (by e-mail) and someone else's. Another admin assigned her to
/// the first two, since this admin may not.
struct OwnWorld {
    app: crate::helpers::TestApp,
    rita: reqwest::Client,
    rita_id: Uuid,
    own: Uuid,
    coauthored: Uuid,
    other: Uuid,
    criteria: Vec<String>,
    second: reqwest::Client,
}

async fn own_world() -> OwnWorld {
    let app = app_with_admin().await;
    let admin_id = user_id(&app, "admin@example.org").await;
    let (rita, rita_id) = reviewer(&app, "r1@example.org", "Rita", "Revere").await;
    let own = submission_of(&app, admin_id, "The admin's own abstract").await;
    let (_, coauthored) = submission_by(&app, "a@example.org", "Ann", "Able", "Co-authored abstract").await;
    add_coauthor(&app, coauthored, "The Admin", "ADMIN@example.org").await;
    let (_, other) = submission_by(&app, "b@example.org", "Ben", "Baker", "Someone else's abstract").await;
    let criteria = criteria(&app).await;
    // Another admin assigns the reviewers of this admin's own submissions.
    let second = signed_in(&app, "admin2@example.org").await;
    give_role(&app, user_id(&app, "admin2@example.org").await, "admin").await;
    for submission in [own, coauthored] {
        let assigned = second
            .post(app.url(&format!("/api/admin/reviews/{submission}/assignments")))
            .json(&json!({ "reviewer_id": rita_id }))
            .send()
            .await
            .unwrap();
        assert_eq!(assigned.status(), 201);
    }
    assigned(&app, other, rita_id).await;
    OwnWorld { app, rita, rita_id, own, coauthored, other, criteria, second }
}

#[tokio::test]
async fn an_admin_author_does_not_decide_on_their_own_submission_nor_learn_its_reviewers() {
    let OwnWorld { app, rita, rita_id, own, coauthored, other, criteria, second } = own_world().await;
    for submission in [own, coauthored, other] {
        submitted(&app, &rita, &code_of(&app, submission).await, complete_review(&criteria, 5, "accept"))
            .await;
    }

    for submission in [own, coauthored] {
        for decision in ["accepted", "rejected", "submitted"] {
            let answer = app
                .post_json(
                    &format!("/api/admin/submissions/{submission}/decision"),
                    json!({ "decision": decision }),
                )
                .await;
            assert_eq!(answer.status(), 403);
            assert_eq!(body(answer).await["error"], "Another admin decides on your own submission.");
        }
        assert_eq!(status_of(&app, submission).await, "submitted");

        let detail = app.get(&format!("/api/admin/reviews/{submission}")).await;
        let text = detail.text().await.unwrap();
        assert!(!text.contains("Rita") && !text.contains(&rita_id.to_string()), "{text}");
        let detail: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(detail["own"], true);
        assert_eq!(detail["assignments"][0]["reviewer_name"], "Reviewer 1");
        assert_eq!(detail["assignments"][0]["reviewer_id"], Value::Null);
    }
    // Nor does that admin choose or remove their reviewers: whom they chose
    // would tell them who reviews it (the answer is the same whoever is named).
    for submission in [own, coauthored] {
        for answer in [
            app.post_json(
                &format!("/api/admin/reviews/{submission}/assignments"),
                json!({ "reviewer_id": rita_id }),
            )
            .await,
            app.post_json(
                &format!("/api/admin/reviews/{submission}/assignments"),
                json!({ "reviewer_id": Uuid::now_v7() }),
            )
            .await,
            app.client
                .delete(app.url(&format!("/api/admin/reviews/{submission}/assignments/{rita_id}")))
                .send()
                .await
                .unwrap(),
        ] {
            assert_eq!(answer.status(), 403);
            assert_eq!(
                body(answer).await["error"],
                "Another admin assigns the reviewers of your own submission."
            );
        }
    }
    // Automatic assignment leaves them to another admin too (its plan names reviewers).
    let plan = body(app.post_json("/api/admin/reviews/auto-assign/preview", json!({})).await).await;
    let planned = format!("{plan}");
    for submission in [own, coauthored] {
        assert!(!planned.contains(&submission.to_string()), "{plan:#}");
    }
    let sneaked = app
        .post_json(
            "/api/admin/reviews/auto-assign",
            json!({ "assignments": [{ "submission_id": own, "reviewer_id": rita_id }] }),
        )
        .await;
    assert_eq!(sneaked.status(), 409);

    // Someone else's submission: names as before.
    let detail = body(app.get(&format!("/api/admin/reviews/{other}")).await).await;
    assert_eq!(detail["own"], false);
    assert_eq!(detail["assignments"][0]["reviewer_name"], "Rita Revere");

    // By threshold: the own ones are left out, and said to be.
    let preview =
        body(app.post_json("/api/admin/reviews/threshold/preview", json!({"cutoff": 3.0})).await).await;
    assert_eq!(ids(&preview["accept"]), vec![other.to_string()], "{preview:#}");
    let mut own_ids = ids(&preview["own"]);
    own_ids.sort();
    let mut expected = vec![own.to_string(), coauthored.to_string()];
    expected.sort();
    assert_eq!(own_ids, expected);
    // Naming an own submission in the lists is refused, and nothing is decided.
    let sneaked = app
        .post_json(
            "/api/admin/reviews/threshold",
            json!({"cutoff": 3.0, "accept": [other, own], "reject": []}),
        )
        .await;
    assert_eq!(sneaked.status(), 403);
    assert_eq!(body(sneaked).await["error"], "Another admin decides on your own submission.");
    assert_eq!(status_of(&app, other).await, "submitted");
    let decided = app
        .post_json("/api/admin/reviews/threshold", json!({"cutoff": 3.0, "accept": [other], "reject": []}))
        .await;
    assert_eq!(decided.status(), 200);
    assert_eq!(status_of(&app, other).await, "accepted");
    assert_eq!(status_of(&app, own).await, "submitted");
    assert_eq!(status_of(&app, coauthored).await, "submitted");

    // Another admin decides, and sees who reviewed.
    let accepted = second
        .post(app.url(&format!("/api/admin/submissions/{own}/decision")))
        .json(&json!({"decision": "accepted"}))
        .send()
        .await
        .unwrap();
    assert_eq!(accepted.status(), 200);
    assert_eq!(status_of(&app, own).await, "accepted");
    let detail: Value =
        second.get(app.url(&format!("/api/admin/reviews/{own}"))).send().await.unwrap().json().await.unwrap();
    assert_eq!(detail["assignments"][0]["reviewer_name"], "Rita Revere");
    let _: Uuid = serde_json::from_value(detail["assignments"][0]["reviewer_id"].clone()).unwrap();
}

/// The entries of the activity log `client` reads, and its answer.
async fn activity_log(app: &crate::helpers::TestApp, client: &reqwest::Client) -> (Vec<Value>, Value) {
    let page: Value =
        client.get(app.url("/api/admin/audit?per_page=100")).send().await.unwrap().json().await.unwrap();
    (page["entries"].as_array().unwrap().clone(), page)
}

#[tokio::test]
async fn nor_does_the_activity_log_tell_them_who_reviews_it() {
    let OwnWorld { app, rita, own, coauthored, other, criteria, second, .. } = own_world().await;
    let mut codes = Vec::new();
    for submission in [own, coauthored, other] {
        let code = code_of(&app, submission).await;
        submitted(&app, &rita, &code, complete_review(&criteria, 5, "accept")).await;
        codes.push(code);
    }
    let (own_codes, other_code) = (&codes[..2], &codes[2]);
    let names_rita =
        |e: &Value| e["actor_email"] == "r1@example.org" || e["summary"].as_str().unwrap().contains("Rita");

    // The author-admin reads no entry that ties Rita to their submissions:
    // two assignments and two reviews submitted are left out, and counted.
    let (entries, page) = activity_log(&app, &app.client).await;
    for entry in entries.iter().filter(|e| names_rita(e)) {
        let summary = entry["summary"].as_str().unwrap();
        assert!(!own_codes.iter().any(|code| summary.contains(code.as_str())), "{entry:#}");
    }
    assert!(
        entries
            .iter()
            .filter(|e| names_rita(e))
            .any(|e| e["summary"].as_str().unwrap().contains(other_code.as_str())),
        "someone else's submission is still logged: {entries:#?}"
    );
    assert_eq!(page["about_own_submissions"], 4, "{page:#}");
    assert_eq!(page["total"], entries.len(), "the total counts what this admin can page through");

    // Another admin reads every entry.
    let (all, page) = activity_log(&app, &second).await;
    assert_eq!(page["about_own_submissions"], 0);
    assert_eq!(all.len(), entries.len() + 4);
    for code in own_codes {
        let about =
            all.iter().filter(|e| names_rita(e) && e["summary"].as_str().unwrap().contains(code.as_str()));
        assert_eq!(about.count(), 2, "assigned and reviewed, for {code}: {all:#?}");
    }
}
