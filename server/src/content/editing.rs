//! Editing the site in the browser (issue 24): editors read and save
//! drafts of the content documents, publish them after the same checks as
//! `colloquy content import`, and look back through, preview and restore
//! every earlier version. Editors see nothing else: no submissions,
//! reviews or personal data.

use std::collections::BTreeMap;

use axum::extract::{FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::bundle::{Invalid, StoredDocument, check_stored, without_nulls};
use super::model::{BoardMember, BoardTerm, EditionPage, Naclo, SiteFile};
use super::store::versions::{DraftRow, GoLive, Live, NotLive, Saved, Source};
use super::store::{BOARD, NACLO, SITE};
use super::versions::{DocumentId, tag};
use crate::AppState;
use crate::accounts::session::{Editor, MaybeUser, edits_content};
use crate::activity::Actor;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};
use crate::rate_limit::Limit;

pub use super::limits::{MAX_DOCUMENT_BYTES, MAX_DOCUMENTS};
/// The largest draft save's request: the document, room for its JSON's
/// spacing and escapes, and the base tag. Past it the request is refused
/// unread; under it, a document over `MAX_DOCUMENT_BYTES` gets its own message.
pub const MAX_DRAFT_REQUEST_BYTES: usize = 2 * MAX_DOCUMENT_BYTES;
/// Draft saves, publications and restores one editor may make in an hour,
/// together: an officer saving by hand all afternoon stays far below it; a
/// script writing 512 KB documents, or restoring versions, in a loop does
/// not.
pub const DRAFT_SAVES_PER_HOUR: Limit =
    Limit { scope: "draft-saves-hour", max: 300, window: time::Duration::HOUR };
/// How many versions the history lists.
const HISTORY: i64 = 200;

/// One document in the editor's overview.
#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentSummary {
    /// `site`, `naclo`, `board:2025-2026`, `edition:2026`.
    pub id: String,
    pub label: String,
    pub kind: String,
    pub key: String,
    #[serde(flatten)]
    pub draft: DraftMark,
}

/// What the draft does to a document, and who saved it last, when.
#[derive(Debug, Serialize, ToSchema)]
pub struct DraftMark {
    /// `unchanged`, `changed`, `added` or `removed` in the draft.
    pub state: &'static str,
    #[schema(required = true)]
    pub draft_by: Option<String>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub draft_at: Option<OffsetDateTime>,
}

impl DraftMark {
    fn of(live: bool, draft: Option<&DraftRow>) -> Self {
        Self {
            state: state_of(live, draft),
            draft_by: draft.map(|d| d.updated_by_name.clone()),
            draft_at: draft.map(|d| d.updated_at),
        }
    }
}

/// Every document, the live version and whether there is a draft.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContentOverview {
    /// The live version's number.
    pub version: i64,
    pub documents: Vec<DocumentSummary>,
    /// How many documents the draft changes.
    pub unpublished: usize,
}

/// A document as the editor edits it: the draft if there is one.
#[derive(Debug, Serialize, ToSchema)]
pub struct EditedDocument {
    pub id: String,
    pub label: String,
    /// The document (its shape is the content type of its kind); null
    /// when the draft removes it.
    #[schema(value_type = Object, required = true)]
    pub body: Option<Value>,
    /// Send it back with a save: it tells whether someone saved meanwhile.
    pub tag: String,
    #[serde(flatten)]
    pub draft: DraftMark,
    /// What publication would refuse in it now, each by its field.
    pub problems: Vec<FieldProblem>,
}

/// A problem of a document, in the form's words, with the field the form
/// shows it by (`gallery.0.original_alt`; empty for the whole page).
#[derive(Debug, Serialize, ToSchema)]
pub struct FieldProblem {
    pub field: String,
    pub message: String,
}

/// A save: the document (null removes a board term or an edition's pages)
/// and the tag it was read with.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DraftSave {
    pub base: String,
    #[schema(value_type = Object)]
    pub body: Option<Value>,
}

/// The document's tag after a save, and what publication would refuse in
/// it (the draft is kept either way, so no typed word is lost).
#[derive(Debug, Serialize, ToSchema)]
pub struct DraftSaved {
    pub tag: String,
    pub problems: Vec<FieldProblem>,
}

/// A new board term's draft.
#[derive(Debug, Serialize, ToSchema)]
pub struct TermStarted {
    pub tag: String,
}

