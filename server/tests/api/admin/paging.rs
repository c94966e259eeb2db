//! Every endpoint that pages refuses nonsense paging with a 400 in the
//! error shape, on both databases, and every query string that does not
//! parse answers in that shape too.

use futures_util::future::join_all;

use super::{admin, insert_user, json};
use crate::helpers::{TestApp, spawn_app};

const PAGED: [&str; 2] = ["/api/admin/users", "/api/admin/audit"];

const NONSENSE: [&str; 14] = [
    "page=9223372036854775807",
    "page=1000001",
    "page=0",
    "page=-1",
    "page=-9223372036854775808",
    "page=99999999999999999999",
    "page=two",
    "page=1.5",
    "page=",
    "per_page=0",
    "per_page=-5",
    "per_page=201",
    "per_page=1000000000",
    "per_page=9223372036854775807&page=9223372036854775807",
];

async fn assert_refused(app: &TestApp, path: &str) {
    let response = app.get(path).await;
    assert_eq!(response.status(), 400, "{path}");
    assert_eq!(response.headers()["content-type"], "application/json", "{path}");
    let body = json(response).await;
    let message = body["error"].as_str().unwrap_or_else(|| panic!("{path}: {body}"));
    assert!(message.contains("page"), "{path}: the message names the parameter: {message}");
}

#[tokio::test]
async fn nonsense_paging_is_refused_on_every_paged_endpoint_all_at_once() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let paths: Vec<String> =
        PAGED.iter().flat_map(|path| NONSENSE.iter().map(move |query| format!("{path}?{query}"))).collect();
    // All at once, as a hostile client would send them.
    join_all(paths.iter().map(|path| assert_refused(&app, path))).await;
    for path in PAGED {
        assert_eq!(app.get(path).await.status(), 200, "{path} still answers");
    }
}

#[tokio::test]
async fn the_last_allowed_page_is_an_empty_page_not_the_first() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    insert_user(&app, "bob@x.edu", "Bob", "Zed").await;
    let users = json(app.get("/api/admin/users?page=1000000&per_page=200").await).await;
    assert_eq!(users["users"].as_array().map(Vec::len), Some(0), "{users}");
    assert_eq!((users["total"].as_i64(), users["page"].as_i64()), (Some(2), Some(1_000_000)));
    let audit = json(app.get("/api/admin/audit?page=1000000&per_page=200").await).await;
    assert_eq!(audit["entries"].as_array().map(Vec::len), Some(0), "{audit}");
}

#[tokio::test]
async fn the_openapi_document_declares_the_bounds() {
    let app = spawn_app().await;
    let document = json(app.get("/api/openapi.json").await).await;
    for path in PAGED {
        let parameters = document["paths"][path]["get"]["parameters"].as_array().unwrap();
        let bounds = |name: &str| {
            let schema = &parameters.iter().find(|p| p["name"] == name).unwrap()["schema"];
            (schema["minimum"].as_i64(), schema["maximum"].as_i64())
        };
        assert_eq!(bounds("page"), (Some(1), Some(colloquy::admin::MAX_PAGE)), "{path}");
        assert_eq!(bounds("per_page"), (Some(1), Some(colloquy::admin::MAX_PER_PAGE)), "{path}");
    }
}

#[tokio::test]
async fn query_strings_that_do_not_parse_answer_in_the_error_shape_everywhere() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    for path in [
        "/api/admin/users?sort=sideways",
        "/api/admin/users.csv?dir=up",
        "/api/admin/users?q=a&q=b",
        "/api/accounts/google/start?return_to=/a&return_to=/b",
        "/api/accounts/google/callback?state=a&state=b",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 400, "{path}");
        assert_eq!(response.headers()["content-type"], "application/json", "{path}");
        let body = json(response).await;
        assert!(
            body["error"].as_str().unwrap().starts_with("The query string is not valid: "),
            "{path}: {body}"
        );
    }
}
