//! The served OpenAPI document is the one the web app's types were generated
//! from; when a handler changes, this fails until `make api-types` is run.

use serde_json::Value;

use crate::helpers::{repo_root, spawn_app};

#[tokio::test]
async fn the_openapi_document_is_served_as_openapi_3_1() {
    let app = spawn_app().await;
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    let document: Value = response.json().await.unwrap();
    assert!(document["openapi"].as_str().unwrap().starts_with("3.1"));
    for path in ["/api/health", "/api/session", "/api/openapi.json"] {
        assert!(document["paths"].get(path).is_some(), "{path} is documented");
    }
    assert!(document["components"]["schemas"].get("ErrorBody").is_some());
}

#[tokio::test]
async fn the_web_apps_committed_api_document_is_current() {
    let app = spawn_app().await;
    let served: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let committed_path = repo_root().join("web/src/api/openapi.json");
    let committed: Value = serde_json::from_str(
        &std::fs::read_to_string(&committed_path).expect("web/src/api/openapi.json exists"),
    )
    .expect("web/src/api/openapi.json is JSON");
    assert!(
        served == committed,
        "web/src/api/openapi.json is stale: run `make api-types` and commit the result"
    );
}