/// A new board term: with the newest term's roles, or with one empty member.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewTerm {
    /// "2025-2026"
    pub term: String,
    /// Start from the newest term's roles (names left empty); else start
    /// with one member to fill in. Copied when not said.
    #[serde(default = "copy_roles_by_default")]
    pub copy_roles: bool,
}

fn copy_roles_by_default() -> bool {
    true
}

/// A version that went live.
#[derive(Debug, Serialize, ToSchema)]
pub struct Published {
    pub version: i64,
    /// What changed, one line per page.
    pub changes: Vec<String>,
}

/// One version in the history.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContentVersion {
    pub id: i64,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub published_at: OffsetDateTime,
    pub published_by: String,
    /// `baseline`, `publish`, `restore` or `import`.
    pub action: String,
    #[schema(required = true)]
    pub restored_from: Option<i64>,
    pub changes: Vec<String>,
    /// Whether this is what visitors see.
    pub live: bool,
}

/// Where the public content endpoints read from: `?preview=draft` or
/// `?preview=12` (a version), for editors only; live for everyone else.
pub struct Preview(pub Source);

#[derive(Deserialize)]
struct PreviewQuery {
    preview: Option<String>,
}

impl FromRequestParts<AppState> for Preview {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Query(query) = Query::<PreviewQuery>::from_request_parts(parts, state).await?;
        let Some(preview) = query.preview else { return Ok(Self(Source::Live)) };
        let source = match preview.as_str() {
            "draft" => Source::Draft,
            version => Source::Version(
                version.parse().map_err(|_| ApiError::NotFound("There is no such version.".into()))?,
            ),
        };
        let user = MaybeUser::from_request_parts(parts, state).await?.0.ok_or(ApiError::Unauthorized)?;
        edits_content(&user)?;
        if let Source::Version(id) = source
            && !state.db.version_exists(id).await?
        {
            return Err(ApiError::NotFound("There is no such version.".into()));
        }
        Ok(Self(source))
    }
}

fn document_id(id: &str) -> ApiResult<DocumentId> {
    id.parse().map_err(|()| ApiError::NotFound("There is no such page of content.".into()))
}

fn state_of(live: bool, draft: Option<&DraftRow>) -> &'static str {
    match (live, draft) {
        (_, None) => "unchanged",
        (true, Some(DraftRow { body: None, .. })) => "removed",
        (false, Some(_)) => "added",
        (true, Some(_)) => "changed",
    }
}

/// Checks that `body` has the shape of its kind (no unknown or missing
/// fields) and keeps its address, as a 422. The editor's form builds only
/// this shape, so what serde would say (field names) is logged, not shown.
fn check_shape(id: &DocumentId, body: &Value) -> ApiResult<()> {
    let refuse = |message: String| ApiError::Unprocessable {
        message: format!("This cannot be saved: {message}"),
        fields: BTreeMap::new(),
    };
    let shape = |error: serde_json::Error| {
        tracing::info!(document = %id, %error, "a draft not of its kind's shape was refused");
        refuse("the page's fields are not those of this kind of page. Reload the page and try again.".into())
    };
    match id.kind {
        SITE => serde_json::from_value::<SiteFile>(body.clone()).map(drop).map_err(shape),
        NACLO => serde_json::from_value::<Naclo>(body.clone()).map(drop).map_err(shape),
        BOARD => {
            let term = serde_json::from_value::<BoardTerm>(body.clone()).map_err(shape)?;
            if term.term != id.key {
                return Err(refuse(format!("the term is {}, not {}", id.key, term.term)));
            }
            Ok(())
        }
        _ => {
            let edition = serde_json::from_value::<EditionPage>(body.clone()).map_err(shape)?;
            if edition.year.to_string() != id.key {
                return Err(refuse(format!("these are the pages of {}, not {}", id.key, edition.year)));
            }
            Ok(())
        }
    }
}

/// The images the site can show: the web app's files, and the photos
/// editors uploaded (`/media/…`, known from their rows alone). Publication
/// and `colloquy content import` both check content against it.
pub(crate) async fn site_images(
    db: &crate::db::Db,
    web_dir: Option<std::path::PathBuf>,
) -> sqlx::Result<impl Fn(&str) -> bool + Sync + use<>> {
    let stored = crate::images::stored_image_urls(db).await?;
    Ok(move |path: &str| match path.starts_with(crate::images::URL_PREFIX) {
        true => stored.contains(path),
        false => crate::web::serves_file(web_dir.as_deref(), path).unwrap_or(true),
    })
}

