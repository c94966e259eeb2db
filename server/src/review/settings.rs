//! The review settings of the current edition: deadline, reviewers per
//! submission, visibility, and the form's criteria (fixed once a review is
//! saved).

use std::collections::BTreeMap;

use axum::extract::State;

use super::store::writes::{SettingsSave, SettingsWrite};
use super::types::{EditionParams, ReviewSettings, ReviewSettingsInput};
use super::{CRITERIA_LOCKED, changeable_year, chosen_year, of_edition};
use crate::AppState;
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::clock;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Query};

pub const MAX_CRITERIA: usize = 10;
const MAX_CRITERION_CHARS: usize = 100;
const MAX_WEIGHT: f64 = 100.0;

async fn settings(state: &AppState, year: i32) -> ApiResult<ReviewSettings> {
    let data = of_edition(state, year).await?;
    let locked = state.db.criteria_locked(data.year).await?;
    Ok(ReviewSettings {
        edition_year: data.year,
        deadline: data.settings.deadline,
        reviewers_per_submission: data.settings.reviewers_per_submission,
        visibility: data.settings.visibility,
        criteria: super::reviewer::criteria(&data),
        criteria_locked: locked,
    })
}

/// An edition's review settings (`?edition=`, else the current one's).
#[utoipa::path(
    get,
    path = "/api/admin/review/settings",
    tag = "review",
    params(EditionParams),
    responses(
        (status = 200, description = "The settings", body = ReviewSettings),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn get_settings(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Query(edition): Query<EditionParams>,
) -> ApiResult<Json<ReviewSettings>> {
    let year = chosen_year(&state, &edition).await?;
    Ok(Json(settings(&state, year).await?))
}

/// Changes the settings. Once a review is saved the criteria (names,
/// weights, how many) cannot change: 409.
#[utoipa::path(
    put,
    path = "/api/admin/review/settings",
    tag = "review",
    params(EditionParams),
    request_body = ReviewSettingsInput,
    responses(
        (status = 200, description = "The settings after the change", body = ReviewSettings),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 409, description = "The criteria cannot change once a review has been saved. Or an earlier edition (its reviews are read, not changed)", body = ErrorBody),
        (status = 422, description = "A value out of range, per field", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn put_settings(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Query(edition): Query<EditionParams>,
    Json(input): Json<ReviewSettingsInput>,
) -> ApiResult<Json<ReviewSettings>> {
    let write = checked(input)?;
    let year = changeable_year(&state, &edition).await?;
    let actor = Actor::admin(&admin);
    let names: Vec<String> = write
        .criteria
        .iter()
        .map(|(_, name, weight)| format!("{name} ×{}", f64::from(*weight) / 100.0))
        .collect();
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::ReviewSettingsChanged,
        summary: format!(
            "Changed the review settings of SCULC {year}: deadline {}, {} reviewers per submission, others' reviews {}, criteria {}",
            write.deadline.map_or_else(|| "none".to_owned(), |d| d.to_string()),
            write.reviewers_per_submission,
            write.visibility.as_str(),
            names.join(", ")
        ),
    };
    match state.db.save_review_settings(year, &write, &entry).await? {
        SettingsSave::Saved => Ok(Json(settings(&state, year).await?)),
        SettingsSave::Locked => Err(ApiError::Conflict(CRITERIA_LOCKED.into())),
        SettingsSave::UnknownCriterion => {
            let mut fields = BTreeMap::new();
            fields.insert(
                "criteria".to_owned(),
                vec!["A criterion of another edition, or one removed meanwhile.".to_owned()],
            );
            Err(ApiError::Unprocessable { message: "Please reload the settings.".into(), fields })
        }
    }
}

fn checked(input: ReviewSettingsInput) -> ApiResult<SettingsWrite> {
    let mut fields: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if !(1..=10).contains(&input.reviewers_per_submission) {
        fields.insert(
            "reviewers_per_submission".into(),
            vec!["Choose from 1 to 10 reviewers per submission.".into()],
        );
    }
    if input.criteria.is_empty() || input.criteria.len() > MAX_CRITERIA {
        fields.insert("criteria".into(), vec![format!("The form needs 1 to {MAX_CRITERIA} criteria.")]);
    }
    let mut criteria = Vec::new();
    let mut seen = Vec::new();
    for (index, criterion) in input.criteria.iter().enumerate() {
        let name = crate::text::without_bidi_controls(criterion.name.trim());
        let key = super::conflicts::name_key(&name);
        if name.is_empty() || name.chars().count() > MAX_CRITERION_CHARS || name.chars().any(char::is_control)
        {
            fields.insert(
                format!("criteria.{index}.name"),
                vec![format!("A criterion needs a name of 1 to {MAX_CRITERION_CHARS} characters.")],
            );
        } else if seen.contains(&key) {
            fields.insert(
                format!("criteria.{index}.name"),
                vec!["Two criteria cannot have the same name.".into()],
            );
        }
        seen.push(key);
        if !(criterion.weight.is_finite() && criterion.weight > 0.0 && criterion.weight <= MAX_WEIGHT)
            || (criterion.weight * 100.0).round() < 1.0
        {
            fields.insert(
                format!("criteria.{index}.weight"),
                vec!["A weight is above 0 and at most 100.".into()],
            );
        }
        criteria.push((criterion.id, name, (criterion.weight * 100.0).round() as i32));
    }
    if !fields.is_empty() {
        return Err(ApiError::Unprocessable {
            message: "Please correct the review settings.".into(),
            fields,
        });
    }
    Ok(SettingsWrite {
        deadline: input.deadline.map(clock::to_stored),
        reviewers_per_submission: input.reviewers_per_submission,
        visibility: input.visibility,
        criteria,
    })
}
