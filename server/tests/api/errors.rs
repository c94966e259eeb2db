//! The one error shape: every failure answers `{"error": "..."}` with the
//! right status, and internal causes never reach the client.

use axum::Router;
use axum::routing::{get, post};
use colloquy::AppState;
use colloquy::error::{ApiError, Json};
use serde::Deserialize;
use serde_json::Value;

use crate::helpers::{TestApp, spawn_app, spawn_app_with};

const BODY_LIMIT: usize = colloquy::MAX_JSON_BYTES;

async fn error_of(response: reqwest::Response) -> String {
    let body: Value = response.json().await.expect("the error body is JSON");
    body["error"].as_str().expect("an error message").to_owned()
}

#[tokio::test]
async fn unknown_api_paths_answer_404_in_the_error_shape() {
    let app = spawn_app().await;
    for path in ["/api/nope", "/api", "/api/health/extra"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(response.headers()["content-type"], "application/json", "{path}");
        assert_eq!(error_of(response).await, "There is no such API endpoint.");
    }
}

#[tokio::test]
async fn a_wrong_method_answers_405_in_the_error_shape() {
    let app = spawn_app().await;
    let response = app.client.delete(app.url("/api/health")).send().await.unwrap();
    assert_eq!(response.status(), 405);
    assert_eq!(error_of(response).await, "This method is not allowed here.");
}

#[tokio::test]
async fn an_id_that_does_not_parse_is_not_found_in_the_error_shape() {
    let app = spawn_app().await;
    crate::submissions::applicant(&app, "ada@example.edu").await;
    for path in ["/api/submissions/not-an-id/file", "/api/submissions/12345/file"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(response.headers()["content-type"], "application/json", "{path}");
        assert_eq!(error_of(response).await, "There is no such thing here.");
    }
}

#[tokio::test]
async fn a_path_that_is_not_text_is_not_found_in_the_error_shape() {
    let app = spawn_app().await;
    // %FF decodes to a byte that is not UTF-8: no edition can be named so.
    for path in ["/api/content/editions/%FF", "/api/content/editions/%FF/calendar.ics"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(response.headers()["content-type"], "application/json", "{path}");
        assert_eq!(error_of(response).await, "There is no such thing here.");
    }
}

#[derive(Deserialize)]
struct Greeting {
    name: String,
}

async fn echo(Json(greeting): Json<Greeting>) -> Json<Value> {
    Json(serde_json::json!({ "hello": greeting.name }))
}

async fn failing() -> Result<(), ApiError> {
    Err(ApiError::Internal(
        anyhow::anyhow!("password=hunter2 at db.internal:5432").context("loading the table"),
    ))
}

async fn panicking() -> &'static str {
    panic!("index out of bounds in secret_module.rs")
}

async fn app_with_test_routes() -> TestApp {
    let routes = Router::<AppState>::new()
        .route("/api/test/echo", post(echo))
        .route("/api/test/failing", get(failing))
        .route("/api/test/panicking", get(panicking));
    spawn_app_with(routes, |_| {}).await
}

#[tokio::test]
async fn json_bodies_are_parsed_and_bad_ones_get_clear_4xx_answers() {
    let app = app_with_test_routes().await;
    let post = |body: &'static str, content_type: &'static str| {
        app.client.post(app.url("/api/test/echo")).header("content-type", content_type).body(body).send()
    };

    let ok = post(r#"{"name": "Ada"}"#, "application/json").await.unwrap();
    assert_eq!(ok.status(), 200);
    assert_eq!(ok.json::<Value>().await.unwrap()["hello"], "Ada");

    let malformed = post(r#"{"name": "Ada""#, "application/json").await.unwrap();
    assert_eq!(malformed.status(), 400);
    assert_eq!(error_of(malformed).await, "The request body is not valid JSON.");

    let wrong_shape = post(r#"{"name": 42}"#, "application/json").await.unwrap();
    assert_eq!(wrong_shape.status(), 422);
    assert!(error_of(wrong_shape).await.starts_with("The request body has the wrong shape"));

    let not_json = post("name=Ada", "application/x-www-form-urlencoded").await.unwrap();
    assert_eq!(not_json.status(), 415);
    assert!(error_of(not_json).await.contains("application/json"));
}

#[tokio::test]
async fn internal_errors_answer_500_without_their_cause() {
    let app = app_with_test_routes().await;
    let response = app.get("/api/test/failing").await;
    assert_eq!(response.status(), 500);
    let body = response.text().await.unwrap();
    assert!(!body.contains("hunter2") && !body.contains("loading the table"), "{body}");
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["error"], "Something went wrong on our side. Please try again.");
}

#[tokio::test]
async fn a_panicking_handler_answers_500_and_the_server_keeps_serving() {
    let app = app_with_test_routes().await;
    let response = app.get("/api/test/panicking").await;
    assert_eq!(response.status(), 500);
    let body = response.text().await.unwrap();
    assert!(!body.contains("secret_module"), "{body}");
    assert_eq!(app.get("/api/health").await.status(), 200);
}

#[tokio::test]
async fn json_bodies_over_the_limit_answer_413_in_the_error_shape_and_change_nothing() {
    let app = app_with_test_routes().await;
    let huge_name = "a".repeat(BODY_LIMIT);
    let body = serde_json::json!({
        "first_name": huge_name, "last_name": "Lovelace", "email": "ada@example.edu", "password": "correct horse battery",
    });
    // Twenty at once: each is refused on its own, the server stays up.
    let answers = futures_util::future::join_all(
        (0..20).map(|_| app.post_json("/api/accounts/register", body.clone())),
    )
    .await;
    for response in answers {
        assert_eq!(response.status(), 413);
        assert_eq!(response.headers()["content-type"], "application/json");
        assert_eq!(error_of(response).await, "The request body is too large.");
    }
    assert_eq!(crate::accounts::user_count(&app).await, 0);
    // Just under the limit is read.
    let just_under = serde_json::json!({"name": "a".repeat(BODY_LIMIT - 100)});
    assert_eq!(app.post_json("/api/test/echo", just_under).await.status(), 200);
}