async fn image_exists(state: &AppState) -> ApiResult<impl Fn(&str) -> bool + Sync + use<>> {
    Ok(site_images(&state.db, state.config.web_dir.clone()).await?)
}

/// How a refused publication's problems are keyed: by page (publishing
/// everything: the file the page would be, as an import names it) or by
/// field (publishing one page, whose form shows each next to its field; a
/// problem of the whole page under "page").
#[derive(Clone, Copy)]
enum KeyedBy {
    Page,
    Field,
}

fn not_live(error: NotLive, keyed: KeyedBy) -> ApiError {
    match error {
        NotLive::NothingToPublish => ApiError::coded(
            StatusCode::CONFLICT,
            "nothing_to_publish",
            "There are no unpublished changes: the site already shows everything.",
        ),
        NotLive::NoSuchVersion => ApiError::NotFound("There is no such version.".into()),
        NotLive::Invalid(Invalid(problems)) => {
            let mut fields: BTreeMap<String, Vec<String>> = BTreeMap::new();
            for problem in problems {
                let key = match keyed {
                    KeyedBy::Page => problem.file,
                    KeyedBy::Field if problem.field.is_empty() => "page".into(),
                    KeyedBy::Field => problem.field,
                };
                fields.entry(key).or_default().push(problem.message);
            }
            ApiError::Unprocessable {
                message: "Nothing was published: fix the problems listed, then publish again.".into(),
                fields,
            }
        }
        NotLive::Database(error) => ApiError::Internal(error.into()),
    }
}

/// What publication would refuse in one document now, each by its field.
async fn problems_of(state: &AppState, id: &DocumentId, body: &Value) -> ApiResult<Vec<FieldProblem>> {
    let exists = image_exists(state).await?;
    let document = StoredDocument { kind: id.kind.into(), key: id.key.clone(), body: body.clone() };
    Ok(check_stored(&document, exists)
        .into_iter()
        .map(|problem| FieldProblem { field: problem.field, message: problem.message })
        .collect())
}

/// Takes one of the editor's edits of the hour (a save, a publication or
/// a restore), or answers 429.
async fn take_edit(state: &AppState, editor: &crate::accounts::session::SessionUser) -> ApiResult<()> {
    let message = format!(
        "You have saved, published or restored {} times in the last hour. Please wait a while before doing \
         it again.",
        DRAFT_SAVES_PER_HOUR.max
    );
    state.db.take(&DRAFT_SAVES_PER_HOUR, &editor.id.to_string(), &message).await
}

fn too_many(count: usize) -> ApiError {
    ApiError::Unprocessable { message: super::limits::too_many(count), fields: BTreeMap::new() }
}

fn published(live: Live) -> Json<Published> {
    Json(Published { version: live.version, changes: live.changes })
}

/// Every content document, with what the draft changes.
#[utoipa::path(
    get,
    path = "/api/editor/content",
    tag = "editor",
    responses((status = 200, description = "The documents and the live version", body = ContentOverview)),
    security(("session" = []))
)]
pub async fn get_overview(
    State(state): State<AppState>,
    _editor: Editor,
) -> ApiResult<Json<ContentOverview>> {
    let live = state.db.live_documents().await?;
    let drafts = state.db.content_drafts().await?;
    let mut ids: Vec<DocumentId> = live.iter().filter_map(DocumentId::of).collect();
    ids.extend(
        drafts.iter().filter_map(|d| format!("{}:{}", d.kind, d.key).trim_end_matches(':').parse().ok()),
    );
    ids.sort_by(|a, b| {
        (order(a.kind), std::cmp::Reverse(&a.key)).cmp(&(order(b.kind), std::cmp::Reverse(&b.key)))
    });
    ids.dedup();
    let documents = ids
        .into_iter()
        .map(|id| {
            let is_live = live.iter().any(|d| d.kind == id.kind && d.key == id.key);
            let draft = drafts.iter().find(|d| d.kind == id.kind && d.key == id.key);
            DocumentSummary {
                id: id.to_string(),
                label: id.label(),
                kind: id.kind.into(),
                key: id.key.clone(),
                draft: DraftMark::of(is_live, draft),
            }
        })
        .collect();
    Ok(Json(ContentOverview {
        version: state.db.content_version().await?,
        documents,
        unpublished: drafts.len(),
    }))
}

/// The order the overview lists kinds in: as the site's nav does.
fn order(kind: &str) -> u8 {
    match kind {
        SITE => 0,
        BOARD => 1,
        NACLO => 2,
        _ => 3,
    }
}

