//! A submission's status is one of four, in the schema and in the code: a
//! value outside them is refused when written and an error when read, never
//! shown as some other status.

use uuid::Uuid;

use super::applicant;
use crate::admin::{admin, insert_submission, user_id};
use crate::helpers::{TestApp, browser, spawn_app};

const STATUS_UPDATE: &str = "UPDATE submissions SET status = 'pending' WHERE id = $1";

#[tokio::test]
async fn the_database_refuses_a_status_outside_the_four() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let ada = user_id(&app, "ada@example.edu").await;
    let id = insert_submission(&app, ada, "phonology.pdf", 2025, 0).await;
    let written = colloquy::on_db!(&app.state.db, |pool| sqlx::query(STATUS_UPDATE)
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()));
    assert!(written.is_err(), "the CHECK on submissions.status lets 'pending' in");
}

/// Writes 'pending' past the schema's CHECK, as a bad manual edit or a
/// newer version's value would be.
async fn write_unknown_status(app: &TestApp, id: Uuid) {
    match &app.state.db {
        colloquy::db::Db::Sqlite(pool) => {
            let mut connection = pool.acquire().await.unwrap();
            sqlx::query("PRAGMA ignore_check_constraints = ON").execute(&mut *connection).await.unwrap();
            sqlx::query(STATUS_UPDATE).bind(id).execute(&mut *connection).await.unwrap();
            sqlx::query("PRAGMA ignore_check_constraints = OFF").execute(&mut *connection).await.unwrap();
        }
        colloquy::db::Db::Postgres(pool) => {
            sqlx::query("ALTER TABLE submissions DROP CONSTRAINT submissions_status_check")
                .execute(pool)
                .await
                .unwrap();
            sqlx::query(STATUS_UPDATE).bind(id).execute(pool).await.unwrap();
        }
    }
}

#[tokio::test]
async fn an_unknown_stored_status_is_a_plain_500_and_never_another_status() {
    let app = spawn_app().await;
    let author = browser();
    super::sign_in_as(&app, &author, "ada@example.edu").await;
    let ada = user_id(&app, "ada@example.edu").await;
    let id = insert_submission(&app, ada, "phonology.pdf", 2025, 0).await;
    admin(&app, "grace@example.edu").await;
    write_unknown_status(&app, id).await;

    let reads = [
        author.get(app.url("/api/submissions")).send().await.unwrap(),
        app.get(&format!("/api/admin/users/{ada}/submissions")).await,
        app.get("/api/admin/users?q=ada").await,
    ];
    for response in reads {
        let url = response.url().to_string();
        assert_eq!(response.status(), 500, "{url}");
        let body = response.text().await.unwrap();
        assert!(!body.contains("pending") && !body.contains("submitted"), "{url}: {body}");
    }
}
