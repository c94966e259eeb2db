//! The activity log: each action with who, what and when, newest first;
//! the command line's grant and revoke too.

use std::process::Command;

use serde_json::json;

use super::{admin, insert_submission, insert_user, json, put_json};
use crate::helpers::{TestApp, spawn_app};

fn cli(app: &TestApp, args: &[&str]) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_colloquy"));
    command
        .args(args)
        .arg("--data-dir")
        .arg(&app.state.config.data_dir)
        .env_remove("DATABASE_URL")
        .env("COLLOQUY_CONFIG", app.state.config.data_dir.join("absent.toml"))
        .env("RUST_LOG", "warn");
    if let Some(url) = &app.state.config.database_url {
        use secrecy::ExposeSecret;
        command.env("DATABASE_URL", url.expose_secret());
    }
    let output = command.output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

async fn decide(app: &TestApp, id: uuid::Uuid, decision: &str) -> reqwest::Response {
    app.post_json(&format!("/api/admin/submissions/{id}/decision"), json!({"decision": decision})).await
}

#[tokio::test]
async fn every_admin_action_is_logged_with_who_what_and_when() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let grace = insert_user(&app, "grace@example.edu", "Grace", "Hopper").await;
    let a = insert_submission(&app, grace, "phonology.pdf", 2025, 0).await;
    let b = insert_submission(&app, grace, "syntax.pdf", 2025, 1).await;
    assert_eq!(decide(&app, a, "accepted").await.status(), 200);
    assert_eq!(decide(&app, a, "submitted").await.status(), 200);
    assert_eq!(decide(&app, b, "rejected").await.status(), 200);
    assert_eq!(
        app.client.delete(app.url(&format!("/api/admin/submissions/{b}"))).send().await.unwrap().status(),
        204
    );
    assert_eq!(
        put_json(&app, &format!("/api/admin/users/{grace}/admin"), json!({"admin": true})).await.status(),
        200
    );
    assert_eq!(
        put_json(&app, &format!("/api/admin/users/{grace}/admin"), json!({"admin": false})).await.status(),
        200
    );
    cli(&app, &["admin", "grant", "grace@example.edu"]);
    cli(&app, &["admin", "revoke", "grace@example.edu"]);

    let page = json(app.get("/api/admin/audit").await).await;
    assert_eq!(
        (page["total"].as_i64(), page["page"].as_i64(), page["per_page"].as_i64()),
        (Some(8), Some(1), Some(50))
    );
    let entries = page["entries"].as_array().unwrap();
    let seen: Vec<(&str, &str, &str)> = entries
        .iter()
        .map(|e| {
            (e["actor_name"].as_str().unwrap(), e["action"].as_str().unwrap(), e["summary"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("command line", "admin.revoked", "Removed admin rights from Grace Hopper (grace@example.edu)"),
            ("command line", "admin.granted", "Made Grace Hopper (grace@example.edu) an admin"),
            ("Ada Lovelace", "admin.revoked", "Removed admin rights from Grace Hopper (grace@example.edu)"),
            ("Ada Lovelace", "admin.granted", "Made Grace Hopper (grace@example.edu) an admin"),
            ("Ada Lovelace", "submission.deleted", "Deleted ‘syntax.pdf’ by Grace Hopper (SCULC 2025)"),
            ("Ada Lovelace", "submission.rejected", "Rejected ‘syntax.pdf’ by Grace Hopper (SCULC 2025)"),
            (
                "Ada Lovelace",
                "submission.undecided",
                "Undid the decision on ‘phonology.pdf’ by Grace Hopper (SCULC 2025)"
            ),
            ("Ada Lovelace", "submission.accepted", "Accepted ‘phonology.pdf’ by Grace Hopper (SCULC 2025)"),
        ]
    );
    assert_eq!(entries[7]["actor_email"], "admin@example.edu");
    assert_eq!(entries[0]["actor_email"], "");
    let at = time::OffsetDateTime::parse(
        entries[0]["at"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    assert!((time::OffsetDateTime::now_utc() - at).whole_seconds().abs() < 60, "when: {at}");

    // Paged, newest first.
    let second = json(app.get("/api/admin/audit?page=2&per_page=3").await).await;
    let summaries: Vec<&str> =
        second["entries"].as_array().unwrap().iter().map(|e| e["summary"].as_str().unwrap()).collect();
    assert_eq!(summaries, [seen[3].2, seen[4].2, seen[5].2]);
    assert_eq!(app.get("/api/admin/audit?per_page=500").await.status(), 400);
}

/// An entry whose action this version does not know (a newer version wrote
/// it into the shared database) is listed as it was stored, so a page holds
/// as many entries as `total` counts (it used to be left out).
#[tokio::test]
async fn an_entry_with_an_action_this_version_does_not_know_is_listed_as_stored() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let grace = insert_user(&app, "grace@example.edu", "Grace", "Hopper").await;
    let a = insert_submission(&app, grace, "phonology.pdf", 2025, 0).await;
    assert_eq!(decide(&app, a, "accepted").await.status(), 200);
    let written_later = colloquy::clock::now() + time::Duration::seconds(5);
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO audit_log (id, at, actor_id, actor_email, actor_name, action, summary)
             VALUES ($1, $2, NULL, 'newer@example.edu', 'Newer Version', 'badge.printed', 'Printed a badge')",
        )
        .bind(uuid::Uuid::now_v7())
        .bind(written_later)
        .execute(pool)
        .await
        .unwrap();
    });

    let page = json(app.get("/api/admin/audit").await).await;
    assert_eq!(page["total"], 2);
    let entries = page["entries"].as_array().unwrap();
    let seen: Vec<(&str, &str)> =
        entries.iter().map(|e| (e["action"].as_str().unwrap(), e["summary"].as_str().unwrap())).collect();
    assert_eq!(
        seen,
        [
            ("badge.printed", "Printed a badge"),
            ("submission.accepted", "Accepted ‘phonology.pdf’ by Grace Hopper (SCULC 2025)"),
        ]
    );
    assert_eq!(entries[0]["actor_name"], "Newer Version");
    // Each page has what `total` says it should.
    let second = json(app.get("/api/admin/audit?page=2&per_page=1").await).await;
    assert_eq!(second["entries"].as_array().unwrap().len(), 1);
    assert_eq!(second["entries"][0]["action"], "submission.accepted");
}
