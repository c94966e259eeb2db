//! What admins see after acceptance: each person's attendance, formats,
//! modes and final materials in the table and the export, and the two
//! filters of the people who have not acted, with search and paging.
//!
//! Submissions are accepted through the real decision API; the answers and
//! materials (written by the presenter's endpoints) are seeded in the
//! database.

use serde_json::{Value, json};
use uuid::Uuid;

use super::{admin, emails, insert_submission, insert_user, json as body_json, set_status};
use crate::helpers::{TestApp, spawn_app};

/// Accepts a submission as an admin does (the signed-in client is one).
pub async fn accept(app: &TestApp, id: Uuid) {
    let response = app
        .post_json(&format!("/api/admin/submissions/{id}/decision"), json!({"decision": "accepted"}))
        .await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
}

/// An answer as the presenter's form writes it; `None`: declined.
pub async fn answer(app: &TestApp, submission: Uuid, confirmed: Option<(&str, &str)>) {
    let now = colloquy::clock::now();
    let (response, mode, format) = match confirmed {
        Some((mode, format)) => ("confirmed", Some(mode), Some(format)),
        None => ("declined", None, None),
    };
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO attendance (submission_id, response, mode, format, answered_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $5)",
        )
        .bind(submission)
        .bind(response)
        .bind(mode)
        .bind(format)
        .bind(now)
        .execute(pool)
        .await
        .unwrap();
    });
}

/// A final material; `replaced`: an older one, kept for admins only.
pub async fn material(app: &TestApp, submission: Uuid, kind: &str, replaced: bool) {
    let id = Uuid::now_v7();
    let now = colloquy::clock::now();
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO final_materials (id, submission_id, kind, original_name, storage_key, size_bytes, sha256,
                                          uploaded_at, replaced_at)
             VALUES ($1, $2, $3, 'slides.pdf', $4, 1000, 'x', $5, $6)",
        )
        .bind(id)
        .bind(submission)
        .bind(kind)
        .bind(format!("materials/x/{id}.pdf"))
        .bind(now)
        .bind(replaced.then_some(now))
        .execute(pool)
        .await
        .unwrap();
    });
}

/// An accepted submission of the current edition by a new user.
pub async fn presenter(app: &TestApp, email: &str, first: &str, last: &str) -> (Uuid, Uuid) {
    let user = insert_user(app, email, first, last).await;
    let submission = insert_submission(app, user, &format!("{first}.pdf"), 2025, 0).await;
    accept(app, submission).await;
    (user, submission)
}

/// Every state a person can be in after acceptance, on the admin's client.
pub async fn seeded() -> TestApp {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    // Two submissions: one not answered, one confirmed with slides.
    let (ann, first) = presenter(&app, "ann@x.edu", "Ann", "Ames").await;
    let second = insert_submission(&app, ann, "second.pdf", 2025, 5).await;
    accept(&app, second).await;
    answer(&app, second, Some(("in_person", "talk"))).await;
    material(&app, second, "slides", false).await;
    let _ = first;
    // Confirmed, no materials yet.
    let (_, bob) = presenter(&app, "bob@x.edu", "Bob", "Baker").await;
    answer(&app, bob, Some(("virtual", "poster"))).await;
    // Declined: an answer, so in neither filter.
    let (_, carol) = presenter(&app, "carol@x.edu", "Carol", "Cole").await;
    answer(&app, carol, None).await;
    // Not answered, twice: one person in the filter, counted once.
    let (dave, _) = presenter(&app, "dave@x.edu", "Dave", "Dunn").await;
    let again = insert_submission(&app, dave, "again.pdf", 2025, 5).await;
    accept(&app, again).await;
    // Submitted, not accepted.
    let eve = insert_user(&app, "eve@x.edu", "Eve", "Eden").await;
    insert_submission(&app, eve, "eve.pdf", 2025, 0).await;
    // Confirmed; only a replaced poster, which does not count.
    let (_, fay) = presenter(&app, "fay@x.edu", "Fay", "Fox").await;
    answer(&app, fay, Some(("in_person", "both"))).await;
    material(&app, fay, "poster", true).await;
    // Accepted in an older edition only: not this year's business.
    let gil = insert_user(&app, "gil@x.edu", "Gil", "Gray").await;
    let old = insert_submission(&app, gil, "old.pdf", 2024, 0).await;
    set_status(&app, old, "accepted").await;
    app
}

async fn page(app: &TestApp, query: &str) -> Value {
    let response = app.get(&format!("/api/admin/users?{query}")).await;
    assert_eq!(response.status(), 200, "{query}");
    body_json(response).await
}

fn row<'a>(page: &'a Value, email: &str) -> &'a Value {
    page["users"].as_array().unwrap().iter().find(|u| u["email"] == email).unwrap()
}

