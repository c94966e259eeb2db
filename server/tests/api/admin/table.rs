//! The user table: each ordering rule, the search rule and paging, pinned
//! on whichever database the tests run on (both in `make test`).

use serde_json::Value;

use super::{admin, emails, insert_submission, insert_user, json, set_status};
use crate::helpers::{TestApp, spawn_app};

const ADMIN: &str = "admin@example.edu";

/// Six users: the admin (Ada Lovelace, no abstract) and five more, with
/// names and abstract names in mixed case, one without a name, two with
/// the same name, and one with an abstract in an older edition.
async fn seeded() -> TestApp {
    let app = spawn_app().await;
    admin(&app, ADMIN).await;
    insert_user(&app, "bob@x.edu", "bob", "Zed").await;
    let carol = insert_user(&app, "carol@x.edu", "Carol", "Young").await;
    let zeta = insert_submission(&app, carol, "Zeta.pdf", 2025, 30).await;
    set_status(&app, zeta, "accepted").await;
    let dave = insert_user(&app, "dave@x.edu", "", "").await;
    insert_submission(&app, dave, "alpha.pdf", 2025, 10).await;
    let ann = insert_user(&app, "ann@x.edu", "Ann", "Smith").await;
    insert_submission(&app, ann, "beta.pdf", 2025, 20).await;
    insert_submission(&app, ann, "aaa.pdf", 2025, 40).await;
    insert_submission(&app, ann, "old.pdf", 2024, 0).await;
    insert_user(&app, "zed@x.edu", "Carol", "Young").await;
    app
}

async fn order(app: &TestApp, query: &str) -> Vec<String> {
    let response = app.get(&format!("/api/admin/users?{query}")).await;
    assert_eq!(response.status(), 200, "{query}");
    emails(&json(response).await)
}

/// SCULC 2026 created and announced (its proposed call is over on today's
/// clock, which the admin confirms): the members' edition from now on.
async fn next_edition_announced(app: &TestApp) {
    let created = app
        .post_json("/api/admin/editions", serde_json::json!({"year": 2026, "call_over_confirmed": true}))
        .await;
    assert_eq!(created.status(), 201);
    let announced = app
        .post_json("/api/admin/editions/2026/announce?call_over_confirmed=true", serde_json::json!({}))
        .await;
    assert_eq!(announced.status(), 200);
}

fn list(emails: &[&str]) -> Vec<String> {
    emails.iter().map(|e| (*e).to_owned()).collect()
}

