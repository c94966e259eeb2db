//! Automatic assignment: balanced, idempotent, e-mailed once per reviewer
//! per batch; two admins saving the same plan at once save it once; an
//! abstention frees the submission for someone else.

use std::collections::HashMap;

use serde_json::{Value, json};
use uuid::Uuid;

use super::{app_with_admin, code_of, reviewer, signed_in, submission_by};
use crate::admin::{audit_entries, give_role, json as body, user_id};

async fn preview(app: &crate::helpers::TestApp, client: &reqwest::Client) -> Value {
    let response = client.post(app.url("/api/admin/reviews/auto-assign/preview")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// How many active assignments each reviewer has.
async fn loads(app: &crate::helpers::TestApp) -> HashMap<Uuid, i64> {
    let rows: Vec<(Uuid, i64)> = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_as(
            "SELECT reviewer_id, COUNT(*) FROM review_assignments WHERE state <> 'abstained' GROUP BY reviewer_id",
        )
        .fetch_all(pool)
        .await
        .unwrap()
    });
    rows.into_iter().collect()
}

#[tokio::test]
async fn automatic_assignment_is_balanced_idempotent_and_saved_once_when_two_admins_race() {
    let app = app_with_admin().await;
    let mut reviewers = Vec::new();
    for n in 0..5 {
        reviewers.push(reviewer(&app, &format!("r{n}@example.org"), "Reviewer", &format!("Number{n}")).await);
    }
    for n in 0..13 {
        submission_by(
            &app,
            &format!("a{n}@example.org"),
            "Author",
            &format!("Number{n}"),
            &format!("Abstract {n}"),
        )
        .await;
    }
    let second_admin = signed_in(&app, "admin2@example.org").await;
    give_role(&app, user_id(&app, "admin2@example.org").await, "admin").await;

    let plan = preview(&app, &app.client).await;
    assert_eq!(plan["assignments"].as_array().unwrap().len(), 26, "{plan:#}");
    assert_eq!(plan["short"], json!([]));
    // The same data gives the same plan.
    assert_eq!(preview(&app, &second_admin).await, plan);

    let save = json!({"assignments": plan["assignments"]});
    let first = app.client.post(app.url("/api/admin/reviews/auto-assign")).json(&save).send();
    let second = second_admin.post(app.url("/api/admin/reviews/auto-assign")).json(&save).send();
    let (first, second) = tokio::join!(first, second);
    let mut statuses = [first.unwrap().status().as_u16(), second.unwrap().status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409]);
    assert_eq!(super::assignment_count(&app).await, 26);

    let loads = loads(&app).await;
    assert_eq!(loads.len(), 5);
    let (max, min) = (loads.values().max().unwrap(), loads.values().min().unwrap());
    assert!(max - min <= 1, "{loads:?}");
    let per_submission: Vec<i64> = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM review_assignments GROUP BY submission_id")
            .fetch_all(pool)
            .await
            .unwrap()
    });
    assert_eq!(per_submission, vec![2; 13]);

    // Idempotent: nothing left to assign.
    let again = preview(&app, &app.client).await;
    assert_eq!(again["assignments"], json!([]), "{again:#}");

    // One e-mail per reviewer for the batch, listing their codes and /review.
    for (n, (_, id)) in reviewers.iter().enumerate() {
        let emails = app.emails_to(&format!("r{n}@example.org"), 2).await;
        let assignment_emails: Vec<&String> = emails.iter().filter(|e| e.contains("to review")).collect();
        assert_eq!(assignment_emails.len(), 1, "{emails:#?}");
        let theirs = loads[id];
        assert_eq!(assignment_emails[0].matches("  S25-").count() as i64, theirs, "{}", assignment_emails[0]);
        assert!(assignment_emails[0].contains("/review"));
        assert!(!assignment_emails[0].contains("Author Number"), "no author names in the e-mail");
    }
    let assigned_entries =
        audit_entries(&app).await.into_iter().filter(|(action, _)| action == "review.assigned").count();
    assert_eq!(assigned_entries, 26);
}

