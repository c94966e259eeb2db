//! Granting and revoking roles (the Admin column, the roles endpoints); the
//! last admin stays; admins from before roles existed still are.

use std::path::Path;

use axum::Router;
use axum::routing::get;
use colloquy::accounts::session::Reviewer;
use colloquy::db::Db;
use colloquy::on_db;
use serde_json::{Value, json};
use sqlx::migrate::Migrator;
use tokio::net::TcpListener;
use uuid::Uuid;

use super::{admin, audit_entries_with, give_role, json, make_admin, put_json, user_id};
use crate::helpers::{TestApp, TestDatabase, browser, serve_in_background, spawn_app, spawn_app_with};

/// The migration that turned the admin flag into roles.
const ROLES_MIGRATION: i64 = 20261124000002;
use crate::submissions::sign_in_as;

const LAST_ADMIN: &str = "At least one admin must remain.";

async fn admins(app: &TestApp) -> i64 {
    app.state.db.count_admins().await.unwrap()
}

#[tokio::test]
async fn an_admin_grants_and_revokes_and_the_last_admin_remains() {
    let app = spawn_app().await;
    let me = admin(&app, "admin@example.edu").await;

    // Alone, I cannot revoke myself.
    let alone = put_json(&app, &format!("/api/admin/users/{me}/admin"), json!({"admin": false})).await;
    assert_eq!(alone.status(), 409);
    assert_eq!(json(alone).await["error"], LAST_ADMIN);
    assert_eq!(admins(&app).await, 1);

    let grace_client = browser();
    sign_in_as(&app, &grace_client, "grace@example.edu").await;
    let grace = user_id(&app, "grace@example.edu").await;
    assert_eq!(grace_client.get(app.url("/api/admin/users")).send().await.unwrap().status(), 403);
    let granted = put_json(&app, &format!("/api/admin/users/{grace}/admin"), json!({"admin": true})).await;
    assert_eq!(granted.status(), 200);
    let row = json(granted).await;
    assert_eq!((row["email"].as_str(), &row["roles"]), (Some("grace@example.edu"), &json!(["admin"])));
    assert_eq!(grace_client.get(app.url("/api/admin/users")).send().await.unwrap().status(), 200);
    // Granting again changes nothing and records nothing.
    assert_eq!(
        put_json(&app, &format!("/api/admin/users/{grace}/admin"), json!({"admin": true})).await.status(),
        200
    );

    // With another admin, I may revoke myself, and lose access at once.
    let mine = put_json(&app, &format!("/api/admin/users/{me}/admin"), json!({"admin": false})).await;
    assert_eq!(mine.status(), 200);
    assert_eq!(json(mine).await["roles"], json!([]));
    assert_eq!(app.get("/api/admin/users").await.status(), 403);
    assert_eq!(admins(&app).await, 1);

    // Grace (signed up as Ada Lovelace too) reads the log: newest first.
    let log = audit_entries_with(&app, &grace_client).await;
    assert_eq!(
        log,
        vec![
            (
                "admin.revoked".to_owned(),
                "Removed admin rights from Ada Lovelace (admin@example.edu)".to_owned()
            ),
            ("admin.granted".to_owned(), "Made Ada Lovelace (grace@example.edu) an admin".to_owned()),
        ]
    );
    // Grace, now the only admin, cannot revoke herself either.
    let last = grace_client
        .put(app.url(&format!("/api/admin/users/{grace}/admin")))
        .json(&json!({"admin": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(last.status(), 409);
    assert_eq!(json(last).await["error"], LAST_ADMIN);
    let unknown = grace_client
        .put(app.url(&format!("/api/admin/users/{}/admin", uuid::Uuid::now_v7())))
        .json(&json!({"admin": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status(), 404);
}

#[tokio::test]
async fn two_admins_revoking_each_other_at_once_leave_one_admin() {
    let app = spawn_app().await;
    let a = admin(&app, "a@example.edu").await;
    let other = browser();
    sign_in_as(&app, &other, "b@example.edu").await;
    let b = user_id(&app, "b@example.edu").await;
    make_admin(&app, b).await;
    for _ in 0..5 {
        let revoke_b = app
            .client
            .put(app.url(&format!("/api/admin/users/{b}/admin")))
            .json(&json!({"admin": false}))
            .send();
        // The Admin column's switch and the roles endpoint guard the same set.
        let revoke_a = other.delete(app.url(&format!("/api/admin/users/{a}/roles/admin"))).send();
        let (x, y) = tokio::join!(revoke_b, revoke_a);
        let mut statuses = [x.unwrap().status().as_u16(), y.unwrap().status().as_u16()];
        statuses.sort();
        // The loser is told why (409), or, if the winner's revoke landed
        // before its own request was let in, is no admin any more (403).
        assert!(statuses == [200, 409] || statuses == [200, 403], "{statuses:?}");
        assert_eq!(admins(&app).await, 1, "{statuses:?}");
        // Both admins again for the next round.
        make_admin(&app, a).await;
        make_admin(&app, b).await;
    }
}

async fn roles_of(client: &reqwest::Client, app: &TestApp) -> Value {
    let session: Value = client.get(app.url("/api/session")).send().await.unwrap().json().await.unwrap();
    session["user"]["roles"].clone()
}

#[tokio::test]
async fn an_admin_gives_and_takes_the_reviewer_role() {
    let app = spawn_app().await;
    let me = admin(&app, "admin@example.edu").await;
    let noam_client = browser();
    sign_in_as(&app, &noam_client, "noam@example.edu").await;
    let noam = user_id(&app, "noam@example.edu").await;
    let role_url = format!("/api/admin/users/{noam}/roles/reviewer");
    assert_eq!(roles_of(&noam_client, &app).await, json!([]));

    for _ in 0..2 {
        let granted = app.client.put(app.url(&role_url)).send().await.unwrap();
        assert_eq!(granted.status(), 200);
        assert_eq!(json(granted).await["roles"], json!(["reviewer"]));
    }
    assert_eq!(roles_of(&noam_client, &app).await, json!(["reviewer"]));
    assert_eq!(noam_client.get(app.url("/api/admin/users")).send().await.unwrap().status(), 403);
    // A reviewer cannot hand out roles, not even to themself.
    let own = noam_client.put(app.url(&format!("/api/admin/users/{noam}/roles/admin"))).send().await.unwrap();
    assert_eq!(own.status(), 403);
    // Roles add up: an admin may review too.
    let both =
        app.client.put(app.url(&format!("/api/admin/users/{me}/roles/reviewer"))).send().await.unwrap();
    assert_eq!(json(both).await["roles"], json!(["admin", "reviewer"]));

    let revoked = app.client.delete(app.url(&role_url)).send().await.unwrap();
    assert_eq!(revoked.status(), 200);
    assert_eq!(json(revoked).await["roles"], json!([]));
    assert_eq!(roles_of(&noam_client, &app).await, json!([]));

    // Not a role: not found (as a malformed id is), in the error shape, and nothing changes.
    let unknown =
        app.client.put(app.url(&format!("/api/admin/users/{noam}/roles/owner"))).send().await.unwrap();
    assert_eq!(unknown.status(), 404);
    assert!(json(unknown).await["error"].is_string());
    // The last admin keeps the role, whichever way it is asked.
    let last =
        app.client.delete(app.url(&format!("/api/admin/users/{me}/roles/admin"))).send().await.unwrap();
    assert_eq!(last.status(), 409);
    assert_eq!(json(last).await["error"], LAST_ADMIN);
    assert_eq!(roles_of(&app.client, &app).await, json!(["admin", "reviewer"]));

    let log = audit_entries_with(&app, &app.client).await;
    assert_eq!(
        log,
        vec![
            (
                "reviewer.revoked".to_owned(),
                "Removed the reviewer role from Ada Lovelace (noam@example.edu)".to_owned()
            ),
            ("reviewer.granted".to_owned(), "Made Ada Lovelace (admin@example.edu) a reviewer".to_owned()),
            ("reviewer.granted".to_owned(), "Made Ada Lovelace (noam@example.edu) a reviewer".to_owned()),
        ]
    );
}

/// A page for reviewers only, as the review feature's will be.
async fn review_page(Reviewer(user): Reviewer) -> String {
    user.email
}

#[tokio::test]
async fn the_reviewer_extractor_admits_reviewers_only() {
    let extra = Router::new().route("/api/test/review", get(review_page));
    let app = spawn_app_with(extra, |_| {}).await;
    let admin_id = admin(&app, "admin@example.edu").await;
    let reviewer = browser();
    sign_in_as(&app, &reviewer, "reviewer@example.edu").await;
    give_role(&app, user_id(&app, "reviewer@example.edu").await, "reviewer").await;
    let user = browser();
    sign_in_as(&app, &user, "user@example.edu").await;

    let status = |client: reqwest::Client| {
        let url = app.url("/api/test/review");
        async move { client.get(url).send().await.unwrap().status().as_u16() }
    };
    assert_eq!(status(browser()).await, 401);
    assert_eq!(status(user.clone()).await, 403);
    assert_eq!(status(app.client.clone()).await, 403, "an admin is not a reviewer by being an admin");
    assert_eq!(status(reviewer.clone()).await, 200);
    give_role(&app, admin_id, "reviewer").await;
    assert_eq!(status(app.client.clone()).await, 200);
}

#[tokio::test]
async fn an_admin_from_before_roles_is_still_an_admin_and_nobody_else_becomes_one() {
    let database = TestDatabase::new().await;
    let db = Db::connect(&database.config).await.unwrap();
    let folder = match &db {
        Db::Sqlite(_) => "sqlite",
        Db::Postgres(_) => "postgres",
    };
    // The schema as it was before roles: every migration older than theirs.
    let mut before =
        Migrator::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(folder)).await.unwrap();
    before.migrations = before.migrations.iter().filter(|m| m.version < ROLES_MIGRATION).cloned().collect();
    let (old_admin, old_member) = (Uuid::now_v7(), Uuid::now_v7());
    on_db!(&db, |pool| {
        before.run(pool).await.unwrap();
        for (id, email, admin) in
            [(old_admin, "old-admin@example.edu", true), (old_member, "member@example.edu", false)]
        {
            sqlx::query("INSERT INTO users (id, email, admin, created_at) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(email)
                .bind(admin)
                .bind(colloquy::clock::now())
                .execute(pool)
                .await
                .unwrap();
        }
    });
    db.close().await;

    // Starting the new version migrates the rest.
    let state = colloquy::prepare(database.config.clone()).await.unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = serve_in_background(listener, state.clone(), Router::new());
    let signed_in = |session: String| {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("cookie", format!("colloquy_session={session}").parse().unwrap());
        reqwest::Client::builder().default_headers(headers).build().unwrap()
    };
    let admin_client = signed_in(state.db.start_session(old_admin).await.unwrap());
    let member_client = signed_in(state.db.start_session(old_member).await.unwrap());
    let users = admin_client.get(format!("{address}/api/admin/users?sort=email")).send().await.unwrap();
    assert_eq!(users.status(), 200);
    let roles: Vec<(String, Value)> = json(users).await["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| (u["email"].as_str().unwrap().to_owned(), u["roles"].clone()))
        .collect();
    assert_eq!(
        roles,
        vec![
            ("member@example.edu".to_owned(), json!([])),
            ("old-admin@example.edu".to_owned(), json!(["admin"]))
        ]
    );
    assert_eq!(member_client.get(format!("{address}/api/admin/users")).send().await.unwrap().status(), 403);
    assert_eq!(state.db.count_admins().await.unwrap(), 1);
}
