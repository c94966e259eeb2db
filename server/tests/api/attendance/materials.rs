//! Final materials: PDF only, within the edition's size limit, until the
//! deadline, for confirmed presenters; replacing keeps the older files (the
//! last three) for admins; the sweep leaves them alone.

use serde_json::{Value, json};
use uuid::Uuid;

use super::{accepted_author, answer, confirming, deadline_in, mine};
use crate::admin::make_admin;
use crate::helpers::{TestApp, browser, spawn_app};
use crate::submissions::sized::pdf_of_size;
use crate::submissions::{make_pdf, sign_in_as, stored_files};

pub async fn put_material(
    app: &TestApp,
    client: &reqwest::Client,
    id: Uuid,
    kind: &str,
    name: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes)
        .file_name(name.to_owned())
        .mime_str("application/pdf")
        .unwrap();
    let form = reqwest::multipart::Form::new().part("file", part);
    client
        .put(app.url(&format!("/api/submissions/{id}/materials/{kind}")))
        .multipart(form)
        .send()
        .await
        .unwrap()
}

/// A presenter (Ada) who confirmed a talk; the submission's id.
pub(super) async fn confirmed_presenter(app: &TestApp) -> Uuid {
    let id = accepted_author(app, "ada@example.edu").await;
    assert_eq!(answer(app, &app.client, id, confirming("Tone sandhi")).await.status(), 200);
    id
}

async fn set_limit(app: &TestApp, bytes: i32) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET max_materials_bytes = $1").bind(bytes).execute(pool).await.unwrap();
    });
}

async fn material_rows(app: &TestApp) -> i64 {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM final_materials").fetch_one(pool).await.unwrap()
    })
}

pub(super) fn materials_files(app: &TestApp) -> Vec<String> {
    stored_files(app).into_iter().filter(|f| f.starts_with("materials")).collect()
}

#[tokio::test]
async fn a_confirmed_presenter_uploads_slides_and_downloads_them() {
    let app = spawn_app().await;
    let id = confirmed_presenter(&app).await;
    let slides = make_pdf(&["slides for the talk"], None);
    let response = put_material(&app, &app.client, id, "slides", "talk slides.pdf", slides.clone()).await;
    assert_eq!(response.status(), 200);
    let shown = mine(&app, id).await;
    assert_eq!(shown["materials"].as_array().unwrap().len(), 1);
    assert_eq!(shown["materials"][0]["kind"], "slides");
    assert_eq!(shown["materials"][0]["original_name"], "talk slides.pdf");
    assert_eq!(shown["materials"][0]["size_bytes"], slides.len());

    let download = app.get(&format!("/api/submissions/{id}/materials/slides")).await;
    assert_eq!(download.status(), 200);
    assert_eq!(download.headers()["content-type"], "application/pdf");
    assert_eq!(download.bytes().await.unwrap().as_ref(), slides.as_slice());
    assert_eq!(app.get(&format!("/api/submissions/{id}/materials/poster")).await.status(), 404);

    let other = browser();
    sign_in_as(&app, &other, "grace@example.edu").await;
    let theirs = other.get(app.url(&format!("/api/submissions/{id}/materials/slides"))).send().await.unwrap();
    assert_eq!(theirs.status(), 404, "nobody else reads them");
    let upload = put_material(&app, &other, id, "poster", "p.pdf", make_pdf(&["x"], None)).await;
    assert_eq!(upload.status(), 404, "nobody else uploads them");
    assert_eq!(material_rows(&app).await, 1);
}

#[tokio::test]
async fn not_a_pdf_or_too_large_is_refused_and_nothing_is_stored() {
    let app = spawn_app().await;
    let id = confirmed_presenter(&app).await;
    let limit = 4096;
    set_limit(&app, limit).await;

    let response =
        put_material(&app, &app.client, id, "slides", "slides.pptx", b"PK\x03\x04 not a pdf".to_vec()).await;
    assert_eq!(response.status(), 422);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "not_pdf");

    let over = pdf_of_size(limit as usize + 1, 1);
    let response = put_material(&app, &app.client, id, "slides", "big.pdf", over).await;
    assert_eq!(response.status(), 413);
    assert_eq!(material_rows(&app).await, 0);
    assert!(materials_files(&app).is_empty());
    assert_eq!(mine(&app, id).await["materials"], json!([]));

    let at_limit = pdf_of_size(limit as usize, 2);
    assert_eq!(put_material(&app, &app.client, id, "slides", "fits.pdf", at_limit).await.status(), 200);
    assert_eq!(material_rows(&app).await, 1);
}

