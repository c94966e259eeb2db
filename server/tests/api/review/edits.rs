//! Issue 22 item 6: changing a submitted review is a draft until the
//! reviewer submits again; meanwhile the organisers see the submitted one.

use serde_json::{Value, json};

use super::{
    app_with_admin, assigned, code_of, complete_review, criteria, reviewer, submission_by, submitted,
};
use crate::admin::json as body;

async fn admin_view(app: &crate::helpers::TestApp, submission: uuid::Uuid) -> (Value, Value) {
    let detail = body(app.get(&format!("/api/admin/reviews/{submission}")).await).await;
    let review = detail["assignments"][0]["review"].clone();
    (detail["mean"].clone(), review)
}

#[tokio::test]
async fn changes_to_a_submitted_review_wait_for_the_next_submit() {
    let app = app_with_admin().await;
    let (rita, rita_id) = reviewer(&app, "r1@example.org", "Rita", "One").await;
    let (_, submission) = submission_by(&app, "a@example.org", "Ann", "Able", "Abstract").await;
    assigned(&app, submission, rita_id).await;
    let code = code_of(&app, submission).await;
    let criteria = criteria(&app).await;
    submitted(&app, &rita, &code, complete_review(&criteria, 4, "accept")).await;
    let (mean, review) = admin_view(&app, submission).await;
    assert_eq!(mean, 4.0);

    // The form's autosave after a score is changed, then with the
    // recommendation cleared: both kept as a draft, neither seen by admins.
    let mut changed = complete_review(&criteria, 1, "reject");
    for draft in [changed.clone(), json!({"scores": changed["scores"], "recommendation": null})] {
        let saved = rita.put(app.url(&format!("/api/review/{code}"))).json(&draft).send().await.unwrap();
        assert_eq!(saved.status(), 200, "{}", saved.text().await.unwrap());
        let own: Value = saved.json().await.unwrap();
        assert_eq!(own["review"]["state"], "submitted");
        assert!(own["review"]["edited_at"].is_string(), "{own:#}");
        assert_eq!(own["review"]["scores"][&criteria[0]], 1, "the reviewer sees their changes");
        assert_eq!(admin_view(&app, submission).await, (mean.clone(), review.clone()));
    }
    let overview = body(app.get("/api/admin/reviews").await).await;
    assert_eq!(overview["submissions"][0]["mean"], 4.0);
    // Read again later, the draft is still there for the reviewer.
    let own = body(rita.get(app.url(&format!("/api/review/{code}"))).send().await.unwrap()).await;
    assert_eq!(own["review"]["recommendation"], Value::Null);
    assert_eq!(own["review"]["scores"][&criteria[0]], 1);

    // "Update review": now the organisers see it, and no draft is left.
    changed["scores"][&criteria[0]] = json!(2);
    submitted(&app, &rita, &code, changed).await;
    let (mean, review) = admin_view(&app, submission).await;
    assert!((mean.as_f64().unwrap() - 4.0 / 3.0).abs() < 0.01, "{mean} {review:#}");
    assert_eq!(review["recommendation"], "reject");
    let own = body(rita.get(app.url(&format!("/api/review/{code}"))).send().await.unwrap()).await;
    assert_eq!(own["review"]["edited_at"], Value::Null);
}
