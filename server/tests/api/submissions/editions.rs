use std::process::Command;

use serde_json::json;

use super::json;
use crate::helpers::{TestApp, spawn_app};

#[tokio::test]
async fn the_current_edition_is_2025_with_the_specs_deadlines() {
    let app = spawn_app().await;
    let edition = json(app.get("/api/editions/current").await).await;
    assert_eq!(edition["year"], 2025);
    assert_eq!(edition["call_closes_at"], "2025-03-22T06:59:00Z");
    assert_eq!(edition["call_open"], false);
    assert_eq!(edition["word_limit"], 500);
    assert_eq!(edition["max_file_bytes"], 10 * 1024 * 1024);
    assert_eq!(edition["max_submissions_per_author"], 5);
    assert_eq!(edition["confirm_attendance_by"], "2025-04-16T06:59:00Z");
    assert_eq!(edition["final_materials_by"], "2025-05-11T06:59:00Z");
}

#[tokio::test]
async fn the_cli_opens_next_years_call_copying_the_settings() {
    let app = spawn_app().await;
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET max_submissions_per_author = 2 WHERE year = 2025")
            .execute(pool)
            .await
            .unwrap();
    });
    let output = edition_call(&app, 2026);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("SCULC 2026 is open from"));

    let edition = json(app.get("/api/editions/current").await).await;
    assert_eq!(edition["year"], 2026);
    assert_eq!(edition["call_open"], true);
    assert_eq!(edition["call_closes_at"], "2099-03-22T06:59:00Z");
    assert_eq!(edition["word_limit"], 500);
    assert_eq!(edition["max_submissions_per_author"], 2);
    assert_eq!(edition["contact_email"], json!("sculc@example.edu"));
    // The copied form link names the new year; the call is on the site.
    assert_eq!(edition["confirmation_form_url"], "https://forms.example.org/sculc-2026-confirm-attendance");
    assert!(edition["announced_at"].is_string());
    let site = json(app.get("/api/content/site").await).await;
    assert_eq!(site["nav_editions"][0], 2026);
}

/// `colloquy edition call YEAR` beside `app`, with a call open until 2099.
fn edition_call(app: &TestApp, year: i32) -> std::process::Output {
    edition_call_between(app, year, "2025-11-01T00:00:00Z", "2099-03-21T23:59:00-07:00")
}

/// `colloquy edition call YEAR --from FROM --until UNTIL` beside `app`.
fn edition_call_between(app: &TestApp, year: i32, from: &str, until: &str) -> std::process::Output {
    edition_command(app, year, from, until).output().unwrap()
}

/// The command of `edition_call_between`, to add to.
fn edition_command(app: &TestApp, year: i32, from: &str, until: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_colloquy"));
    command
        .args(["edition", "call", &year.to_string()])
        .args(["--from", from, "--until", until])
        .arg("--data-dir")
        .arg(&app.state.config.data_dir)
        .env_remove("DATABASE_URL")
        .env("COLLOQUY_CONFIG", app.state.config.data_dir.join("absent.toml"));
    if let Some(url) = &app.state.config.database_url {
        use secrecy::ExposeSecret;
        command.env("DATABASE_URL", url.expose_secret());
    }
    command
}

#[tokio::test]
async fn the_cli_refuses_to_create_an_edition_of_an_implausible_year() {
    let app = spawn_app().await;
    for year in [2200, 1999] {
        let output = edition_call(&app, year);
        assert!(!output.status.success(), "{year}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(&format!("SCULC {year} cannot be created")), "{error}");
    }
    let edition = json(app.get("/api/editions/current").await).await;
    assert_eq!(edition["year"], 2025);
    // An existing edition's call can still be set, inside its deadlines.
    let inside = edition_call_between(&app, 2025, "2024-11-01T00:00:00Z", "2025-04-01T23:59:00-07:00");
    assert!(inside.status.success(), "{}", String::from_utf8_lossy(&inside.stderr));
}

#[tokio::test]
async fn the_cli_refuses_a_call_that_closes_after_the_presenters_deadlines() {
    let app = spawn_app().await;
    let before = json(app.get("/api/editions/current").await).await;
    // The command: confirm-by (15 Apr 2025) would come before the close.
    let output = edition_call_between(&app, 2025, "2025-01-01T00:00:00Z", "2099-01-01T00:00:00Z");
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("Confirm-by (15 Apr 2025) must come after the call's close (31 Dec 2098)."),
        "{error}"
    );
    assert_eq!(json(app.get("/api/editions/current").await).await, before, "nothing changed");

    // A test world may reopen the call anyway, told what is out of order.
    let mut command = edition_command(&app, 2025, "2025-01-01T00:00:00Z", "2099-01-01T00:00:00Z");
    let forced = command.arg("--allow-out-of-order").output().unwrap();
    assert!(forced.status.success(), "{}", String::from_utf8_lossy(&forced.stderr));
    let report = String::from_utf8_lossy(&forced.stdout);
    assert!(report.contains("Warning: its dates are out of order"), "{report}");
    assert!(report.contains("Confirm-by (15 Apr 2025) must come after"), "{report}");
    assert_eq!(json(app.get("/api/editions/current").await).await["call_open"], true);
}
