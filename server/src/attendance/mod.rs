//! After acceptance: presenters answer whether they come and how (or
//! decline), confirming their title, and upload their final materials
//! (slides, poster) until the edition's deadlines.

pub mod answer;
pub mod materials;
pub mod pending;
pub mod reminders;
pub mod store;

use object_store::path::Path as ObjectPath;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

pub use crate::presenting::{Attendance, Format, Material, MaterialKind, Mode, Response, before};

use crate::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(answer::answer_attendance))
        .routes(routes!(materials::upload_material, materials::material_file))
        .routes(routes!(materials::admin_materials))
        .routes(routes!(materials::admin_material_file))
        .layer(axum::extract::DefaultBodyLimit::max(crate::uploads::MAX_UPLOAD_REQUEST_BYTES))
}

/// Where a final-materials file lives: derived from ids only.
pub fn storage_key(user_id: Uuid, material_id: Uuid) -> ObjectPath {
    ObjectPath::from(format!("materials/{user_id}/{material_id}.pdf"))
}
