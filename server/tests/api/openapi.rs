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

/// Every endpoint a visitor is refused (401) declares the session cookie it
/// needs, and sending no cookie to one really is refused: the document's
/// security claims are the server's behaviour.
#[tokio::test]
async fn the_signed_in_endpoints_declare_the_session_cookie_and_require_it() {
    let app = spawn_app().await;
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    assert_eq!(
        document["components"]["securitySchemes"]["session"],
        serde_json::json!({
            "type": "apiKey", "in": "cookie", "name": "colloquy_session",
            "description": "Set by signing in; state-changing requests also need the header `X-Requested-With`."
        })
    );
    let mut secured = 0;
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let declared = operation["security"] == serde_json::json!([{"session": []}]);
            let refuses_visitors = operation["responses"]["401"]["description"] == "No one is signed in";
            assert_eq!(declared, refuses_visitors, "{method} {path}");
            if !declared {
                continue;
            }
            secured += 1;
            let url = path.replace("{id}", &uuid::Uuid::nil().to_string()).replace("{year}", "2025");
            let url = url.replace("{kind}", "acceptance").replace("{role}", "reviewer");
            let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let answer = app.client.request(method.clone(), app.url(&url)).send().await.unwrap();
            assert_eq!(answer.status(), 401, "{method} {url} without a session");
        }
    }
    assert!(secured >= 20, "only {secured} operations declare the session cookie");
}
