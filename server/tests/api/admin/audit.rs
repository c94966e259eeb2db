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

/// The log's entries of `?edition=` (`""`: every entry), as (action, summary), newest first.
async fn entries_of(app: &TestApp, query: &str) -> Vec<(String, String)> {
    let response = app.get(&format!("/api/admin/audit?per_page=200{query}")).await;
    assert_eq!(response.status(), 200);
    let page = json(response).await;
    let entries: Vec<(String, String)> = page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["action"].as_str().unwrap().to_owned(), e["summary"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(page["total"].as_u64(), Some(entries.len() as u64), "total counts the edition's entries");
    entries
}

fn actions(entries: &[(String, String)]) -> Vec<&str> {
    entries.iter().map(|(action, _)| action.as_str()).collect()
}

#[tokio::test]
async fn the_log_reads_per_edition_and_entries_about_no_edition_only_among_all() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let grace = insert_user(&app, "grace@example.edu", "Grace", "Hopper").await;
    let rita = insert_user(&app, "rita@example.edu", "Rita", "One").await;
    super::give_role(&app, rita, "reviewer").await;
    // A title that names another edition does not make the entry that edition's.
    let phonology = insert_submission(&app, grace, "SCULC 2019, revisited", 2025, 0).await;
    assert_eq!(decide(&app, phonology, "accepted").await.status(), 200);
    let assigned = app
        .post_json(&format!("/api/admin/reviews/{phonology}/assignments"), json!({"reviewer_id": rita}))
        .await;
    assert_eq!(assigned.status(), 201);
    assert_eq!(
        put_json(&app, &format!("/api/admin/users/{grace}/admin"), json!({"admin": true})).await.status(),
        200
    );
    assert_eq!(
        app.post_json("/api/admin/editions", json!({"year": 2026, "call_over_confirmed": true}))
            .await
            .status(),
        201
    );
    let keynote = json!({
        "kind": "keynote", "title": "Opening of SCULC 2025's successor", "room": "Auditorium",
        "starts_at": "2026-05-16T09:00:00-07:00", "ends_at": "2026-05-16T10:00:00-07:00",
    });
    assert_eq!(app.post_json("/api/admin/program/2026/sessions", keynote).await.status(), 201);

    let all = entries_of(&app, "").await;
    assert_eq!(
        actions(&all),
        ["program.changed", "edition.created", "admin.granted", "review.assigned", "submission.accepted"],
        "without the parameter, everything, as before"
    );
    assert_eq!(
        actions(&entries_of(&app, "&edition=2025").await),
        ["review.assigned", "submission.accepted"],
        "2025's decision and review; the role belongs to no edition"
    );
    assert_eq!(actions(&entries_of(&app, "&edition=2026").await), ["program.changed", "edition.created"]);
    assert_eq!(entries_of(&app, "&edition=2019").await, Vec::<(String, String)>::new());
}

/// The migration's backfill gives the entries written before it their
/// edition from what they stored: their submissions, else the edition an
/// edition's action names; the rest stay without one.
#[tokio::test]
async fn entries_written_before_the_column_get_their_edition_from_what_they_stored() {
    let app = spawn_app().await;
    let grace = insert_user(&app, "grace@example.edu", "Grace", "Hopper").await;
    let of_2024 = insert_submission(&app, grace, "morphology.pdf", 2024, 0).await;
    let old = [
        ("review.assigned", "Assigned Rita One to S24-001 ‘morphology.pdf’", Some(of_2024)),
        ("submission.accepted", "Accepted ‘syntax.pdf’ by Grace Hopper (SCULC 2025)", None),
        ("edition.updated", "Updated the settings of SCULC 2023", None),
        ("admin.granted", "Made Grace Hopper (SCULC 2025 chair) an admin", None),
        ("template.updated", "Edited the acceptance e-mail", None),
    ];
    let mut ids = Vec::new();
    colloquy::on_db!(&app.state.db, |pool| {
        for (minute, (action, summary, subject)) in old.iter().enumerate() {
            let id = uuid::Uuid::now_v7();
            sqlx::query(
                "INSERT INTO audit_log (id, at, actor_id, actor_email, actor_name, action, summary)
                 VALUES ($1, $2, NULL, '', 'command line', $3, $4)",
            )
            .bind(id)
            .bind(time::OffsetDateTime::from_unix_timestamp(1_740_000_000 + 60 * minute as i64).unwrap())
            .bind(action)
            .bind(summary)
            .execute(pool)
            .await
            .unwrap();
            if let Some(submission) = subject {
                sqlx::query("INSERT INTO audit_subjects (entry_id, submission_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(submission)
                    .execute(pool)
                    .await
                    .unwrap();
            }
            ids.push(id);
        }
    });
    let migration = if app.state.config.database_url.is_some() {
        include_str!("../../../migrations/postgres/20261201000201_activity_per_edition.sql")
    } else {
        include_str!("../../../migrations/sqlite/20261201000201_activity_per_edition.sql")
    };
    // The migration's UPDATEs, run again over these rows (the column and index exist).
    let updates: Vec<String> = migration
        .split(';')
        .map(|statement| {
            statement
                .lines()
                .filter(|line| !line.trim_start().starts_with("--"))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .filter(|statement| statement.trim_start().starts_with("UPDATE"))
        .collect();
    assert_eq!(updates.len(), 2);
    let years: Vec<Option<i32>> = colloquy::on_db!(&app.state.db, |pool| {
        for update in &updates {
            sqlx::query(update).execute(pool).await.unwrap();
        }
        let mut years = Vec::new();
        for id in &ids {
            years.push(
                sqlx::query_scalar("SELECT edition_year FROM audit_log WHERE id = $1")
                    .bind(id)
                    .fetch_one(pool)
                    .await
                    .unwrap(),
            );
        }
        years
    });
    assert_eq!(years, [Some(2024), Some(2025), Some(2023), None, None]);
}
