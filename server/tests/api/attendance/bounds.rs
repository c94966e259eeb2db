//! Issue 22 item 10: final materials are bounded. Uploads per submission
//! and kind (10 an hour, 30 in all), the history kept (the current file and
//! the last three replaced), and the edition's storage quota, which admins
//! see and set; parallel uploads cannot pass any of them.

use futures_util::future::join_all;
use serde_json::{Value, json};

use super::materials::{confirmed_presenter, materials_files, put_material};
use super::{accepted_author, answer, confirming};
use crate::admin::{make_admin, user_id};
use crate::helpers::{TestApp, browser};
use crate::submissions::sign_in_as;
use crate::submissions::sized::pdf_of_size;

async fn statuses_of(
    app: &TestApp,
    id: uuid::Uuid,
    kind: &str,
    count: usize,
    size: usize,
) -> Vec<(u16, Value)> {
    let names: Vec<String> = (0..count).map(|n| format!("v{n}.pdf")).collect();
    let uploads = names
        .iter()
        .enumerate()
        .map(|(n, name)| put_material(app, &app.client, id, kind, name, pdf_of_size(size, n as u64)));
    let mut answers = Vec::new();
    for response in join_all(uploads).await {
        let status = response.status().as_u16();
        answers.push((status, response.json().await.unwrap_or(Value::Null)));
    }
    answers
}

async fn rows(app: &TestApp) -> i64 {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM final_materials").fetch_one(pool).await.unwrap()
    })
}

#[tokio::test]
async fn uploads_of_one_kind_are_bounded_per_hour_even_when_sent_at_once() {
    let app = crate::helpers::spawn_app().await;
    let id = confirmed_presenter(&app).await;
    let answers = statuses_of(&app, id, "slides", 14, 2000).await;
    let ok = answers.iter().filter(|(status, _)| *status == 200).count();
    let refused: Vec<&Value> = answers.iter().filter(|(status, _)| *status == 429).map(|(_, b)| b).collect();
    assert_eq!((ok, refused.len()), (10, 4), "{answers:?}");
    assert!(refused.iter().all(|b| b["error"].as_str().unwrap().contains("10 times in the last hour")));
    // The poster is counted apart.
    let poster = put_material(&app, &app.client, id, "poster", "poster.pdf", pdf_of_size(2000, 99)).await;
    assert_eq!(poster.status(), 200);
}