#[tokio::test]
async fn each_person_shows_their_answers_formats_modes_and_materials() {
    let app = seeded().await;
    let all = page(&app, "per_page=200").await;
    let columns = |email| {
        let row = row(&all, email);
        (row["attendance"].clone(), row["formats"].clone(), row["modes"].clone(), row["materials"].clone())
    };
    assert_eq!(columns("ann@x.edu"), (json!("mixed"), json!(["talk"]), json!(["in_person"]), json!(true)));
    assert_eq!(
        columns("bob@x.edu"),
        (json!("confirmed"), json!(["poster"]), json!(["virtual"]), json!(false))
    );
    assert_eq!(columns("carol@x.edu"), (json!("declined"), json!([]), json!([]), json!(false)));
    assert_eq!(columns("dave@x.edu"), (json!("not_confirmed"), json!([]), json!([]), json!(false)));
    assert_eq!(columns("eve@x.edu"), (json!("none"), json!([]), json!([]), json!(false)));
    assert_eq!(
        columns("fay@x.edu"),
        (json!("confirmed"), json!(["both"]), json!(["in_person"]), json!(false))
    );
    assert_eq!(columns("gil@x.edu"), (json!("none"), json!([]), json!([]), json!(false)));
}

#[tokio::test]
async fn the_filters_list_who_has_not_acted_with_search_sort_and_paging() {
    let app = seeded().await;
    let not_confirmed = page(&app, "filter=not_confirmed").await;
    assert_eq!(emails(&not_confirmed), ["ann@x.edu", "dave@x.edu"]);
    assert_eq!(not_confirmed["total"], 2);
    let without = page(&app, "filter=without_materials").await;
    assert_eq!(emails(&without), ["bob@x.edu", "fay@x.edu"]);
    assert_eq!(without["total"], 2);

    // With the search: both must hold.
    let searched = page(&app, "filter=not_confirmed&q=dunn").await;
    assert_eq!((emails(&searched), searched["total"].clone()), (vec!["dave@x.edu".to_owned()], json!(1)));
    assert_eq!(page(&app, "filter=without_materials&q=dunn").await["total"], 0);
    // Sorted and paged: one row a page, the count of all matches on each.
    let second = page(&app, "filter=without_materials&sort=email&dir=desc&per_page=1&page=2").await;
    assert_eq!((emails(&second), second["total"].clone()), (vec!["bob@x.edu".to_owned()], json!(2)));
    let past = page(&app, "filter=without_materials&per_page=1&page=3").await;
    assert_eq!((emails(&past).len(), past["total"].clone()), (0, json!(2)));

    // An unknown filter is a clear 400.
    let response = app.get("/api/admin/users?filter=everyone").await;
    assert_eq!(response.status(), 400);
    assert!(body_json(response).await["error"].is_string());
}

