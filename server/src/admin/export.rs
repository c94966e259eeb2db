//! The user table as a CSV file for spreadsheets.

use axum::extract::State;
use axum::response::Response;
use std::collections::HashMap;

use uuid::Uuid;

use super::table::TableRow;
use super::users::{TableParams, table_query};
use crate::accounts::roles::Role;
use crate::accounts::session::Admin;
use crate::attendance::pending::AttendanceCounts;
use crate::error::{ApiError, ApiResult, ErrorBody, Query};
use crate::spreadsheet::{
    CsvBody, csv_attachment, pacific_date, pacific_time, safe_cell as spreadsheet_safe,
};
use crate::submissions::PreferredFormat;
use crate::submissions::store::details::DetailsById;
use crate::{AppState, clock};

const HEADER: [&str; 24] = [
    "First Name",
    "Last Name",
    "Email",
    "Applicant",
    "Presenter",
    "Abstract Name",
    "Title",
    "Co-authors",
    "Keywords",
    "Preferred Format",
    "Upload Time (Pacific)",
    "Admin",
    "Submissions",
    "Code",
    "Reviews submitted",
    "Reviews assigned",
    "Mean score",
    "Recommendations",
    "Needs",
    "Attendance",
    "Format",
    "Mode",
    "Final materials",
    "Edition",
];

/// Every row matching the search, in the table's order (not paged), of the
/// chosen edition, which each row and the file's name name.
#[utoipa::path(
    get,
    path = "/api/admin/users.csv",
    tag = "admin",
    params(TableParams),
    responses(
        (status = 200, description = "The searched and filtered table as CSV (UTF-8, header row)", content_type = "text/csv"),
        (status = 400, description = "An unknown sort or direction", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn export_users(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Query(params): Query<TableParams>,
) -> ApiResult<Response> {
    let query = table_query(&state, params).await?;
    let year = query.edition;
    let rows = state.db.admin_table_all(&query).await?;
    let ids: Vec<_> = rows.iter().filter_map(|row| row.s_id).collect();
    let details = state.db.details_of_many(&ids).await?;
    let reviews = crate::review::overview::export_columns_of(&state, year).await?;
    let needs = state.db.needs_by_presenter(year).await?;
    let body = to_csv(year, &rows, &details, &reviews, &needs)
        .map_err(|e| ApiError::Internal(e.context("writing the CSV export")))?;
    let today = pacific_date(clock::now());
    Ok(csv_attachment(&format!("sculc-{year}-users-{today}.csv"), body))
}

/// `year`: the edition the rows show; `details`: title aside, what each
/// submission says of itself; `reviews`: the review columns by submission
/// (`review::overview::export_columns_of`); `needs`: what each presenter
/// wrote of their needs, by person.
fn to_csv(
    year: i32,
    rows: &[TableRow],
    details: &DetailsById,
    reviews: &HashMap<Uuid, [String; 5]>,
    needs: &HashMap<Uuid, String>,
) -> anyhow::Result<Vec<u8>> {
    let mut writer = CsvBody::default();
    writer.write_record(HEADER);
    for row in rows {
        let first = row.first_submission();
        let yes_no = |flag: bool| if flag { "yes" } else { "no" };
        let (coauthors, keywords) = row.s_id.and_then(|id| details.get(&id)).cloned().unwrap_or_default();
        // "Grace Hopper <grace@example.org> (Vassar); …"
        let coauthors = coauthors
            .iter()
            .map(|c| format!("{} <{}> ({})", c.name, c.email, c.institution))
            .collect::<Vec<_>>()
            .join("; ");
        let mut cells: Vec<String> = vec![
            spreadsheet_safe(&row.first_name),
            spreadsheet_safe(&row.last_name),
            spreadsheet_safe(&row.email),
            yes_no(row.applicant).into(),
            yes_no(row.presenter).into(),
            first.as_ref().map(|s| spreadsheet_safe(&s.original_name)).unwrap_or_default(),
            first.as_ref().map(|s| spreadsheet_safe(&s.title)).unwrap_or_default(),
            spreadsheet_safe(&coauthors),
            spreadsheet_safe(&keywords.join("; ")),
            row.s_preferred_format.map(PreferredFormat::label).unwrap_or_default().into(),
            first.as_ref().map(|s| pacific_time(s.uploaded_at)).unwrap_or_default(),
            yes_no(row.roles.has(Role::Admin)).into(),
            row.submission_count.to_string(),
        ];
        match first.as_ref().and_then(|s| reviews.get(&s.id)) {
            Some(review) => cells.extend(review.iter().map(|cell| spreadsheet_safe(cell))),
            None => cells.extend(std::iter::repeat_n(String::new(), 5)),
        }
        cells.push(needs.get(&row.id).map(|text| spreadsheet_safe(text)).unwrap_or_default());
        cells.extend(attendance_cells(&row.attendance));
        cells.push(format!("SCULC {year}"));
        writer.write_record(&cells);
    }
    Ok(writer.into_bytes())
}

/// Attendance, Format, Mode and Final materials, in the words the table uses.
fn attendance_cells(counts: &AttendanceCounts) -> [String; 4] {
    // Empty when nothing is confirmed: there is nothing to upload yet.
    let materials = match (counts.att_confirmed > 0, counts.materials()) {
        (false, _) => "",
        (true, true) => "yes",
        (true, false) => "no",
    };
    [
        counts.summary().label().into(),
        counts.formats().iter().map(|f| f.label()).collect::<Vec<_>>().join("; "),
        counts.modes().iter().map(|m| m.label()).collect::<Vec<_>>().join("; "),
        materials.into(),
    ]
}
