//! Granting and revoking the admin flag; the last admin stays.

use serde_json::json;

use super::{admin, audit_entries_with, json, make_admin, put_json, user_id};
use crate::helpers::{TestApp, browser, spawn_app};
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
    assert_eq!((row["email"].as_str(), row["admin"].as_bool()), (Some("grace@example.edu"), Some(true)));
    assert_eq!(grace_client.get(app.url("/api/admin/users")).send().await.unwrap().status(), 200);
    // Granting again changes nothing and records nothing.
    assert_eq!(
        put_json(&app, &format!("/api/admin/users/{grace}/admin"), json!({"admin": true})).await.status(),
        200
    );

    // With another admin, I may revoke myself, and lose access at once.
    let mine = put_json(&app, &format!("/api/admin/users/{me}/admin"), json!({"admin": false})).await;
    assert_eq!(mine.status(), 200);
    assert_eq!(json(mine).await["admin"], false);
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
        let revoke_a =
            other.put(app.url(&format!("/api/admin/users/{a}/admin"))).json(&json!({"admin": false})).send();
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