#[tokio::test]
async fn each_column_sorts_by_its_own_kind_with_empty_values_last_both_ways() {
    let app = seeded().await;
    let cases: [(&str, &[&str], &[&str]); 7] = [
        // "first last", case-insensitive; the nameless last; equal names by e-mail.
        (
            "name",
            &[ADMIN, "ann@x.edu", "bob@x.edu", "carol@x.edu", "zed@x.edu", "dave@x.edu"],
            &["carol@x.edu", "zed@x.edu", "bob@x.edu", "ann@x.edu", ADMIN, "dave@x.edu"],
        ),
        (
            "email",
            &[ADMIN, "ann@x.edu", "bob@x.edu", "carol@x.edu", "dave@x.edu", "zed@x.edu"],
            &["zed@x.edu", "dave@x.edu", "carol@x.edu", "bob@x.edu", "ann@x.edu", ADMIN],
        ),
        // The first abstract's name, case-insensitive ("Zeta" after "beta"); no abstract last.
        (
            "abstract_name",
            &["dave@x.edu", "ann@x.edu", "carol@x.edu", ADMIN, "bob@x.edu", "zed@x.edu"],
            &["carol@x.edu", "ann@x.edu", "dave@x.edu", ADMIN, "bob@x.edu", "zed@x.edu"],
        ),
        (
            "uploaded_at",
            &["dave@x.edu", "ann@x.edu", "carol@x.edu", ADMIN, "bob@x.edu", "zed@x.edu"],
            &["carol@x.edu", "ann@x.edu", "dave@x.edu", ADMIN, "bob@x.edu", "zed@x.edu"],
        ),
        // Booleans: false before true; ties by e-mail in both directions.
        (
            "applicant",
            &[ADMIN, "bob@x.edu", "zed@x.edu", "ann@x.edu", "carol@x.edu", "dave@x.edu"],
            &["ann@x.edu", "carol@x.edu", "dave@x.edu", ADMIN, "bob@x.edu", "zed@x.edu"],
        ),
        (
            "presenter",
            &[ADMIN, "ann@x.edu", "bob@x.edu", "dave@x.edu", "zed@x.edu", "carol@x.edu"],
            &["carol@x.edu", ADMIN, "ann@x.edu", "bob@x.edu", "dave@x.edu", "zed@x.edu"],
        ),
        (
            "admin",
            &["ann@x.edu", "bob@x.edu", "carol@x.edu", "dave@x.edu", "zed@x.edu", ADMIN],
            &[ADMIN, "ann@x.edu", "bob@x.edu", "carol@x.edu", "dave@x.edu", "zed@x.edu"],
        ),
    ];
    for (sort, ascending, descending) in cases {
        assert_eq!(order(&app, &format!("sort={sort}")).await, list(ascending), "{sort} (default asc)");
        assert_eq!(order(&app, &format!("sort={sort}&dir=asc")).await, list(ascending), "{sort} asc");
        assert_eq!(order(&app, &format!("sort={sort}&dir=desc")).await, list(descending), "{sort} desc");
    }
    // The default is by name, ascending.
    assert_eq!(order(&app, "").await, order(&app, "sort=name&dir=asc").await);
}

