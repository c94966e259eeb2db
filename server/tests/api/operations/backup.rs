//! `colloquy backup DIR` beside a live server taking uploads, and
//! `colloquy restore DIR [--force]` into another data folder.

use std::collections::HashMap;

use axum::Router;
use serde_json::Value;

use super::{colloquy, colloquy_of, run, text};
use crate::accounts::{PASSWORD, login};
use crate::helpers::{TestApp, TestDatabase, browser, spawn_app, spawn_app_on};
use crate::submissions::sized::pdf_of_size;
use crate::submissions::{set_submissions_per_author, sign_in_as, upload};

/// Every submission `client` sees on `app`, by original name, with its bytes.
async fn files_of(app: &TestApp, client: &reqwest::Client) -> HashMap<String, Vec<u8>> {
    let list: Value = client.get(app.url("/api/submissions")).send().await.unwrap().json().await.unwrap();
    let mut files = HashMap::new();
    for submission in list["submissions"].as_array().unwrap() {
        let id = submission["id"].as_str().unwrap();
        let response = client.get(app.url(&format!("/api/submissions/{id}/file"))).send().await.unwrap();
        assert_eq!(response.status(), 200);
        let name = submission["original_name"].as_str().unwrap().to_owned();
        files.insert(name, response.bytes().await.unwrap().to_vec());
    }
    files
}

#[tokio::test]
async fn a_backup_taken_during_uploads_restores_the_same_accounts_and_identical_files() {
    let app = spawn_app().await;
    set_submissions_per_author(&app, 50).await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let grace = browser();
    sign_in_as(&app, &grace, "grace@example.edu").await;
    let mut uploaded = HashMap::new();
    for n in 0..3 {
        let pdf = pdf_of_size(40_000 + n * 1_000, n as u64);
        assert_eq!(upload(&app, &app.client, &format!("before-{n}.pdf"), pdf.clone()).await.status(), 201);
        uploaded.insert(format!("before-{n}.pdf"), pdf);
    }

    // Grace keeps uploading while the backup runs.
    let during = {
        let (address, grace) = (app.address.clone(), grace.clone());
        tokio::spawn(async move {
            let mut sent = HashMap::new();
            for n in 0..8 {
                let pdf = pdf_of_size(300_000 + n * 7_000, 100 + n as u64);
                let name = format!("during-{n}.pdf");
                let part = reqwest::multipart::Part::bytes(pdf.clone()).file_name(name.clone());
                let form = reqwest::multipart::Form::new()
                    .text("title", name.clone())
                    .part("file", part.mime_str("application/pdf").unwrap());
                let response =
                    grace.post(format!("{address}/api/submissions")).multipart(form).send().await.unwrap();
                assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
                sent.insert(name, pdf);
            }
            sent
        })
    };
    let folder = tempfile::tempdir().unwrap();
    let backup_dir = folder.path().join("backup");
    let backed_up = run({
        let mut command = colloquy_of(&app);
        command.arg("backup").arg(&backup_dir);
        command
    })
    .await;
    assert!(backed_up.status.success(), "{}", text(&backed_up.stderr));
    assert!(text(&backed_up.stdout).contains("Backed up the"), "{}", text(&backed_up.stdout));
    let grace_sent = during.await.unwrap();

    // Into an empty data folder (and, on PostgreSQL, an empty database).
    let target = TestDatabase::new().await;
    let restored = run({
        let mut command = colloquy(&target);
        command.arg("restore").arg(&backup_dir);
        command
    })
    .await;
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    assert!(text(&restored.stdout).contains("(2 account(s))"), "{}", text(&restored.stdout));

    let copy = spawn_app_on(target, Router::new(), |_| {}).await;
    for (email, client, sent) in
        [("ada@example.edu", browser(), &uploaded), ("grace@example.edu", browser(), &grace_sent)]
    {
        let response = client
            .post(copy.url("/api/accounts/login"))
            .json(&serde_json::json!({"email": email, "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{email} signs in on the restored site");
        let files = files_of(&copy, &client).await;
        for (name, bytes) in &files {
            assert_eq!(Some(bytes), sent.get(name), "{name} has the bytes that were uploaded");
        }
        if email == "ada@example.edu" {
            assert_eq!(files.len(), 3, "every upload finished before the backup is in it");
        }
    }
}

#[tokio::test]
async fn restore_refuses_a_database_with_accounts_without_force() {
    // A backup of a site with one account (Ada)...
    let source = spawn_app().await;
    sign_in_as(&source, &source.client, "ada@example.edu").await;
    let folder = tempfile::tempdir().unwrap();
    let backup_dir = folder.path().join("backup");
    let backed_up = run({
        let mut command = colloquy_of(&source);
        command.arg("backup").arg(&backup_dir);
        command
    })
    .await;
    assert!(backed_up.status.success(), "{}", text(&backed_up.stderr));

    // ...over a site with another account (Grace).
    let site = spawn_app().await;
    sign_in_as(&site, &site.client, "grace@example.edu").await;
    let refused = run({
        let mut command = colloquy_of(&site);
        command.arg("restore").arg(&backup_dir);
        command
    })
    .await;
    assert!(!refused.status.success());
    let message = text(&refused.stderr);
    assert!(message.contains("already holds 1 account(s)") && message.contains("--force"), "{message}");
    assert_eq!(login(&site, "grace@example.edu", PASSWORD).await.status(), 200, "nothing changed");
    assert_eq!(login(&site, "ada@example.edu", PASSWORD).await.status(), 401);

    // A second backup into the same folder is refused too: backups never mix.
    let again = run({
        let mut command = colloquy_of(&source);
        command.arg("backup").arg(&backup_dir);
        command
    })
    .await;
    assert!(!again.status.success());
    assert!(text(&again.stderr).contains("is not empty"), "{}", text(&again.stderr));
}
