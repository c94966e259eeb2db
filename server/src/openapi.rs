//! The OpenAPI 3.1 document, generated from the handlers' annotations. The
//! web app's TypeScript types are generated from it (`make api-types`).

use std::sync::LazyLock;

use axum::http::header;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use crate::accounts::session::SESSION_COOKIE;
use crate::error::ErrorBody;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "colloquy",
        description = "The API of the linguistics society's website and conference portal. \
                       Errors answer with a status code and an ErrorBody."
    ),
    // SiteFile is what editors edit (the home page, footer and carousel);
    // no endpoint answers it whole, yet the site editor builds its form
    // from it, as from the other content types.
    components(schemas(ErrorBody, crate::content::model::SiteFile)),
    modifiers(&SessionCookie)
)]
struct ApiDoc;

/// The security scheme the signed-in endpoints declare: the HttpOnly
/// session cookie the browser sends by itself.
struct SessionCookie;

impl Modify for SessionCookie {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let cookie = ApiKeyValue::with_description(
            SESSION_COOKIE,
            "Set by signing in; state-changing requests also need the header `X-Requested-With`.",
        );
        components.add_security_scheme("session", SecurityScheme::ApiKey(ApiKey::Cookie(cookie)));
    }
}

/// Every API route, with its documentation.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(crate::health::routes())
        .merge(crate::accounts::routes())
        .merge(crate::content::routes())
        .merge(crate::submissions::routes())
        .merge(crate::attendance::routes())
        .merge(crate::admin::routes())
        .merge(crate::review::routes())
        .merge(crate::program::routes())
        .merge(crate::home::routes())
        .merge(crate::registration::routes())
        .merge(crate::certificates::routes())
        .routes(utoipa_axum::routes!(openapi_json))
}

/// The document itself, as served and as written by `colloquy openapi`.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut document = api_router().split_for_parts().1;
    crate::openapi_errors::add_shared_answers(&mut document);
    document
}

/// This document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "operations",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json"))
)]
async fn openapi_json() -> impl axum::response::IntoResponse {
    // Built once: the document only changes with the code.
    static JSON: LazyLock<String> =
        LazyLock::new(|| document().to_pretty_json().expect("the OpenAPI document serialises"));
    ([(header::CONTENT_TYPE, "application/json")], JSON.as_str())
}
