//! Every write to `submissions` and `users` finds the rows its triggers and
//! foreign keys touch through an index led by the written row's own key, so
//! what one upload, decision or deletion costs does not grow with the tables
//! (issue 23 item 17: the admin summary's triggers read every accepted
//! submission of the edition on each write, 0.9 ms at 10,000 submissions and
//! 5.3 ms at 40,000). Checked from the query plans, never from timings: the
//! timings are in bench/README.md. On the database `spawn_app` would use
//! (SQLite, or PostgreSQL under `scripts/with-postgres.sh`).

use colloquy::db::Db;
use serde_json::Value;
use sqlx::{PgPool, Row, SqlitePool};

use crate::helpers::TestDatabase;

/// The tables whose rows a foreign key may name and that grow with the
/// site: deleting one of their rows must find the rows referring to it.
const GROWING_PARENTS: &[&str] = &["users", "submissions"];

/// The columns by which a per-row trigger may look a row up: the written
/// row's own key (a submission's owner, a user, a search row's key, the
/// submission an answer or a final material belongs to).
const ROW_KEYS: &[&str] = &["user_id", "id", "rowid", "submission_id"];

async fn migrated() -> (Db, TestDatabase) {
    let database = TestDatabase::new().await;
    let db = Db::connect(&database.config).await.expect("the database opens");
    db.migrate().await.expect("the migrations run");
    (db, database)
}

#[tokio::test]
async fn every_foreign_key_to_users_and_submissions_has_an_index_led_by_its_column() {
    let (db, _database) = migrated().await;
    let unindexed = match &db {
        Db::Sqlite(pool) => sqlite_unindexed_foreign_keys(pool).await,
        Db::Postgres(pool) => postgres_unindexed_foreign_keys(pool).await,
    };
    assert!(
        unindexed.is_empty(),
        "deleting a user or a submission reads each of these tables whole (no index starts with the \
         referring column; a partial index does not count): {unindexed:#?}"
    );
}

/// `table.column -> parent` for each referring column with no full index
/// that starts with it.
async fn sqlite_unindexed_foreign_keys(pool: &SqlitePool) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT m.name || '.' || f.\"from\" || ' -> ' || f.\"table\"
         FROM sqlite_master m, pragma_foreign_key_list(m.name) f
         WHERE m.type = 'table' AND f.\"table\" IN (SELECT value FROM json_each($1))
           AND NOT EXISTS (
               SELECT 1 FROM pragma_index_list(m.name) l, pragma_index_info(l.name) i
               WHERE i.seqno = 0 AND i.name = f.\"from\" AND l.partial = 0)
         ORDER BY 1",
    )
    .bind(serde_json::to_string(GROWING_PARENTS).unwrap())
    .fetch_all(pool)
    .await
    .unwrap()
}

async fn postgres_unindexed_foreign_keys(pool: &PgPool) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT c.conrelid::regclass::text || '.' || a.attname || ' -> ' || c.confrelid::regclass::text
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         WHERE c.contype = 'f' AND c.confrelid::regclass::text = ANY($1)
           AND NOT EXISTS (
               SELECT 1 FROM pg_index i
               WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1] AND i.indpred IS NULL)
         ORDER BY 1",
    )
    .bind(GROWING_PARENTS)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_admin_summary_and_search_triggers_look_rows_up_by_the_written_rows_key() {
    let (db, _database) = migrated().await;
    let wrong = match &db {
        Db::Sqlite(pool) => sqlite_trigger_lookups_off_the_key(pool).await,
        Db::Postgres(pool) => postgres_summary_lookups_off_the_key(pool).await,
    };
    assert!(
        wrong.is_empty(),
        "a trigger statement reads rows other than the written row's (a scan, or an index not led \
         by its key), so each write costs more as the table grows:\n{}",
        wrong.join("\n")
    );
}

