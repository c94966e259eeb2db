//! Once an abstract is decided its author can no longer delete it, only
//! withdraw it: the record and the file stay for the admins, marked
//! withdrawn and logged, and it leaves the author's lists and flags.

use serde_json::{Value, json};

use super::{json, make_pdf, sign_in_as, stored_files, submission_count, upload};
use crate::admin::{admin, audit_entries, insert_submission, set_status, user_id};
use crate::helpers::{TestApp, browser, spawn_app};

const AUTHOR: &str = "author@example.edu";

/// An admin on `app.client`; an author (Ada Lovelace) on the returned
/// client, with one uploaded abstract whose id is returned.
async fn with_submission(app: &TestApp) -> (reqwest::Client, String) {
    admin(app, "admin@example.edu").await;
    let author = browser();
    sign_in_as(app, &author, AUTHOR).await;
    let uploaded = upload(app, &author, "phonology.pdf", make_pdf(&["vowel harmony"], None)).await;
    assert_eq!(uploaded.status(), 201);
    let id = json(uploaded).await["id"].as_str().unwrap().to_owned();
    (author, id)
}

async fn decide(app: &TestApp, id: &str, decision: &str) -> reqwest::Response {
    app.post_json(&format!("/api/admin/submissions/{id}/decision"), json!({"decision": decision})).await
}

async fn delete(app: &TestApp, client: &reqwest::Client, id: &str) -> reqwest::Response {
    client.delete(app.url(&format!("/api/submissions/{id}"))).send().await.unwrap()
}

async fn withdraw(app: &TestApp, client: &reqwest::Client, id: &str) -> reqwest::Response {
    client.post(app.url(&format!("/api/submissions/{id}/withdraw"))).send().await.unwrap()
}

async fn flags(app: &TestApp, client: &reqwest::Client) -> (bool, bool) {
    let session: Value = client.get(app.url("/api/session")).send().await.unwrap().json().await.unwrap();
    (session["user"]["applicant"].as_bool().unwrap(), session["user"]["presenter"].as_bool().unwrap())
}