#[tokio::test]
async fn the_export_takes_the_filter_and_has_the_attendance_columns() {
    let app = seeded().await;
    let response = app.get("/api/admin/users.csv?filter=without_materials").await;
    assert_eq!(response.status(), 200);
    let body = response.text().await.unwrap();
    let mut reader = csv::ReaderBuilder::new().from_reader(body.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(header[header.len() - 5..], ["Attendance", "Format", "Mode", "Final materials", "Edition"]);
    let rows: Vec<Vec<String>> =
        reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect();
    let tail = |row: &Vec<String>| (row[2].clone(), row[row.len() - 5..row.len() - 1].to_vec());
    assert_eq!(
        rows.iter().map(tail).collect::<Vec<_>>(),
        [
            ("bob@x.edu".to_owned(), vec!["Confirmed", "Poster", "Virtually (video call)", "no"]),
            ("fay@x.edu".to_owned(), vec!["Confirmed", "Both a talk and a poster", "In person", "no"]),
        ]
        .map(|(email, cells)| (email, cells.into_iter().map(str::to_owned).collect::<Vec<_>>()))
    );
    let all = app.get("/api/admin/users.csv?filter=not_confirmed").await.text().await.unwrap();
    let ann = all.lines().find(|line| line.contains("ann@x.edu")).unwrap();
    assert!(
        ann.ends_with(",Mixed,15-minute talk plus 5 minutes of questions,In person,yes,SCULC 2025"),
        "{ann}"
    );
    assert_eq!(all.lines().count(), 3, "{all}");
}

/// A page of a search or filter that many people match is read in the
/// sort's index order, each row tested (`Reading::InOrder`, from 1,000
/// matches), and a page sorted by a summary column, or of a search within
/// a filter, from the matches' sort keys (`Reading::Keyed`), with its
/// count (`Reading::Counted`, which reads as one of the others), and by
/// upload time in that order (`Reading::InUploadOrder`, where it finds the
/// page's last row); each must hold the rows that sorting the matches
/// gives, in the same order, on every page, ties and empty values
/// included, and a statement that counts must count every match once. All
/// statements run here on the same people.
#[tokio::test]
async fn a_page_read_in_order_or_by_its_keys_has_the_rows_of_the_sorted_matches() {
    use colloquy::admin::store::table::{Reading, SortDirection, TableQuery, UserSort, page_statement};
    use colloquy::attendance::pending::AttendanceFilter;
    use sqlx::Row;

    let app = seeded().await;
    // Ties: one title in two cases, and two uploads at one minute (Ann's
    // first and Bob's are at minute 0 too); a title that is empty.
    let hal = insert_user(&app, "hal@x.edu", "Hal", "Hart").await;
    insert_submission(&app, hal, "Same title", 2025, 0).await;
    let ida = insert_user(&app, "ida@x.edu", "Ida", "Ince").await;
    insert_submission(&app, ida, "same TITLE", 2025, 7).await;
    let jo = insert_user(&app, "jo@x.edu", "Jo", "Jay").await;
    insert_submission(&app, jo, "", 2025, 7).await;
    insert_user(&app, "kim@x.edu", "", "").await;
    // Found twice by "x.edu", by e-mail and by title: one row, counted once.
    let lee = insert_user(&app, "lee@x.edu", "Lee", "Lim").await;
    insert_submission(&app, lee, "Notes from x.edu", 2025, 9).await;
    let db = &app.state.db;
    let page = |sql: String, pattern: String, per_page: i64, offset: i64, pending: &'static str| async move {
        colloquy::on_db!(db, |pool| {
            let rows = sqlx::query(&sql)
                .bind(pattern)
                .bind(per_page)
                .bind(offset)
                .bind(pending)
                .bind(2025)
                .fetch_all(pool)
                .await
                .unwrap_or_else(|error| panic!("{error}: {sql}"));
            let ids = rows.iter().map(|row| row.get::<Uuid, _>("id")).collect::<Vec<Uuid>>();
            // The keyed and counted statements count the matches on each row.
            let totals =
                rows.iter().filter_map(|row| row.try_get::<i64, _>("total").ok()).collect::<Vec<i64>>();
            (ids, totals)
        })
    };
    let filters = [
        ("", Some(AttendanceFilter::NotConfirmed)),
        ("", Some(AttendanceFilter::WithoutMaterials)),
        ("x.edu", None),
        ("same", None),
        ("a", None),
        ("o", Some(AttendanceFilter::NotConfirmed)),
        ("x.edu", Some(AttendanceFilter::NotConfirmed)),
    ];
    let (mut compared, mut in_upload_order) = (0, 0);
    for (search, pending) in filters {
        for sort in [UserSort::Name, UserSort::Email, UserSort::AbstractName, UserSort::UploadedAt] {
            let readings: &[Reading] = match sort {
                UserSort::Name | UserSort::Email => &[Reading::InOrder, Reading::Keyed, Reading::Counted],
                UserSort::UploadedAt => &[Reading::Keyed, Reading::Counted, Reading::InUploadOrder],
                _ => &[Reading::Keyed, Reading::Counted],
            };
            for direction in [SortDirection::Asc, SortDirection::Desc] {
                let query = TableQuery { search: search.into(), sort, direction, pending, edition: 2025 };
                let bound = pending.map(AttendanceFilter::as_str).unwrap_or("");
                let (sorted, pattern) = page_statement(&query, db, Reading::Matches);
                let (all, _) = page(sorted.clone(), pattern.clone(), 1000, 0, bound).await;
                for (per_page, offset) in [(50, 0), (1, 0), (1, 1), (2, 2), (3, 3), (2, 5), (4, 8)] {
                    let (expected, _) = page(sorted.clone(), pattern.clone(), per_page, offset, bound).await;
                    for &reading in readings {
                        let (statement, _) = page_statement(&query, db, reading);
                        let (found, totals) = page(statement, pattern.clone(), per_page, offset, bound).await;
                        if reading == Reading::InUploadOrder {
                            // No rows: the page is read `Keyed` instead.
                            if found.is_empty() {
                                continue;
                            }
                            in_upload_order += 1;
                        }
                        assert_eq!(found, expected, "{query:?} {reading:?}, {per_page} from {offset}");
                        if matches!(reading, Reading::Keyed | Reading::Counted | Reading::InUploadOrder) {
                            assert!(
                                totals.iter().all(|&total| total == all.len() as i64),
                                "{query:?}: {totals:?}"
                            );
                        }
                    }
                    compared += usize::from(!expected.is_empty());
                }
            }
        }
    }
    assert!(compared > 120, "most pages hold someone: {compared}");
    assert!(in_upload_order > 20, "pages found in upload order: {in_upload_order}");
}