#[tokio::test]
async fn an_abstention_frees_the_submission_for_another_reviewer_never_the_same() {
    let app = app_with_admin().await;
    let (first, first_id) = reviewer(&app, "r1@example.org", "Rita", "One").await;
    let (_second, second_id) = reviewer(&app, "r2@example.org", "Rolf", "Two").await;
    let (_, submission) = submission_by(&app, "a@example.org", "Ann", "Author", "Abstract").await;
    super::put_settings(&app, json!({"reviewers_per_submission": 1})).await;
    super::assigned(&app, submission, first_id).await;
    let code = code_of(&app, submission).await;

    let empty = first
        .post(app.url(&format!("/api/review/{code}/abstain")))
        .json(&json!({"reason": " "}))
        .send()
        .await
        .unwrap();
    assert_eq!(empty.status(), 422);
    let abstained = first
        .post(app.url(&format!("/api/review/{code}/abstain")))
        .json(&json!({"reason": "I supervised this project."}))
        .send()
        .await
        .unwrap();
    assert_eq!(abstained.status(), 204);
    let home = body(first.get(app.url("/api/review")).send().await.unwrap()).await;
    assert_eq!(home["assignments"], json!([]));
    assert_eq!(home["assigned"], 0);
    assert_eq!(first.get(app.url(&format!("/api/review/{code}"))).send().await.unwrap().status(), 404);

    let plan = preview(&app, &app.client).await;
    let planned: Vec<&str> =
        plan["assignments"].as_array().unwrap().iter().map(|a| a["reviewer_id"].as_str().unwrap()).collect();
    assert_eq!(planned, vec![second_id.to_string().as_str()], "{plan:#}");
    // Not by hand either.
    assert_eq!(super::assign(&app, submission, first_id).await.status(), 409);

    let detail = body(app.get(&format!("/api/admin/reviews/{submission}")).await).await;
    assert_eq!(detail["abstained"], 1);
    assert_eq!(detail["assignments"][0]["state"], "abstained");
    assert_eq!(detail["assignments"][0]["abstain_reason"], "I supervised this project.");
    let actions: Vec<String> = audit_entries(&app).await.into_iter().map(|(action, _)| action).collect();
    assert!(actions.contains(&"review.abstained".to_owned()), "{actions:?}");
}

/// Issue 22 item 7: with conflicts narrowing the choice, the plan is as even
/// as it can be (greedy gave 3,1,1,1 here), and a short submission says
/// whether reviewers are missing or conflicts leave too few.
#[tokio::test]
async fn automatic_assignment_is_as_even_as_the_conflicts_allow_and_names_why_one_falls_short() {
    let app = app_with_admin().await;
    super::put_settings(&app, json!({"reviewers_per_submission": 1})).await;
    for n in 0..4 {
        reviewer(&app, &format!("r{n}@example.org"), "Reviewer", &format!("Number{n}")).await;
    }
    let mut submissions = Vec::new();
    for n in 0..6 {
        let (_, id) = submission_by(
            &app,
            &format!("a{n}@example.org"),
            "Author",
            &format!("Number{n}"),
            &format!("Abstract {n}"),
        )
        .await;
        submissions.push(id);
    }
    // The last two name reviewers 1–3 as co-authors: only reviewer 0 may take them.
    for &submission in &submissions[4..] {
        for n in 1..4 {
            super::add_coauthor(
                &app,
                submission,
                &format!("Reviewer Number{n}"),
                &format!("r{n}@example.org"),
            )
            .await;
        }
    }
    let plan = preview(&app, &app.client).await;
    assert_eq!(plan["short"], json!([]), "{plan:#}");
    let save = json!({"assignments": plan["assignments"]});
    let saved = app.client.post(app.url("/api/admin/reviews/auto-assign")).json(&save).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    let mut loads: Vec<i64> = loads(&app).await.into_values().collect();
    loads.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(loads, vec![2, 2, 1, 1]);

    // Two reviewers per submission: the last two have one eligible reviewer
    // each, because of conflicts; the others are filled.
    super::put_settings(&app, json!({"reviewers_per_submission": 2})).await;
    let plan = preview(&app, &app.client).await;
    let causes: Vec<(&str, i64)> = plan["short"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["cause"].as_str().unwrap(), s["missing"].as_i64().unwrap()))
        .collect();
    assert_eq!(causes, vec![("conflicts", 1), ("conflicts", 1)], "{plan:#}");

    // Five per submission with four reviewers: not enough reviewers, whatever the conflicts.
    super::put_settings(&app, json!({"reviewers_per_submission": 5})).await;
    let plan = preview(&app, &app.client).await;
    assert_eq!(plan["reviewer_count"], 4);
    assert_eq!(plan["reviewers_per_submission"], 5);
    let short = plan["short"].as_array().unwrap();
    assert_eq!(short.len(), 6, "{plan:#}");
    assert!(short.iter().all(|s| s["cause"] == "too_few_reviewers"), "{plan:#}");
}
