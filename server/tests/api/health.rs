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

#[tokio::test]
async fn live_answers_while_the_database_is_gone() {
    let app = spawn_app().await;
    app.state.db.close().await;
    let response = app.get("/api/health/live").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"status": "ok"}));
}

#[tokio::test]
async fn ready_checks_the_database_and_the_storage() {
    let app = spawn_app().await;
    let response = app.get("/api/health/ready").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"status": "ok", "database": "ok", "storage": "ok"})
    );
}

#[tokio::test]
async fn ready_names_the_storage_when_it_is_gone() {
    let app = spawn_app().await;
    std::fs::remove_dir_all(app.state.config.data_dir.join("files")).unwrap();
    let response = app.get("/api/health/ready").await;
    assert_eq!(response.status(), 503);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"status": "unavailable", "database": "ok", "storage": "unreachable"})
    );
}

#[tokio::test]
async fn ready_names_the_database_when_it_is_gone() {
    let app = spawn_app().await;
    app.state.db.close().await;
    let response = app.get("/api/health/ready").await;
    assert_eq!(response.status(), 503);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"status": "unavailable", "database": "unreachable", "storage": "ok"})
    );
}

#[tokio::test]
async fn the_health_endpoints_are_in_the_openapi_document() {
    let app = spawn_app().await;
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    for path in ["/api/health/live", "/api/health/ready"] {
        assert!(document["paths"][path]["get"].is_object(), "{path} is documented");
    }
    let ready = &document["paths"]["/api/health/ready"]["get"]["responses"];
    assert!(ready["200"].is_object() && ready["503"].is_object());
}
