//! The admins' figures (weighted mean, per-criterion mean and spread,
//! recommendations) and deciding by threshold: the decision equals the
//! preview or nothing is decided; each author gets one decision e-mail.

use serde_json::{Value, json};

use super::{
    app_with_admin, assigned, code_of, criteria, put_settings, reviewer, status_of, submission_by, submitted,
};
use crate::admin::{audit_entries, json as body};

fn review(criteria: &[String], scores: [i64; 3], recommendation: &str, comment: &str) -> Value {
    let scores: serde_json::Map<String, Value> =
        criteria.iter().zip(scores).map(|(id, score)| (id.clone(), json!(score))).collect();
    json!({"scores": scores, "recommendation": recommendation, "comment_for_author": comment,
           "comment_for_organisers": "Between us."})
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|e| e["submission_id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn threshold_decisions_are_the_preview_or_nothing_and_send_one_email_per_author() {
    let app = app_with_admin().await;
    let (first, first_id) = reviewer(&app, "r1@example.org", "Rita", "One").await;
    let (second, second_id) = reviewer(&app, "r2@example.org", "Rolf", "Two").await;
    let (_, a) = submission_by(&app, "a@example.org", "Ann", "Able", "Able abstract").await;
    let (_, b) = submission_by(&app, "b@example.org", "Ben", "Baker", "Baker abstract").await;
    let (_, c) = submission_by(&app, "c@example.org", "Cy", "Cole", "Cole abstract").await;
    let (_, d) = submission_by(&app, "d@example.org", "Di", "Dunn", "Dunn abstract").await;
    for submission in [a, b, c] {
        assigned(&app, submission, first_id).await;
        assigned(&app, submission, second_id).await;
    }
    let mut settings = body(app.get("/api/admin/review/settings").await).await;
    settings["criteria"][0]["weight"] = json!(2.0);
    put_settings(&app, json!({"criteria": settings["criteria"]})).await;
    let criteria = criteria(&app).await;
    let (a_code, b_code, c_code) = (code_of(&app, a).await, code_of(&app, b).await, code_of(&app, c).await);

    submitted(&app, &first, &a_code, review(&criteria, [5, 1, 1], "weak_accept", "Tighten the argument."))
        .await;
    submitted(&app, &second, &a_code, review(&criteria, [5, 5, 5], "accept", "A pleasure to read.")).await;
    submitted(&app, &first, &b_code, review(&criteria, [3, 3, 3], "weak_reject", "")).await;
    submitted(&app, &second, &b_code, review(&criteria, [3, 3, 3], "weak_reject", "")).await;
    submitted(&app, &first, &c_code, review(&criteria, [2, 2, 2], "reject", "Needs data.")).await;

    let overview = body(app.get("/api/admin/reviews").await).await;
    let row = |id: uuid::Uuid| {
        overview["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["submission_id"] == id.to_string())
            .unwrap()
            .clone()
    };
    let able = row(a);
    // Weighted: (2·5 + 1 + 1 + 2·5 + 5 + 5) / 8 = 4 (unweighted it would be 3.67).
    assert_eq!(able["mean"], 4.0, "{able:#}");
    assert_eq!(able["criteria"][0], json!({"criterion_id": criteria[0], "mean": 5.0, "spread": 0}));
    assert_eq!(able["criteria"][1], json!({"criterion_id": criteria[1], "mean": 3.0, "spread": 4}));
    assert_eq!(
        able["recommendations"],
        json!({"accept": 1, "weak_accept": 1, "weak_reject": 0, "reject": 0})
    );
    assert_eq!((able["assigned"].clone(), able["submitted"].clone()), (json!(2), json!(2)));
    assert_eq!(able["author"], "Ann Able");
    assert_eq!(row(c)["submitted"], 1);
    assert_eq!(row(d)["mean"], Value::Null);

    let preview =
        body(app.post_json("/api/admin/reviews/threshold/preview", json!({"cutoff": 3.5})).await).await;
    assert_eq!(ids(&preview["accept"]), vec![a.to_string()]);
    assert_eq!(ids(&preview["reject"]), vec![b.to_string(), c.to_string()]);
    assert_eq!(ids(&preview["without_reviews"]), vec![d.to_string()]);

    // A review submitted between the preview and the decision: 409, nothing decided.
    submitted(&app, &second, &c_code, review(&criteria, [5, 5, 5], "accept", "Promising.")).await;
    let stale = json!({"cutoff": 3.5, "include_comments": true,
                       "accept": ids(&preview["accept"]), "reject": ids(&preview["reject"])});
    let response = app.post_json("/api/admin/reviews/threshold", stale).await;
    assert_eq!(response.status(), 409);
    assert_eq!(body(response).await["error"], "The scores have changed since the preview. Preview again.");
    for submission in [a, b, c, d] {
        assert_eq!(status_of(&app, submission).await, "submitted");
    }

    let preview =
        body(app.post_json("/api/admin/reviews/threshold/preview", json!({"cutoff": 3.5})).await).await;
    assert_eq!(ids(&preview["accept"]), vec![a.to_string(), c.to_string()]);
    assert_eq!(ids(&preview["reject"]), vec![b.to_string()]);
    let decision = json!({"cutoff": 3.5, "include_comments": true,
                          "accept": ids(&preview["accept"]), "reject": ids(&preview["reject"])});
    let response = app.post_json("/api/admin/reviews/threshold", decision.clone()).await;
    assert_eq!(response.status(), 200);
    assert_eq!(body(response).await, json!({"accepted": 2, "rejected": 1}));
    // Sent again (a double click): the lists are stale now, nothing happens twice.
    assert_eq!(app.post_json("/api/admin/reviews/threshold", decision).await.status(), 409);

    assert_eq!(status_of(&app, a).await, "accepted");
    assert_eq!(status_of(&app, c).await, "accepted");
    assert_eq!(status_of(&app, b).await, "rejected");
    assert_eq!(status_of(&app, d).await, "submitted");
    let able_mail = app.emails_to("a@example.org", 1).await;
    assert!(
        able_mail[0].contains("Tighten the argument.") && able_mail[0].contains("A pleasure to read."),
        "{}",
        able_mail[0]
    );
    assert!(!able_mail[0].contains("Between us."), "organisers' comments stay confidential");
    app.emails_to("b@example.org", 1).await;
    app.emails_to("c@example.org", 1).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    for author in ["a@example.org", "b@example.org", "c@example.org"] {
        let count = app.outbox().iter().filter(|e| e.contains(&format!("To: {author}"))).count();
        assert_eq!(count, 1, "{author}");
    }
    assert!(!app.outbox().iter().any(|e| e.contains("To: d@example.org")));
    let actions: Vec<String> = audit_entries(&app).await.into_iter().map(|(action, _)| action).collect();
    assert_eq!(actions.iter().filter(|a| *a == "decision.threshold").count(), 1, "{actions:?}");
    assert_eq!(actions.iter().filter(|a| *a == "submission.accepted").count(), 2);
    assert_eq!(actions.iter().filter(|a| *a == "review.submitted").count(), 6);
}

#[tokio::test]
async fn two_admins_deciding_the_same_preview_at_once_decide_it_once() {
    let app = app_with_admin().await;
    let second_admin = super::signed_in(&app, "admin2@example.org").await;
    crate::admin::give_role(&app, crate::admin::user_id(&app, "admin2@example.org").await, "admin").await;
    let (client, id) = reviewer(&app, "r1@example.org", "Rita", "One").await;
    let criteria = criteria(&app).await;
    let mut authors = Vec::new();
    for n in 0..4 {
        let email = format!("a{n}@example.org");
        let (_, submission) =
            submission_by(&app, &email, "Ann", &format!("Author{n}"), &format!("Abstract {n}")).await;
        assigned(&app, submission, id).await;
        let code = code_of(&app, submission).await;
        let score = if n % 2 == 0 { 5 } else { 1 };
        submitted(&app, &client, &code, review(&criteria, [score; 3], "accept", "Comment.")).await;
        authors.push(email);
    }
    let preview =
        body(app.post_json("/api/admin/reviews/threshold/preview", json!({"cutoff": 3})).await).await;
    let decision = json!({"cutoff": 3, "include_comments": false,
                          "accept": ids(&preview["accept"]), "reject": ids(&preview["reject"])});
    let first = app.client.post(app.url("/api/admin/reviews/threshold")).json(&decision).send();
    let second = second_admin.post(app.url("/api/admin/reviews/threshold")).json(&decision).send();
    let (first, second) = tokio::join!(first, second);
    let mut statuses = [first.unwrap().status().as_u16(), second.unwrap().status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409]);
    for author in &authors {
        app.emails_to(author, 1).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    for author in &authors {
        let count = app.outbox().iter().filter(|e| e.contains(&format!("To: {author}"))).count();
        assert_eq!(count, 1, "{author}");
    }
    let actions: Vec<String> = audit_entries(&app).await.into_iter().map(|(action, _)| action).collect();
    assert_eq!(actions.iter().filter(|a| *a == "decision.threshold").count(), 1);
}