#[tokio::test]
async fn a_submission_keeps_its_current_file_and_the_last_three_of_each_kind() {
    let app = crate::helpers::spawn_app().await;
    let id = confirmed_presenter(&app).await;
    for n in 0..6 {
        let response =
            put_material(&app, &app.client, id, "slides", &format!("v{n}.pdf"), pdf_of_size(2000, n)).await;
        assert_eq!(response.status(), 200);
    }
    assert_eq!(rows(&app).await, 4);
    assert_eq!(materials_files(&app).len(), 4, "the older files were deleted from storage too");
    let admin = browser();
    sign_in_as(&app, &admin, "root@example.edu").await;
    make_admin(&app, user_id(&app, "root@example.edu").await).await;
    let list: Value = admin
        .get(app.url(&format!("/api/admin/submissions/{id}/materials")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let names: Vec<&str> =
        list.as_array().unwrap().iter().map(|m| m["original_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["v5.pdf", "v4.pdf", "v3.pdf", "v2.pdf"]);
    let removed =
        colloquy::submissions::sweep::sweep_orphans(&app.state, time::Duration::ZERO).await.unwrap();
    assert_eq!(removed, 0, "every kept file has its row");
    assert_eq!(materials_files(&app).len(), 4);
}

#[tokio::test]
async fn the_editions_quota_bounds_its_final_materials_even_when_sent_at_once() {
    let app = crate::helpers::spawn_app().await;
    let id = confirmed_presenter(&app).await;
    let admin = browser();
    sign_in_as(&app, &admin, "root@example.edu").await;
    make_admin(&app, user_id(&app, "root@example.edu").await).await;
    let size = 500_000;
    let quota = 2 * size + size / 2;

    // Admins set and see the quota and what is used of it.
    let editions: Value =
        admin.get(app.url("/api/admin/editions")).send().await.unwrap().json().await.unwrap();
    let mut settings = editions[0].clone();
    settings["materials_quota_bytes"] = json!(1);
    let refused = admin.put(app.url("/api/admin/editions/2025")).json(&settings).send().await.unwrap();
    assert_eq!(refused.status(), 422);
    settings["materials_quota_bytes"] = json!(quota);
    let saved = admin.put(app.url("/api/admin/editions/2025")).json(&settings).send().await.unwrap();
    assert_eq!(saved.status(), 200);

    let answers = statuses_of(&app, id, "slides", 6, size).await;
    let ok = answers.iter().filter(|(status, _)| *status == 200).count();
    let over: Vec<&Value> = answers.iter().filter(|(status, _)| *status == 413).map(|(_, b)| b).collect();
    assert_eq!((ok, over.len()), (2, 4), "{answers:?}");
    for refusal in over {
        assert_eq!(refusal["code"], "quota_exceeded");
        assert!(refusal["error"].as_str().unwrap().contains("storage quota"), "{refusal}");
    }
    assert_eq!(materials_files(&app).len(), 2, "a refused file is not kept");
    let editions: Value =
        admin.get(app.url("/api/admin/editions")).send().await.unwrap().json().await.unwrap();
    assert_eq!(editions[0]["materials_quota_bytes"], quota);
    assert_eq!(editions[0]["materials_used_bytes"], 2 * size);
}

/// The quota is the edition's, not a submission's: six presenters of six
/// submissions uploading at once share it, and exactly as many files as fit
/// are kept.
#[tokio::test]
async fn the_editions_quota_holds_across_presenters_uploading_at_once() {
    let app = crate::helpers::spawn_app().await;
    let mut presenters = Vec::new();
    for n in 0..6 {
        let email = format!("presenter{n}@example.edu");
        let id = accepted_author(&app, &email).await;
        let client = browser();
        let login = json!({"email": email, "password": crate::accounts::PASSWORD});
        let signed_in = client.post(app.url("/api/accounts/login")).json(&login).send().await.unwrap();
        assert_eq!(signed_in.status(), 200);
        assert_eq!(answer(&app, &client, id, confirming("Tone sandhi")).await.status(), 200);
        presenters.push((client, id));
    }
    let size = 500_000;
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET materials_quota_bytes = $1 WHERE year = 2025")
            .bind(2 * size as i64 + size as i64 / 2)
            .execute(pool)
            .await
            .unwrap();
    });
    let uploads = presenters.iter().enumerate().map(|(n, (client, id))| {
        put_material(&app, client, *id, "slides", "slides.pdf", pdf_of_size(size, n as u64))
    });
    let statuses: Vec<u16> = join_all(uploads).await.iter().map(|r| r.status().as_u16()).collect();
    let ok = statuses.iter().filter(|s| **s == 200).count();
    let over = statuses.iter().filter(|s| **s == 413).count();
    assert_eq!((ok, over), (2, 4), "{statuses:?}");
    assert_eq!(materials_files(&app).len(), 2, "a refused file is not kept");
}

#[tokio::test]
async fn uploads_of_one_kind_stop_at_thirty_in_all_even_when_sent_at_once() {
    let app = crate::helpers::spawn_app().await;
    let id = confirmed_presenter(&app).await;
    let mut accepted = Vec::new();
    for _ in 0..4 {
        let answers = statuses_of(&app, id, "slides", 12, 2000).await;
        accepted.push(answers.iter().filter(|(status, _)| *status == 200).count());
        if accepted.len() == 4 {
            assert!(
                answers.iter().all(|(status, body)| *status == 429
                    && body["error"].as_str().unwrap().contains("uploaded 30 times, the most allowed")),
                "{answers:?}"
            );
        }
        app.state.clock.advance(time::Duration::minutes(61));
    }
    assert_eq!(accepted, [10, 10, 10, 0]);
}
