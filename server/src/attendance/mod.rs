//! After acceptance: presenters answer whether they come and how (or
//! decline), confirming their title, and upload their final materials
//! (slides, poster) until the edition's deadlines.

pub mod answer;
pub mod materials;
pub mod pending;
pub mod reminders;
pub mod store;

use object_store::path::Path as ObjectPath;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(answer::answer_attendance))
        .routes(routes!(materials::upload_material, materials::material_file))
        .routes(routes!(materials::admin_materials))
        .routes(routes!(materials::admin_material_file))
        .layer(axum::extract::DefaultBodyLimit::max(crate::submissions::upload::MAX_REQUEST_BYTES))
}

/// Where a final-materials file lives: derived from ids only.
pub fn storage_key(user_id: Uuid, material_id: Uuid) -> ObjectPath {
    ObjectPath::from(format!("materials/{user_id}/{material_id}.pdf"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Response {
    Confirmed,
    Declined,
}

/// How a presenter attends: "In person" or "Virtually (video call)".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    InPerson,
    Virtual,
}

/// The spec's formats: a 15-minute talk plus 5 minutes of questions, a
/// poster, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    Talk,
    Poster,
    Both,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MaterialKind {
    Slides,
    Poster,
}

impl MaterialKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Slides => "slides",
            Self::Poster => "poster",
        }
    }
}

/// Text stored in the database back to its value (the CHECKs keep it one).
fn from_db<T: serde::de::DeserializeOwned>(raw: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(raw.to_owned())).ok()
}

fn to_db<T: Serialize>(value: T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(text)) => text,
        _ => unreachable!("unit enums serialise as strings"),
    }
}

/// A presenter's answer for one submission.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Attendance {
    pub response: Response,
    /// Null when declined.
    pub mode: Option<Mode>,
    /// Null when declined.
    pub format: Option<Format>,
    /// Accessibility, dietary or other needs, as the presenter wrote them.
    pub needs: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub answered_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: OffsetDateTime,
}

/// A current final-materials file, as its author sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Material {
    pub kind: MaterialKind,
    /// The name the file had on the presenter's computer.
    pub original_name: String,
    pub size_bytes: i64,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub uploaded_at: OffsetDateTime,
}

/// Whether answers may still change at `now` (a missing deadline: always).
pub fn before(deadline: Option<OffsetDateTime>, now: OffsetDateTime) -> bool {
    deadline.is_none_or(|by| now <= by)
}