#[tokio::test]
async fn uploads_need_a_confirmation_and_stop_at_the_deadline() {
    let app = spawn_app().await;
    let id = accepted_author(&app, "ada@example.edu").await;
    let response = put_material(&app, &app.client, id, "slides", "s.pdf", make_pdf(&["s"], None)).await;
    assert_eq!(response.status(), 409);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "not_confirmed");

    assert_eq!(answer(&app, &app.client, id, json!({"response": "declined"})).await.status(), 200);
    let response = put_material(&app, &app.client, id, "slides", "s.pdf", make_pdf(&["s"], None)).await;
    assert_eq!(response.status(), 409, "declined is not confirmed");

    assert_eq!(answer(&app, &app.client, id, confirming("Tone sandhi")).await.status(), 200);
    deadline_in(&app, "final_materials_by", 1).await;
    assert_eq!(
        put_material(&app, &app.client, id, "poster", "p.pdf", make_pdf(&["p"], None)).await.status(),
        200
    );
    app.state.clock.advance(time::Duration::hours(1) + time::Duration::seconds(1));
    let response = put_material(&app, &app.client, id, "poster", "p2.pdf", make_pdf(&["p2"], None)).await;
    assert_eq!(response.status(), 409);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "deadline_passed");
    let shown = mine(&app, id).await;
    assert_eq!(shown["materials_open"], false);
    assert_eq!(shown["materials"][0]["original_name"], "p.pdf");
    assert_eq!(material_rows(&app).await, 1);
    assert_eq!(materials_files(&app).len(), 1);
}

#[tokio::test]
async fn replacing_keeps_the_older_file_for_admins_and_the_sweep_keeps_both() {
    let app = spawn_app().await;
    let id = confirmed_presenter(&app).await;
    let first = make_pdf(&["first slides"], None);
    let second = make_pdf(&["second slides, corrected"], None);
    assert_eq!(put_material(&app, &app.client, id, "slides", "v1.pdf", first.clone()).await.status(), 200);
    assert_eq!(put_material(&app, &app.client, id, "slides", "v2.pdf", second.clone()).await.status(), 200);

    let shown = mine(&app, id).await;
    assert_eq!(shown["materials"].as_array().unwrap().len(), 1, "the author sees the current file");
    assert_eq!(shown["materials"][0]["original_name"], "v2.pdf");
    let download = app.get(&format!("/api/submissions/{id}/materials/slides")).await;
    assert_eq!(download.bytes().await.unwrap().as_ref(), second.as_slice());

    let admin = browser();
    sign_in_as(&app, &admin, "root@example.edu").await;
    let admin_id = crate::admin::user_id(&app, "root@example.edu").await;
    make_admin(&app, admin_id).await;
    let author_try = app.get(&format!("/api/admin/submissions/{id}/materials")).await;
    assert_eq!(author_try.status(), 403);
    let list: Value = admin
        .get(app.url(&format!("/api/admin/submissions/{id}/materials")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["original_name"], "v2.pdf");
    assert_eq!(list[0]["replaced_at"], Value::Null);
    assert_eq!(list[1]["original_name"], "v1.pdf");
    assert!(list[1]["replaced_at"].is_string());
    let old = admin.get(app.url(list[1]["file_url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(old.status(), 200);
    assert_eq!(old.bytes().await.unwrap().as_ref(), first.as_slice());
    assert_eq!(app.get(list[1]["file_url"].as_str().unwrap()).await.status(), 403, "admins only");

    let removed =
        colloquy::submissions::sweep::sweep_orphans(&app.state, time::Duration::ZERO).await.unwrap();
    assert_eq!(removed, 0, "every materials file has its row");
    assert_eq!(materials_files(&app).len(), 2);

    // A materials file without a row (an interrupted upload) does go.
    let orphan = app.state.config.data_dir.join("files/materials/orphan.pdf");
    std::fs::write(&orphan, b"%PDF-1.4 orphan").unwrap();
    let removed =
        colloquy::submissions::sweep::sweep_orphans(&app.state, time::Duration::ZERO).await.unwrap();
    assert_eq!(removed, 1);
    assert!(!orphan.exists());
}

#[tokio::test]
async fn ten_concurrent_uploads_of_one_kind_leave_exactly_one_current_file() {
    let app = spawn_app().await;
    let id = confirmed_presenter(&app).await;
    let names: Vec<String> = (0..10).map(|n| format!("v{n}.pdf")).collect();
    let uploads = names.iter().map(|name| {
        let pdf = make_pdf(&[&format!("slides {name}")], None);
        put_material(&app, &app.client, id, "slides", name, pdf)
    });
    let statuses: Vec<u16> =
        futures_util::future::join_all(uploads).await.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses, vec![200; 10]);
    let current: i64 = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM final_materials WHERE replaced_at IS NULL")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert_eq!(current, 1);
    assert_eq!(material_rows(&app).await, 4, "the current one and the last three replaced kept");
    assert_eq!(materials_files(&app).len(), 4);
    assert_eq!(mine(&app, id).await["materials"].as_array().unwrap().len(), 1);
}
