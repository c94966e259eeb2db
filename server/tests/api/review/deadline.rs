//! The review deadline: before it, reviews are saved and submitted; after
//! it (the app's clock moved past it), every write answers 409 and nothing
//! changes, while reading still works.

use serde_json::json;
use time::{Duration, OffsetDateTime};

use super::{
    app_with_admin, assigned, code_of, complete_review, criteria, put_settings, reviewer, submission_by,
};
use crate::admin::json as body;

#[tokio::test]
async fn after_the_deadline_every_write_is_refused_and_nothing_changes() {
    let app = app_with_admin().await;
    let (client, id) = reviewer(&app, "r@example.org", "Rita", "Reader").await;
    let (_, first) = submission_by(&app, "a1@example.org", "Ann", "One", "First").await;
    let (_, second) = submission_by(&app, "a2@example.org", "Ann", "Two", "Second").await;
    assigned(&app, first, id).await;
    assigned(&app, second, id).await;
    let (first, second) = (code_of(&app, first).await, code_of(&app, second).await);
    let deadline = (OffsetDateTime::now_utc() + Duration::days(1)).replace_nanosecond(0).unwrap();
    let deadline_text = deadline.format(&time::format_description::well_known::Rfc3339).unwrap();
    put_settings(&app, json!({"deadline": deadline_text})).await;
    let criteria = criteria(&app).await;

    // Before: a draft is saved, a review submitted.
    let draft = client
        .put(app.url(&format!("/api/review/{first}")))
        .json(&json!({"comment_for_author": "Before"}))
        .send()
        .await
        .unwrap();
    assert_eq!(draft.status(), 200);
    let home = body(client.get(app.url("/api/review")).send().await.unwrap()).await;
    assert_eq!(home["open"], true);
    assert_eq!(home["deadline"], deadline_text.as_str());
    super::submitted(&app, &client, &second, complete_review(&criteria, 4, "accept")).await;

    app.state.clock.advance(Duration::days(1) + Duration::seconds(1));

    let before = body(client.get(app.url(&format!("/api/review/{first}"))).send().await.unwrap()).await;
    assert_eq!(before["open"], false);
    let writes = [
        client.put(app.url(&format!("/api/review/{first}"))).json(&json!({"comment_for_author": "After"})),
        client
            .post(app.url(&format!("/api/review/{first}/submit")))
            .json(&complete_review(&criteria, 2, "reject")),
        client
            .post(app.url(&format!("/api/review/{second}/submit")))
            .json(&complete_review(&criteria, 1, "reject")),
        client.post(app.url(&format!("/api/review/{first}/abstain"))).json(&json!({"reason": "Too late"})),
    ];
    for write in writes {
        let response = write.send().await.unwrap();
        assert_eq!(response.status(), 409);
        assert_eq!(body(response).await, json!({"error": "The review deadline has passed."}));
    }
    let after = body(client.get(app.url(&format!("/api/review/{first}"))).send().await.unwrap()).await;
    assert_eq!(after["review"], before["review"]);
    assert_eq!(after["review"]["comment_for_author"], "Before");
    let home = body(client.get(app.url("/api/review")).send().await.unwrap()).await;
    assert_eq!(home["open"], false);
    assert_eq!(home["reviewed"], 1);
    let second_review =
        body(client.get(app.url(&format!("/api/review/{second}"))).send().await.unwrap()).await;
    assert_eq!(second_review["review"]["recommendation"], "accept");
}

#[tokio::test]
async fn a_submit_needs_every_score_and_a_recommendation_and_a_submitted_review_stays_complete() {
    let app = app_with_admin().await;
    let (client, id) = reviewer(&app, "r@example.org", "Rita", "Reader").await;
    let (_, submission) = submission_by(&app, "a1@example.org", "Ann", "One", "First").await;
    assigned(&app, submission, id).await;
    let code = code_of(&app, submission).await;
    let criteria = criteria(&app).await;

    let partial = json!({"scores": {criteria[0].clone(): 5}});
    let response = super::submit_review(&app, &client, &code, partial.clone()).await;
    assert_eq!(response.status(), 422);
    let error = body(response).await;
    assert!(error["fields"][format!("scores.{}", criteria[1])].is_array(), "{error}");
    assert!(error["fields"]["recommendation"].is_array(), "{error}");
    let out_of_range = json!({"scores": {criteria[0].clone(): 6}});
    let response =
        client.put(app.url(&format!("/api/review/{code}"))).json(&out_of_range).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let too_long = json!({"comment_for_author": "x".repeat(5001)});
    let response = client.put(app.url(&format!("/api/review/{code}"))).json(&too_long).send().await.unwrap();
    assert_eq!(response.status(), 422);

    let saved = client.put(app.url(&format!("/api/review/{code}"))).json(&partial).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    assert_eq!(body(saved).await["review"]["state"], "draft");
    super::submitted(&app, &client, &code, complete_review(&criteria, 4, "accept")).await;
    // Saving a submitted review incomplete is a draft beside it (issue 22):
    // the submitted review stays complete, as the organisers see it.
    let response = client.put(app.url(&format!("/api/review/{code}"))).json(&partial).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let detail = body(client.get(app.url(&format!("/api/review/{code}"))).send().await.unwrap()).await;
    assert_eq!(detail["review"]["state"], "submitted");
    assert!(detail["review"]["edited_at"].is_string(), "{detail:#}");
    let admin_view = body(app.get(&format!("/api/admin/reviews/{submission}")).await).await;
    let submitted_review = &admin_view["assignments"][0]["review"];
    assert_eq!(submitted_review["scores"].as_object().unwrap().len(), 3, "{admin_view:#}");
    assert_eq!(submitted_review["recommendation"], "accept");
    // Edited and submitted again: still submitted, now with the changes.
    let edited = client
        .post(app.url(&format!("/api/review/{code}/submit")))
        .json(&complete_review(&criteria, 2, "weak_reject"))
        .send()
        .await
        .unwrap();
    assert_eq!(edited.status(), 200);
    let edited = body(edited).await;
    assert_eq!(edited["review"]["state"], "submitted");
    assert_eq!(edited["review"]["recommendation"], "weak_reject");
}