#[tokio::test]
async fn a_row_shows_the_current_editions_first_abstract_and_flags() {
    let app = seeded().await;
    let page = json(app.get("/api/admin/users?q=ann@x.edu").await).await;
    assert_eq!(page["total"], 1);
    let ann = &page["users"][0];
    assert_eq!((ann["first_name"].as_str(), ann["last_name"].as_str()), (Some("Ann"), Some("Smith")));
    assert_eq!(
        (ann["applicant"].as_bool(), ann["presenter"].as_bool(), &ann["roles"]),
        (Some(true), Some(false), &serde_json::json!([]))
    );
    // The earliest upload of 2025, not the 2024 one nor the later 2025 one.
    let first = &ann["first_submission"];
    assert_eq!(first["original_name"], "beta.pdf");
    assert_eq!(first["edition_year"], 2025);
    assert_eq!(first["status"], "submitted");
    assert_eq!(first["word_count"], 321);
    assert_eq!(first["file_url"], format!("/api/submissions/{}/file", first["id"].as_str().unwrap()));
    assert_eq!(first["uploaded_at"], "2025-02-19T21:40:00Z");
    assert_eq!(ann["submission_count"], 2);

    let admin = &json(app.get("/api/admin/users?q=admin@").await).await["users"][0];
    assert_eq!(admin["first_submission"], Value::Null);
    assert_eq!(admin["submission_count"], 0);
    assert_eq!(admin["roles"], serde_json::json!(["admin"]));

    let carol = &json(app.get("/api/admin/users?q=carol@").await).await["users"][0];
    assert_eq!((carol["applicant"].as_bool(), carol["presenter"].as_bool()), (Some(true), Some(true)));

    // All of Ann's submissions, every edition, newest first.
    let ann_id = ann["id"].as_str().unwrap();
    let all = json(app.get(&format!("/api/admin/users/{ann_id}/submissions")).await).await;
    let names: Vec<&str> =
        all.as_array().unwrap().iter().map(|s| s["original_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["aaa.pdf", "beta.pdf", "old.pdf"]);
    assert_eq!(all[2]["edition_year"], 2024);
    let unknown = app.get(&format!("/api/admin/users/{}/submissions", uuid::Uuid::now_v7())).await;
    assert_eq!(unknown.status(), 404);
}

#[tokio::test]
async fn the_search_is_a_case_insensitive_substring_of_names_email_and_first_abstract() {
    let app = seeded().await;
    // Last name "Zed" and the address zed@x.edu, in any case.
    assert_eq!(order(&app, "q=zED").await, list(&["bob@x.edu", "zed@x.edu"]));
    assert_eq!(order(&app, "q=carol").await, list(&["carol@x.edu", "zed@x.edu"]));
    assert_eq!(order(&app, "q=SMI").await, list(&["ann@x.edu"]));
    // The first abstract's name counts; later or older abstracts do not.
    assert_eq!(order(&app, "q=ALPHA").await, list(&["dave@x.edu"]));
    assert_eq!(order(&app, "q=aaa.pdf").await, Vec::<String>::new());
    assert_eq!(order(&app, "q=old.pdf").await, Vec::<String>::new());
    // Trimmed; blank means everyone. Sort and search combine.
    assert_eq!(order(&app, "q=%20%20ann%20").await, list(&["ann@x.edu"]));
    assert_eq!(order(&app, "q=%20%20").await.len(), 6);
    assert_eq!(order(&app, "q=x.edu&sort=email&dir=desc").await[0], "zed@x.edu");
    let none = json(app.get("/api/admin/users?q=nobody-at-all").await).await;
    assert_eq!((none["total"].as_i64(), none["users"].as_array().map(Vec::len)), (Some(0), Some(0)));
}

#[tokio::test]
async fn like_wildcards_in_the_search_are_literal() {
    let app = spawn_app().await;
    admin(&app, ADMIN).await;
    let pat = insert_user(&app, "pat@x.edu", "Pat", "50%_off").await;
    insert_user(&app, "quinn@x.edu", "Quinn", "Back").await;
    insert_submission(&app, pat, "a\\b.pdf", 2025, 1).await;
    assert_eq!(order(&app, "q=%25").await, list(&["pat@x.edu"]));
    assert_eq!(order(&app, "q=_").await, list(&["pat@x.edu"]));
    assert_eq!(order(&app, "q=0%25_").await, list(&["pat@x.edu"]));
    assert_eq!(order(&app, "q=%5C").await, list(&["pat@x.edu"]));
    assert_eq!(order(&app, "q=5_%25").await, Vec::<String>::new());
    // Nor are other databases' wildcards.
    for other in ["*", "%3F", "%5B", "a*b"] {
        assert_eq!(order(&app, &format!("q={other}")).await, Vec::<String>::new(), "{other}");
    }
}

#[tokio::test]
async fn the_search_ignores_case_beyond_ascii() {
    let app = spawn_app().await;
    admin(&app, ADMIN).await;
    let zoe = insert_user(&app, "zoe@x.edu", "Zoë", "Ñúñez").await;
    // Her name is in her abstract's title too: one person, counted once.
    insert_submission(&app, zoe, "Über Töne, von Ñúñez.pdf", 2025, 1).await;
    for query in ["%C3%B1%C3%BA%C3%B1ez", "%C3%91%C3%9A%C3%91EZ", "ZO%C3%8B", "%C3%BCber%20t%C3%B6ne"] {
        assert_eq!(order(&app, &format!("q={query}")).await, list(&["zoe@x.edu"]), "{query}");
        let answer = json(app.get(&format!("/api/admin/users?q={query}")).await).await;
        assert_eq!(answer["total"], 1, "{query}");
    }
}

#[tokio::test]
async fn pages_are_stable_and_tell_the_total() {
    let app = seeded().await;
    for sort in ["name", "email", "applicant", "presenter", "abstract_name", "uploaded_at", "admin"] {
        for dir in ["asc", "desc"] {
            let whole = order(&app, &format!("sort={sort}&dir={dir}")).await;
            let mut paged = Vec::new();
            for page in 1..=3 {
                let answer = json(
                    app.get(&format!("/api/admin/users?sort={sort}&dir={dir}&per_page=2&page={page}")).await,
                )
                .await;
                assert_eq!(
                    (answer["total"].as_i64(), answer["page"].as_i64(), answer["per_page"].as_i64()),
                    (Some(6), Some(page), Some(2))
                );
                paged.extend(emails(&answer));
            }
            assert_eq!(paged, whole, "{sort} {dir}");
        }
    }
    let past = json(app.get("/api/admin/users?per_page=2&page=9").await).await;
    assert_eq!((past["total"].as_i64(), past["users"].as_array().map(Vec::len)), (Some(6), Some(0)));
    let defaults = json(app.get("/api/admin/users").await).await;
    assert_eq!((defaults["page"].as_i64(), defaults["per_page"].as_i64()), (Some(1), Some(50)));
}

/// More than a thousand people match: a page sorted by name or e-mail is
/// then read in that order and tested row by row (with the count in the
/// same statement on PostgreSQL, `Reading::Counted`), and one sorted by
/// upload time looks for its last row in upload order on PostgreSQL
/// (`Reading::InUploadOrder`: found for the first pages, not for those
/// past the abstracts, which are read `Keyed`). Every page holds its share
/// of the matches in order, and tells how many match in all.
#[tokio::test]
async fn a_search_that_more_than_a_thousand_match_pages_through_them_in_order() {
    let app = seeded().await;
    let matching = 1_040;
    for i in 0..matching {
        let id = insert_user(&app, &format!("m{i:04}@x.edu"), "Mann", &format!("{i:04}")).await;
        // Every other one has an abstract: uploaded in the reverse order.
        if i % 2 == 0 {
            insert_submission(&app, id, &format!("Paper {i}"), 2025, 10_000 - i).await;
        }
    }
    let by_number =
        |numbers: Vec<i64>| numbers.into_iter().map(|i| format!("m{i:04}@x.edu")).collect::<Vec<_>>();
    // The later the number, the earlier the upload.
    let uploaded: Vec<i64> = (0..matching).filter(|i| i % 2 == 0).rev().collect();
    let without: Vec<i64> = (0..matching).filter(|i| i % 2 == 1).collect();
    let orders = [
        ("name", "asc", by_number((0..matching).collect())),
        ("name", "desc", by_number((0..matching).rev().collect())),
        ("email", "desc", by_number((0..matching).rev().collect())),
        // Earliest first, those without an abstract last by e-mail.
        ("uploaded_at", "asc", by_number(uploaded.into_iter().chain(without).collect())),
    ];
    for (sort, dir, expected) in orders {
        let mut paged = Vec::new();
        for page in 1..=6 {
            let answer = json(
                app.get(&format!("/api/admin/users?q=MANN&sort={sort}&dir={dir}&per_page=200&page={page}"))
                    .await,
            )
            .await;
            assert_eq!(answer["total"].as_i64(), Some(matching), "{sort} {dir} page {page}");
            paged.extend(emails(&answer));
        }
        assert_eq!(paged, expected, "{sort} {dir}");
    }
}

#[tokio::test]
async fn unknown_sorts_directions_and_paging_are_refused_clearly() {
    let app = seeded().await;
    for query in
        ["sort=upload_time", "dir=up", "page=0", "per_page=0", "per_page=201", "page=two", "per_page=-1"]
    {
        let response = app.get(&format!("/api/admin/users?{query}")).await;
        assert_eq!(response.status(), 400, "{query}");
        let body = json(response).await;
        assert!(!body["error"].as_str().unwrap().is_empty(), "{query}: {body}");
    }
    let body = json(app.get("/api/admin/users?sort=upload_time").await).await;
    assert!(body["error"].as_str().unwrap().contains("uploaded_at"), "names the valid sorts: {body}");
    let csv = app.get("/api/admin/users.csv?dir=sideways").await;
    assert_eq!(csv.status(), 400);
}

#[tokio::test]
async fn the_table_follows_uploads_decisions_deletions_and_a_new_edition() {
    let app = spawn_app().await;
    admin(&app, ADMIN).await;
    let author = crate::helpers::browser();
    crate::submissions::sign_in_as(&app, &author, "author@x.edu").await;
    let pdf = || crate::submissions::make_pdf(&["A short abstract about tone."], None);
    // Two uploads at once are both counted.
    let (a, b) = tokio::join!(
        crate::submissions::upload(&app, &author, "one.pdf", pdf()),
        crate::submissions::upload(&app, &author, "two.pdf", pdf())
    );
    assert_eq!((a.status().as_u16(), b.status().as_u16()), (201, 201));
    let row = |page: Value| page["users"][0].clone();
    let author_row = || async { row(json(app.get("/api/admin/users?q=author@x.edu").await).await) };
    let before = author_row().await;
    assert_eq!((before["submission_count"].as_i64(), before["applicant"].as_bool()), (Some(2), Some(true)));
    let first = before["first_submission"]["id"].as_str().unwrap().to_owned();

    let decided = app
        .post_json(
            &format!("/api/admin/submissions/{first}/decision"),
            serde_json::json!({"decision": "accepted"}),
        )
        .await;
    assert_eq!(decided.status(), 200);
    assert_eq!(author_row().await["presenter"], true);

    // Deleting the first abstract makes the other one first.
    let deleted =
        app.client.delete(app.url(&format!("/api/admin/submissions/{first}"))).send().await.unwrap();
    assert_eq!(deleted.status(), 204);
    let after = author_row().await;
    assert_eq!((after["submission_count"].as_i64(), after["presenter"].as_bool()), (Some(1), Some(false)));
    assert_ne!(after["first_submission"]["id"].as_str().unwrap(), first);

    // A new edition starts with no applicants.
    next_edition_announced(&app).await;
    let next = author_row().await;
    assert_eq!((next["submission_count"].as_i64(), next["applicant"].as_bool()), (Some(0), Some(false)));
    assert_eq!(next["first_submission"], Value::Null);
}

#[tokio::test]
async fn the_search_follows_renames_uploads_deletions_a_new_edition_and_a_deleted_account() {
    let app = spawn_app().await;
    admin(&app, ADMIN).await;
    let author = crate::helpers::browser();
    crate::submissions::sign_in_as(&app, &author, "author@x.edu").await;
    let pdf = || crate::submissions::make_pdf(&["A short abstract about tone."], None);
    let first = crate::submissions::upload(&app, &author, "phonology-first.pdf", pdf()).await;
    assert_eq!(first.status(), 201);
    let second = crate::submissions::upload(&app, &author, "syntax-second.pdf", pdf()).await;
    assert_eq!(second.status(), 201);
    let author_list = list(&["author@x.edu"]);
    assert_eq!(order(&app, "q=PHONOLOGY").await, author_list);
    assert_eq!(order(&app, "q=syntax").await, Vec::<String>::new(), "only the first abstract is searched");

    let page = json(app.get("/api/admin/users?q=author@x.edu").await).await;
    let first_id = page["users"][0]["first_submission"]["id"].as_str().unwrap().to_owned();
    let user_id: uuid::Uuid = page["users"][0]["id"].as_str().unwrap().parse().unwrap();
    let deleted =
        app.client.delete(app.url(&format!("/api/admin/submissions/{first_id}"))).send().await.unwrap();
    assert_eq!(deleted.status(), 204);
    assert_eq!(order(&app, "q=phonology").await, Vec::<String>::new());
    assert_eq!(order(&app, "q=Syntax-Sec").await, author_list);

    app.state.db.set_names(user_id, "Ñúñez", "Quintana").await.unwrap();
    assert_eq!(order(&app, "q=ÑÚÑ").await, author_list);
    assert_eq!(order(&app, "q=quintana").await, author_list);

    next_edition_announced(&app).await;
    assert_eq!(order(&app, "q=syntax").await, Vec::<String>::new(), "a new edition has no abstracts yet");
    assert_eq!(order(&app, "q=quintana").await, author_list);

    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("DELETE FROM users WHERE id = $1").bind(user_id).execute(pool).await.unwrap();
    });
    assert_eq!(order(&app, "q=quintana").await, Vec::<String>::new());
    assert_eq!(order(&app, "q=author@").await, Vec::<String>::new());
}