/// Every statement of every trigger, planned with the row's values as
/// parameters; the plan lines that read a table other than by the row's
/// key. Triggers on `editions` included: since the summaries are kept per
/// edition, a new edition rebuilds nothing.
async fn sqlite_trigger_lookups_off_the_key(pool: &SqlitePool) -> Vec<String> {
    let triggers: Vec<(String, String)> =
        sqlx::query_as("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            .fetch_all(pool)
            .await
            .unwrap();
    assert!(triggers.iter().any(|(name, _)| name == "submissions_summary_insert"), "{triggers:?}");
    let mut wrong = Vec::new();
    for (trigger, sql) in triggers {
        let (_, body) = sql.split_once("BEGIN").unwrap_or_else(|| panic!("{trigger} has a body: {sql}"));
        let (body, _) = body.rsplit_once("END").unwrap_or_else(|| panic!("{trigger} ends: {sql}"));
        for statement in body.split(';').map(str::trim).filter(|statement| !statement.is_empty()) {
            let plan: Vec<(i64, i64, i64, String)> =
                sqlx::query_as(&format!("EXPLAIN QUERY PLAN {}", with_placeholders(statement)))
                    .fetch_all(pool)
                    .await
                    .unwrap_or_else(|error| panic!("{trigger}: {statement}: {error}"));
            for (.., detail) in plan {
                if !sqlite_reads_by_row_key(&detail) {
                    wrong.push(format!("{trigger}: {detail}\n    in: {statement}"));
                }
            }
        }
    }
    wrong
}

/// `NEW.column` and `OLD.column` as `?`, so a trigger's statement plans on
/// its own.
fn with_placeholders(statement: &str) -> String {
    let mut planned = String::new();
    let mut rest = statement;
    while let Some(at) = ["NEW.", "OLD."].iter().filter_map(|prefix| rest.find(prefix)).min() {
        planned.push_str(&rest[..at]);
        planned.push('?');
        rest = rest[at + 4..].trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
    }
    planned + rest
}

/// Whether one line of SQLite's plan reads by the row's key: no `SCAN`, and
/// a `SEARCH` whose first constraint is a row key. `SEARCH editions` with no
/// constraint is `MAX(year)`, the last entry of its key.
fn sqlite_reads_by_row_key(detail: &str) -> bool {
    if detail.starts_with("SCAN ") {
        return false;
    }
    let Some(search) = detail.strip_prefix("SEARCH ") else { return true };
    match search.split_once(" (") {
        Some((_, constraints)) => ROW_KEYS.iter().any(|key| constraints.starts_with(&format!("{key}=?"))),
        None => search == "editions",
    }
}

/// PostgreSQL keeps the summary in `refresh_submission_summary(target,
/// in_year)`,
/// which every write to `submissions` calls, and who has not acted in
/// `refresh_attendance_pending(target)`, which every write to submissions,
/// answers and final materials calls; their statements are planned with
/// seq scans priced out (a fresh database has no statistics, and would scan
/// its empty tables whatever the indexes), so a plan that still reads a
/// table other than by the row's key has no index that could.
async fn postgres_summary_lookups_off_the_key(pool: &PgPool) -> Vec<String> {
    let bodies: Vec<String> = sqlx::query_scalar(
        "SELECT prosrc FROM pg_proc WHERE proname IN ('refresh_submission_summary', 'refresh_attendance_pending')",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    assert_eq!(bodies.len(), 2, "both functions exist");
    let mut connection = pool.acquire().await.unwrap();
    sqlx::query("SET enable_seqscan = off").execute(&mut *connection).await.unwrap();
    let mut wrong = Vec::new();
    let statements = bodies.iter().flat_map(|body| body.split(';')).map(str::trim);
    for statement in statements.filter(|statement| statement.contains("FROM ")) {
        let statement = statement
            .replace("target", "'00000000-0000-0000-0000-000000000001'::uuid")
            .replace("in_year", "2025");
        // EXPLAIN answers a JSON value; sqlx is built without its json
        // feature, so it is read as the text it is (unchecked: its type is
        // `json`, whose wire form is that text).
        let row = sqlx::query(&format!("EXPLAIN (FORMAT JSON) {statement}"))
            .fetch_one(&mut *connection)
            .await
            .unwrap_or_else(|error| panic!("{statement}: {error}"));
        let plan: String = row.try_get_unchecked(0).unwrap();
        let plan: Value = serde_json::from_str(&plan).expect("EXPLAIN's JSON");
        postgres_reads_off_the_key(&plan[0]["Plan"], &statement, &mut wrong);
    }
    wrong
}

/// Walks a plan: each node that reads a table (`editions` aside, whose
/// `MAX(year)` reads one end of its key) must be an index scan whose first
/// condition is on a row key. (A bitmap heap scan reads what its child, a
/// bitmap index scan, found; the insert or delete at the top writes.)
fn postgres_reads_off_the_key(node: &Value, statement: &str, wrong: &mut Vec<String>) {
    let kind = node["Node Type"].as_str().unwrap_or_default();
    let table = node["Relation Name"].as_str().or(node["Index Name"].as_str()).unwrap_or_default();
    let reads = matches!(kind, "Seq Scan" | "Index Scan" | "Index Only Scan" | "Bitmap Index Scan");
    if reads && !table.starts_with("editions") {
        let condition = node["Index Cond"].as_str().unwrap_or_default().trim_start_matches('(');
        let by_key =
            kind != "Seq Scan" && ROW_KEYS.iter().any(|key| condition.starts_with(&format!("{key} =")));
        if !by_key {
            wrong.push(format!("{kind} on {table} ({condition})\n    in: {statement}"));
        }
    }
    for child in node["Plans"].as_array().into_iter().flatten() {
        postgres_reads_off_the_key(child, statement, wrong);
    }
}

/// The admin table's pages at 100,000 users (issue 23 item 17): a page of
/// every user, in any order the bench times, and a search or filter that
/// matches few, read their rows in order through indexes and stop, rather
/// than reading every user, summary or submission (a whole-table `SCAN`)
/// or sorting every user (a temp B-tree beside a read of `users`).
/// SQLite only: its plans follow from the schema alone (no statistics are
/// kept), so the plan on a fresh database is the plan at 100,000 users.
/// PostgreSQL's follow its statistics, which a fresh test database does
/// not have (on empty tables it rightly scans); its pages are timed at
/// scale in bench/README.md instead.
#[tokio::test]
async fn the_admin_tables_pages_read_their_rows_through_indexes() {
    use colloquy::admin::store::table::{Reading, SortDirection, TableQuery, UserSort, page_statement};
    use colloquy::attendance::pending::AttendanceFilter;

    let (db, _database) = migrated().await;
    let Db::Sqlite(pool) = &db else { return };
    let mut queries = Vec::new();
    for sort in [
        UserSort::Name,
        UserSort::Email,
        UserSort::Applicant,
        UserSort::Presenter,
        UserSort::AbstractName,
        UserSort::UploadedAt,
    ] {
        for direction in [SortDirection::Asc, SortDirection::Desc] {
            queries.push((TableQuery { sort, direction, ..TableQuery::default() }, Reading::Matches));
        }
    }
    queries.push((TableQuery { search: "hopper".into(), ..TableQuery::default() }, Reading::Matches));
    queries.push((
        TableQuery { search: "user0421".into(), sort: UserSort::Email, ..TableQuery::default() },
        Reading::Matches,
    ));
    queries.push((
        TableQuery { pending: Some(AttendanceFilter::NotConfirmed), ..TableQuery::default() },
        Reading::Matches,
    ));
    // Many matches: read in the sort's order, tested row by row, so no
    // whole read and no sort beside the read of users.
    for sort in [UserSort::Name, UserSort::Email] {
        for direction in [SortDirection::Asc, SortDirection::Desc] {
            for (search, pending) in
                [("hopper", None), ("", Some(AttendanceFilter::WithoutMaterials)), ("n", None)]
            {
                let query = TableQuery { search: search.into(), sort, direction, pending, edition: 2025 };
                queries.push((query, Reading::InOrder));
            }
        }
    }
    // Read from the matches' keys: the search's or the filter's list,
    // never a whole table.
    for sort in [UserSort::Name, UserSort::Email, UserSort::AbstractName, UserSort::UploadedAt] {
        for direction in [SortDirection::Asc, SortDirection::Desc] {
            for (search, pending) in [
                ("hopper", None),
                ("", Some(AttendanceFilter::NotConfirmed)),
                ("hopper", Some(AttendanceFilter::WithoutMaterials)),
            ] {
                let query = TableQuery { search: search.into(), sort, direction, pending, edition: 2025 };
                if sort == UserSort::UploadedAt {
                    queries.push((query.clone(), Reading::InUploadOrder));
                }
                queries.push((query, Reading::Keyed));
            }
        }
    }
    // Any edition, not only the newest, reads through the same indexes:
    // the summaries and the pending rows are keyed by edition.
    let earlier = |query: TableQuery| TableQuery { edition: 2024, ..query };
    queries.push((
        earlier(TableQuery { sort: UserSort::UploadedAt, ..TableQuery::default() }),
        Reading::Matches,
    ));
    queries
        .push((earlier(TableQuery { search: "hopper".into(), ..TableQuery::default() }), Reading::Matches));
    queries.push((
        earlier(TableQuery { pending: Some(AttendanceFilter::NotConfirmed), ..TableQuery::default() }),
        Reading::Matches,
    ));
    let mut wrong = Vec::new();
    for (query, reading) in queries {
        let (sql, pattern) = page_statement(&query, &db, reading);
        let plan: Vec<(i64, i64, i64, String)> = sqlx::query_as(&format!("EXPLAIN QUERY PLAN {sql}"))
            .bind(&pattern)
            .bind(50_i64)
            .bind(0_i64)
            .bind(query.pending.map(AttendanceFilter::as_str).unwrap_or(""))
            .bind(query.edition)
            .fetch_all(pool)
            .await
            .unwrap_or_else(|error| panic!("{query:?}: {error}\n{sql}"));
        for problem in sqlite_whole_reads(&plan) {
            wrong.push(format!("{query:?}: {problem}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "a page of the admin table reads or sorts a whole table:\n{}",
        wrong.join("\n")
    );
}

/// The tables that grow with the site, as the table's statement names them.
const GROWING_TABLES: &[&str] = &["u", "m", "s", "users", "submission_summaries", "submissions"];

/// The plan lines that read a growing table whole, or sort what a read of
/// `users` gave (a temp B-tree for the whole ORDER BY beside it: the index
/// did not hold the order), or sort a whole edition's summaries (a search
/// by the edition alone, beside such a sort). A `SCAN … USING … INDEX`
/// beside no such sort reads in order and stops at the page's end.
fn sqlite_whole_reads(plan: &[(i64, i64, i64, String)]) -> Vec<String> {
    let mut wrong = Vec::new();
    let sorted_beside = |id: &i64, parent: &i64| {
        plan.iter().any(|(other, sibling_of, _, sibling)| {
            other != id && sibling_of == parent && sibling == "USE TEMP B-TREE FOR ORDER BY"
        })
    };
    for (id, parent, _, detail) in plan {
        let whole_edition = detail.starts_with("SEARCH m ") && detail.ends_with(" (edition_year=?)");
        if whole_edition && sorted_beside(id, parent) {
            wrong.push(format!("{detail}, then USE TEMP B-TREE FOR ORDER BY"));
        }
        let Some(scanned) = detail.strip_prefix("SCAN ") else { continue };
        let (table, how) = scanned.split_once(' ').unwrap_or((scanned, ""));
        if !GROWING_TABLES.contains(&table) {
            continue;
        }
        if !how.contains("INDEX") {
            wrong.push(detail.clone());
            continue;
        }
        if sorted_beside(id, parent) {
            wrong.push(format!("{detail}, then USE TEMP B-TREE FOR ORDER BY"));
        }
    }
    wrong
}
