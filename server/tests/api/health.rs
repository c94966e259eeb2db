use serde_json::{Value, json};

use crate::helpers::spawn_app;

#[tokio::test]
async fn health_says_ok_when_the_database_answers() {
    let app = spawn_app().await;
    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"status": "ok", "database": "ok"}));
}

#[tokio::test]
async fn health_says_unavailable_when_the_database_is_gone() {
    let app = spawn_app().await;
    app.state.db.close().await;
    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 503);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({"status": "unavailable", "database": "unreachable"}));
}