/// One document as the editor edits it.
#[utoipa::path(
    get,
    path = "/api/editor/documents/{id}",
    tag = "editor",
    params(("id" = String, Path, description = "site, naclo, board:2025-2026 or edition:2026")),
    responses(
        (status = 200, description = "The document, its draft if any", body = EditedDocument),
        (status = 404, description = "No such document", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn get_document(
    State(state): State<AppState>,
    _editor: Editor,
    Path(id): Path<String>,
) -> ApiResult<Json<EditedDocument>> {
    let id = document_id(&id)?;
    let live = state.db.document_from(Source::Live, id.kind, &id.key).await?;
    let drafts = state.db.content_drafts().await?;
    let draft = drafts.iter().find(|d| d.kind == id.kind && d.key == id.key);
    let body = match draft {
        Some(draft) => {
            draft.body.as_deref().map(serde_json::from_str).transpose().map_err(anyhow::Error::from)?
        }
        None => live.clone(),
    };
    if body.is_none() && draft.is_none() {
        return Err(ApiError::NotFound("There is no such page of content.".into()));
    }
    let problems = match &body {
        Some(body) => problems_of(&state, &id, body).await?,
        None => Vec::new(),
    };
    Ok(Json(EditedDocument {
        id: id.to_string(),
        label: id.label(),
        tag: tag(body.as_ref()),
        body,
        draft: DraftMark::of(live.is_some(), draft),
        problems,
    }))
}

/// Saves a draft of a document (never on the public site until
/// published), and answers what publication would refuse in it, each
/// problem by its field: the draft is kept either way. A document is at
/// most 512 KB as JSON, and the content at most 100 documents. A save made
/// from an older read of the document is refused with 409
/// `edit_conflict`: nothing is overwritten.
#[utoipa::path(
    put,
    path = "/api/editor/documents/{id}",
    tag = "editor",
    params(("id" = String, Path, description = "site, naclo, board:2025-2026 or edition:2026")),
    request_body = DraftSave,
    responses(
        (status = 200, description = "Saved as a draft, with what publication would refuse in it", body = DraftSaved),
        (status = 404, description = "No such document", body = ErrorBody),
        (status = 409, description = "Someone saved this page since you opened it", body = ErrorBody),
        (status = 413, description = "Longer than 512 KB (as JSON)", body = ErrorBody),
        (status = 422, description = "Not the shape of this kind of content, or a 101st document", body = ErrorBody),
        (status = 429, description = "More than 300 saves, publications and restores in an hour", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn save_document(
    State(state): State<AppState>,
    Editor(editor): Editor,
    Path(id): Path<String>,
    Json(save): Json<DraftSave>,
) -> ApiResult<Json<DraftSaved>> {
    let id = document_id(&id)?;
    take_edit(&state, &editor).await?;
    let body = save.body.map(without_nulls);
    match &body {
        Some(body) => {
            let size = serde_json::to_vec(body).map_err(anyhow::Error::from)?.len();
            if size > MAX_DOCUMENT_BYTES {
                return Err(ApiError::PayloadTooLarge(super::limits::too_long(size)));
            }
            check_shape(&id, body)?;
        }
        None if !id.removable() => {
            return Err(ApiError::BadRequest("The home page and the NACLO page cannot be removed.".into()));
        }
        None => {}
    }
    match state.db.save_draft(&id, &save.base, body.as_ref(), &Actor::admin(&editor)).await? {
        Saved::Saved(tag) => {
            let problems = match &body {
                Some(body) => problems_of(&state, &id, body).await?,
                None => Vec::new(),
            };
            Ok(Json(DraftSaved { tag, problems }))
        }
        Saved::TooMany(count) => Err(too_many(count)),
        Saved::Conflict(_) => Err(ApiError::coded(
            StatusCode::CONFLICT,
            "edit_conflict",
            "Someone else saved this page after you opened it. Reload it to see their changes; your text is kept \
             here so you can copy it across.",
        )),
    }
}

/// Drops a document's draft: back to what the site shows.
#[utoipa::path(
    delete,
    path = "/api/editor/documents/{id}/draft",
    tag = "editor",
    params(("id" = String, Path, description = "site, naclo, board:2025-2026 or edition:2026")),
    responses((status = 204, description = "The draft is gone (or there was none)")),
    security(("session" = []))
)]
pub async fn discard_draft(
    State(state): State<AppState>,
    _editor: Editor,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let id = document_id(&id)?;
    state.db.discard_draft(&id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Starts a board term as a draft: the newest term's roles, in order, with
/// everything else empty for the new officers to fill in; or, when asked
/// not to copy them, one empty member.
#[utoipa::path(
    post,
    path = "/api/editor/board-terms",
    tag = "editor",
    request_body = NewTerm,
    responses(
        (status = 201, description = "The new term's draft", body = TermStarted),
        (status = 409, description = "The term exists already", body = ErrorBody),
        (status = 422, description = "Not two consecutive years", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn start_term(
    State(state): State<AppState>,
    Editor(editor): Editor,
    Json(new): Json<NewTerm>,
) -> ApiResult<(StatusCode, Json<TermStarted>)> {
    let id = match format!("board:{}", new.term).parse::<DocumentId>() {
        Ok(id) if super::bundle::is_board_term(&new.term) => id,
        _ => {
            return Err(ApiError::Unprocessable {
                message: "A term is two consecutive years, like 2025-2026.".into(),
                fields: BTreeMap::from([(
                    "term".into(),
                    vec!["Write two consecutive years, like 2025-2026.".into()],
                )]),
            });
        }
    };
    let terms = state.db.documents_of_kind(Source::Draft, BOARD).await?;
    if terms.iter().any(|(key, _)| *key == new.term) {
        return Err(ApiError::Conflict(format!("The {} term exists already.", new.term.replace('-', "–"))));
    }
    let roles = match terms.first() {
        Some((_, newest)) if new.copy_roles => serde_json::from_value::<BoardTerm>(newest.clone())
            .map_err(anyhow::Error::from)?
            .members
            .into_iter()
            .map(|member| member.role)
            .collect(),
        Some(_) => vec![String::new()],
        None => vec!["President".to_owned()],
    };
    let members = roles
        .into_iter()
        .map(|role| BoardMember {
            role,
            name: String::new(),
            pronouns: String::new(),
            major_minor: String::new(),
            class_year: String::new(),
            favourite_area: String::new(),
            favourite_drink: String::new(),
            photo: None,
        })
        .collect();
    let body = serde_json::to_value(BoardTerm { term: new.term.clone(), note: None, members })
        .map_err(anyhow::Error::from)?;
    match state.db.save_draft(&id, &tag(None), Some(&body), &Actor::admin(&editor)).await? {
        Saved::Saved(tag) => Ok((StatusCode::CREATED, Json(TermStarted { tag }))),
        Saved::TooMany(count) => Err(too_many(count)),
        Saved::Conflict(_) => {
            Err(ApiError::Conflict(format!("The {} term exists already.", new.term.replace('-', "–"))))
        }
    }
}

/// Publishes the draft: every check `colloquy content import` makes, then
/// the new version replaces the live content in one transaction. Every
/// instance serves it from the next request. The content holds at most 100
/// documents (pages), each at most 512 KB as JSON; saves, publications and
/// restores together are at most 300 an hour per editor.
#[utoipa::path(
    post,
    path = "/api/editor/publish",
    tag = "editor",
    responses(
        (status = 200, description = "The draft is live", body = Published),
        (status = 409, description = "Nothing to publish", body = ErrorBody),
        (status = 422, description = "The problems, by page (a page over 512 KB, more than 100 pages); nothing changed", body = ErrorBody),
        (status = 429, description = "More than 300 saves, publications and restores in an hour", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn publish_content(
    State(state): State<AppState>,
    Editor(editor): Editor,
) -> ApiResult<Json<Published>> {
    take_edit(&state, &editor).await?;
    let exists = image_exists(&state).await?;
    state
        .db
        .go_live(GoLive::Publish, &exists, &Actor::admin(&editor))
        .await
        .map(published)
        .map_err(|error| not_live(error, KeyedBy::Page))
}

/// Publishes one page's draft alone, after the same checks; the other
/// drafts stay drafts. Its problems come back by field, for its form.
#[utoipa::path(
    post,
    path = "/api/editor/documents/{id}/publish",
    tag = "editor",
    params(("id" = String, Path, description = "site, naclo, board:2025-2026 or edition:2026")),
    responses(
        (status = 200, description = "The page's draft is live", body = Published),
        (status = 404, description = "No such document", body = ErrorBody),
        (status = 409, description = "The page has no unpublished changes", body = ErrorBody),
        (status = 422, description = "The page's problems, by field; nothing changed", body = ErrorBody),
        (status = 429, description = "More than 300 saves, publications and restores in an hour", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn publish_document(
    State(state): State<AppState>,
    Editor(editor): Editor,
    Path(id): Path<String>,
) -> ApiResult<Json<Published>> {
    let id = document_id(&id)?;
    take_edit(&state, &editor).await?;
    let exists = image_exists(&state).await?;
    state.db.go_live(GoLive::PublishOne(&id), &exists, &Actor::admin(&editor)).await.map(published).map_err(
        |error| match error {
            NotLive::NothingToPublish => ApiError::coded(
                StatusCode::CONFLICT,
                "nothing_to_publish",
                "This page has no unpublished changes: the site already shows it.",
            ),
            error => not_live(error, KeyedBy::Field),
        },
    )
}

/// Whose history: the whole site's, or one page's (`?doc=site`).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct HistoryQuery {
    /// A document (site, naclo, board:2025-2026, edition:2026): only the
    /// versions that changed it.
    pub doc: Option<String>,
}

/// The history of the content (or of one page), newest first.
#[utoipa::path(
    get,
    path = "/api/editor/versions",
    tag = "editor",
    params(HistoryQuery),
    responses(
        (status = 200, description = "Every version, newest first", body = Vec<ContentVersion>),
        (status = 404, description = "No such document", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn get_versions(
    State(state): State<AppState>,
    _editor: Editor,
    Query(query): Query<HistoryQuery>,
) -> ApiResult<Json<Vec<ContentVersion>>> {
    let live = state.db.content_version().await?;
    let mut versions = state.db.content_versions(HISTORY).await?;
    if let Some(doc) = &query.doc {
        let id = document_id(doc)?;
        let changed = state.db.document_versions(id.kind, &id.key).await?;
        versions.retain(|row| changed.contains(&row.id));
    }
    Ok(Json(
        versions
            .into_iter()
            .map(|row| ContentVersion {
                live: row.id == live,
                changes: serde_json::from_str(&row.changes).unwrap_or_default(),
                id: row.id,
                published_at: row.published_at,
                published_by: row.actor_name,
                action: row.action,
                restored_from: row.restored_from,
            })
            .collect(),
    ))
}

/// Makes an earlier version live again, as a new version (which stores
/// none of the documents again). Counts among the editor's 300 saves,
/// publications and restores an hour.
#[utoipa::path(
    post,
    path = "/api/editor/versions/{id}/restore",
    tag = "editor",
    params(("id" = i64, Path, description = "The version to restore")),
    responses(
        (status = 200, description = "The restored content is live", body = Published),
        (status = 404, description = "No such version", body = ErrorBody),
        (status = 422, description = "The version no longer passes the checks (e.g. a missing image)", body = ErrorBody),
        (status = 429, description = "More than 300 saves, publications and restores in an hour", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn restore_content_version(
    State(state): State<AppState>,
    Editor(editor): Editor,
    Path(id): Path<i64>,
) -> ApiResult<Json<Published>> {
    take_edit(&state, &editor).await?;
    let exists = image_exists(&state).await?;
    state
        .db
        .go_live(GoLive::Restore(id), &exists, &Actor::admin(&editor))
        .await
        .map(published)
        .map_err(|error| not_live(error, KeyedBy::Page))
}

/// Makes one page as an earlier version had it live again, as a new
/// version; every other page stays as it is (drafts included).
#[utoipa::path(
    post,
    path = "/api/editor/documents/{id}/versions/{version}/restore",
    tag = "editor",
    params(
        ("id" = String, Path, description = "site, naclo, board:2025-2026 or edition:2026"),
        ("version" = i64, Path, description = "The version to take the page from"),
    ),
    responses(
        (status = 200, description = "The page as that version had it is live", body = Published),
        (status = 404, description = "No such version, or the page was not in it", body = ErrorBody),
        (status = 422, description = "The page no longer passes the checks (e.g. a missing image)", body = ErrorBody),
        (status = 429, description = "More than 300 saves, publications and restores in an hour", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn restore_document_version(
    State(state): State<AppState>,
    Editor(editor): Editor,
    Path((id, version)): Path<(String, i64)>,
) -> ApiResult<Json<Published>> {
    let id = document_id(&id)?;
    take_edit(&state, &editor).await?;
    let exists = image_exists(&state).await?;
    state
        .db
        .go_live(GoLive::RestoreOne(&id, version), &exists, &Actor::admin(&editor))
        .await
        .map(published)
        .map_err(|error| not_live(error, KeyedBy::Field))
}