/// The author's submissions as the admins see them: (status, name).
async fn seen_by_admins(app: &TestApp) -> Vec<(String, String)> {
    let author = user_id(app, AUTHOR).await;
    let all = json(app.get(&format!("/api/admin/users/{author}/submissions")).await).await;
    all.as_array()
        .unwrap()
        .iter()
        .map(|s| (s["status"].as_str().unwrap().to_owned(), s["original_name"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test]
async fn a_decided_abstract_is_withdrawn_not_deleted_and_stays_for_the_admins() {
    for (decision, label) in [("accepted", "accepted"), ("rejected", "rejected")] {
        let app = spawn_app().await;
        let (author, id) = with_submission(&app).await;
        assert_eq!(decide(&app, &id, decision).await.status(), 200);

        let refused = delete(&app, &author, &id).await;
        assert_eq!(refused.status(), 409, "{decision}");
        let body = json(refused).await;
        assert_eq!(body["code"], "decided", "{body}");
        assert_eq!(
            body["error"],
            format!(
                "This abstract has been {label}, so it can no longer be deleted. \
                 Withdraw it instead: it stays with the organizers, marked as withdrawn."
            )
        );
        assert_eq!(submission_count(&app).await, 1);
        assert_eq!(stored_files(&app).len(), 1);

        let withdrawn = withdraw(&app, &author, &id).await;
        assert_eq!(withdrawn.status(), 200, "{decision}");
        assert_eq!(json(withdrawn).await["status"], "withdrawn");
        // Gone from the author's list, flags and status button…
        assert_eq!(json_of(&author, &app, "/api/submissions").await["submissions"], json!([]));
        assert_eq!(flags(&app, &author).await, (false, false), "{decision}");
        // …kept for the admins, with its file, and logged as the author's act.
        assert_eq!(seen_by_admins(&app).await, [("withdrawn".to_owned(), "phonology.pdf".to_owned())]);
        assert_eq!(stored_files(&app).len(), 1);
        let file = app.get(&format!("/api/submissions/{id}/file")).await;
        assert_eq!(file.status(), 200, "an admin still opens it");
        let withdrawals: Vec<_> = audit_entries(&app)
            .await
            .into_iter()
            .filter(|(action, _)| action == "submission.withdrawn")
            .collect();
        assert_eq!(
            withdrawals,
            [(
                "submission.withdrawn".to_owned(),
                "Withdrew ‘phonology.pdf’ by Ada Lovelace (SCULC 2025)".to_owned()
            )]
        );

        // A second click changes nothing and logs nothing; deleting stays refused.
        assert_eq!(withdraw(&app, &author, &id).await.status(), 200);
        assert_eq!(audit_entries(&app).await.iter().filter(|(a, _)| a == "submission.withdrawn").count(), 1);
        let refused = delete(&app, &author, &id).await;
        assert_eq!(refused.status(), 409);
        assert_eq!(json(refused).await["code"], "withdrawn");
        // Nor can an admin decide on it any more.
        assert_eq!(decide(&app, &id, "accepted").await.status(), 409);
        assert_eq!(submission_count(&app).await, 1);
    }
}

async fn json_of(client: &reqwest::Client, app: &TestApp, path: &str) -> Value {
    json(client.get(app.url(path)).send().await.unwrap()).await
}

#[tokio::test]
async fn only_the_author_withdraws_and_only_in_the_current_edition() {
    let app = spawn_app().await;
    let (author, id) = with_submission(&app).await;
    assert_eq!(decide(&app, &id, "accepted").await.status(), 200);

    let eve = browser();
    sign_in_as(&app, &eve, "eve@example.edu").await;
    assert_eq!(withdraw(&app, &eve, &id).await.status(), 404);
    assert_eq!(withdraw(&app, &browser(), &id).await.status(), 401);
    assert_eq!(withdraw(&app, &author, &uuid::Uuid::now_v7().to_string()).await.status(), 404);
    assert_eq!(seen_by_admins(&app).await[0].0, "accepted");

    let ada = user_id(&app, AUTHOR).await;
    let old = insert_submission(&app, ada, "last year.pdf", 2024, 0).await;
    set_status(&app, old, "accepted").await;
    let refused = withdraw(&app, &author, &old.to_string()).await;
    assert_eq!(refused.status(), 409);
    assert_eq!(
        json(refused).await["error"],
        "Only submissions to the current edition can be withdrawn; this one is for SCULC 2024."
    );
    assert_eq!(audit_entries(&app).await.iter().filter(|(a, _)| a == "submission.withdrawn").count(), 0);
}

#[tokio::test]
async fn a_decision_racing_a_delete_never_leaves_a_decided_abstract_deleted() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let author = browser();
    sign_in_as(&app, &author, AUTHOR).await;
    for round in 0..6 {
        let uploaded = upload(&app, &author, "race.pdf", make_pdf(&["racing"], None)).await;
        let id = json(uploaded).await["id"].as_str().unwrap().to_owned();
        // The delete starts a little later each round, so that both orders,
        // and the overlap between them, are tried.
        let later = async {
            tokio::time::sleep(std::time::Duration::from_millis(15 * round)).await;
            delete(&app, &author, &id).await
        };
        let (decided, deleted) = tokio::join!(decide(&app, &id, "accepted"), later);
        let outcome = (decided.status().as_u16(), deleted.status().as_u16());
        assert!(
            outcome == (200, 409) || outcome == (404, 204),
            "round {round}: decision {}, delete {}",
            outcome.0,
            outcome.1
        );
        if outcome.0 == 200 {
            // Accepted and kept: withdraw it to stay under the author's limit.
            assert_eq!(withdraw(&app, &author, &id).await.status(), 200);
        }
    }
}
