//! The answers every handler can give without saying so in its own
//! annotation, added to the OpenAPI document so that it declares every
//! status the server really sends: the session extractors' 401 and 403
//! (on every operation that names the session cookie), the CSRF guard's 403, the JSON and
//! multipart extractors' 400/413/415/422, the body deadline's 408, the
//! query and path extractors' 400 and 404, and the 503 of an unreachable
//! database. `scripts/schemathesis.sh` checks that nothing else is answered.

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, Response, ResponseBuilder};

/// Who may call the operations under each path prefix, beyond being signed
/// in: the 403 their extractor answers to everyone else.
const ROLE_REFUSALS: &[(&str, &str)] =
    &[("/api/admin/", "Not an admin"), ("/api/editor/", "Not an editor or admin")];

/// Adds the shared answers to every operation of `document`, keeping an
/// operation's own description where it declares the status already.
pub fn add_shared_answers(document: &mut OpenApi) {
    for (path, item) in document.paths.paths.iter_mut() {
        let operations = [
            (false, item.get.as_mut()),
            (true, item.post.as_mut()),
            (true, item.put.as_mut()),
            (true, item.patch.as_mut()),
            (true, item.delete.as_mut()),
        ];
        for (changes_state, operation) in operations {
            if let Some(operation) = operation {
                add_to(path, operation, changes_state);
            }
        }
    }
}

fn add_to(path: &str, operation: &mut Operation, changes_state: bool) {
    let body = operation.request_body.as_ref().map(|body| body.content.keys().cloned().collect::<Vec<_>>());
    let parameters = operation.parameters.as_deref().unwrap_or_default();
    let has_query = parameters.iter().any(|p| p.parameter_in == ParameterIn::Query);
    let has_path = parameters.iter().any(|p| p.parameter_in == ParameterIn::Path);

    let mut answers: Vec<(&str, &str)> = Vec::new();
    let session = SecurityRequirement::new("session", Vec::<String>::new());
    if operation.security.as_deref().unwrap_or_default().contains(&session) {
        answers.push(("401", "No one is signed in"));
        // One description per status: the role's refusal is the 403 a
        // signed-in caller meets first.
        if let Some((_, refusal)) = ROLE_REFUSALS.iter().find(|(prefix, _)| path.starts_with(prefix)) {
            answers.push(("403", refusal));
        }
    }
    if changes_state {
        answers.push((
            "403",
            "Refused as cross-site (code `cross_site`): the request lacks `X-Requested-With: colloquy` \
             or comes from another origin",
        ));
    }
    if let Some(types) = &body {
        let json = types.iter().any(|t| t == "application/json");
        answers.push(("400", "The request body is not valid JSON, or could not be read"));
        answers.push(("408", "The request body did not arrive in time"));
        answers.push(("413", "The request body is too large"));
        answers.push((
            "415",
            if json {
                "The request body is not JSON (Content-Type: application/json)"
            } else {
                "Not a form upload"
            },
        ));
        if json {
            answers.push(("422", "The request body has the wrong shape"));
        }
    }
    if has_query {
        answers.push(("400", "The query string is not valid"));
    }
    if has_path {
        answers.push(("404", "Nothing has this id"));
    }
    answers.push(("503", "The database cannot be reached right now; try again shortly"));

    for (status, description) in answers {
        operation.responses.responses.entry(status.to_owned()).or_insert_with(|| error_answer(description));
    }
}

fn error_answer(description: &str) -> RefOr<Response> {
    RefOr::T(
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build(),
            )
            .build(),
    )
}
