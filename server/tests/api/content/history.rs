//! The content's history within bounds (issue 37 item 5): versions share
//! the documents they did not change, publications and restores count
//! among the editor's edits of the hour, and the number and size of the
//! documents are capped.

use serde_json::{Value, json};

use super::editing::{app_with_editor, edit, get, post};
use crate::admin::user_id;
use crate::helpers::TestApp;

/// What the database takes now: SQLite's whole file (its pages, the WAL's
/// included); on PostgreSQL, the history's tables and the live content's.
async fn database_bytes(app: &TestApp) -> i64 {
    match &app.state.db {
        colloquy::db::Db::Sqlite(pool) => {
            let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(pool).await.unwrap();
            let size: i64 = sqlx::query_scalar("PRAGMA page_size").fetch_one(pool).await.unwrap();
            pages * size
        }
        colloquy::db::Db::Postgres(pool) => sqlx::query_scalar(
            "SELECT (pg_total_relation_size('content_versions') + pg_total_relation_size('content_bodies')
                   + pg_total_relation_size('content_version_documents'))::BIGINT",
        )
        .fetch_one(pool)
        .await
        .unwrap(),
    }
}

/// Publishes a version whose NACLO title is `title`: its number.
async fn publish_title(app: &TestApp, editor: &reqwest::Client, title: &str) -> i64 {
    let (status, saved) = edit(app, editor, "naclo", |naclo| naclo["title"] = json!(title)).await;
    assert_eq!(status, 200, "{saved}");
    let (status, published) = post(app, editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
    published["version"].as_i64().unwrap()
}

async fn naclo_title(app: &TestApp) -> Value {
    get(app, &crate::helpers::browser(), "/api/content/naclo").await.1["title"].clone()
}

#[tokio::test]
async fn three_hundred_and_twenty_restores_add_less_than_a_megabyte() {
    let (app, editor) = app_with_editor().await;
    // A bigger site than the bundled one (about 200 KB of text on the home
    // page), so that a copy per version would show at once.
    let (status, saved) = edit(&app, &editor, "site", |site| {
        site["home"]["description"] = json!(["A paragraph about the society's year. ".repeat(5_000)]);
    })
    .await;
    assert_eq!(status, 200, "{saved}");
    let first = publish_title(&app, &editor, "NACLO at UCLA").await;
    let second = publish_title(&app, &editor, "NACLO at Caltech").await;
    let before = database_bytes(&app).await;

    for n in 0..320 {
        if n % 100 == 99 {
            // Past the editor's 300 edits an hour: the next hour.
            app.state.clock.advance(time::Duration::hours(1) + time::Duration::seconds(1));
        }
        let version = if n % 2 == 0 { first } else { second };
        let (status, restored) =
            post(&app, &editor, &format!("/api/editor/versions/{version}/restore"), json!({})).await;
        assert_eq!(status, 200, "restore {n}: {restored}");
    }
    let grown = database_bytes(&app).await - before;
    println!("restore growth: 320 restores of a 190 KB home page added {} KB", grown / 1024);
    assert!(grown < 1 << 20, "320 restores added {grown} bytes");

    // Every version still reads back whole: the last restore, and both
    // versions it alternated between.
    assert_eq!(naclo_title(&app).await, "NACLO at Caltech");
    let (_, versions) = get(&app, &editor, "/api/editor/versions").await;
    assert_eq!(versions[0]["id"].as_i64(), Some(second + 320));
    assert_eq!(versions[0]["restored_from"].as_i64(), Some(second));
    for (version, title) in [(first, "NACLO at UCLA"), (second + 319, "NACLO at UCLA"), (1, "NACLO")] {
        let (status, naclo) = get(&app, &editor, &format!("/api/content/naclo?preview={version}")).await;
        assert_eq!((status, naclo["title"].as_str()), (200, Some(title)), "version {version}");
    }
    let (_, site) = get(&app, &editor, &format!("/api/content/site?preview={}", second + 320)).await;
    assert!(site["home"]["description"][0].as_str().unwrap().len() > 150_000);
}

#[tokio::test]
async fn publications_and_restores_share_the_editors_limit_exactly_even_all_at_once() {
    let (app, editor) = app_with_editor().await;
    let limit = colloquy::content::editing::DRAFT_SAVES_PER_HOUR;
    let editor_id = user_id(&app, "editor@example.org").await.to_string();
    // The editor has made all but three of the hour's edits.
    for _ in 0..limit.max - 3 {
        assert!(app.state.db.take_slot(&limit, &editor_id).await.unwrap().is_some());
    }
    let restores = (0..8).map(|_| post(&app, &editor, "/api/editor/versions/1/restore", json!({})));
    let statuses: Vec<u16> =
        futures_util::future::join_all(restores).await.into_iter().map(|(status, _)| status).collect();
    let count = |status: u16| statuses.iter().filter(|s| **s == status).count();
    assert_eq!((count(200), count(429)), (3, 5), "{statuses:?}");
    // Exactly three new versions, and the limit holds for every kind of edit.
    let (_, versions) = get(&app, &editor, "/api/editor/versions").await;
    assert_eq!(versions.as_array().unwrap().len(), 4);
    let (status, answer) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 429, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("published or restored 300 times"), "{answer}");
    let (status, _) = edit(&app, &editor, "naclo", |naclo| naclo["title"] = json!("NACLO 2026")).await;
    assert_eq!(status, 429);

    // An hour on, the editor publishes again.
    app.state.clock.advance(time::Duration::hours(1) + time::Duration::seconds(1));
    assert_eq!(publish_title(&app, &editor, "NACLO 2026").await, 5);
}

#[tokio::test]
async fn pages_created_at_once_past_the_hundredth_are_refused_and_nothing_changes() {
    let (app, editor) = app_with_editor().await;
    let (_, overview) = get(&app, &editor, "/api/editor/content").await;
    let live = overview["documents"].as_array().unwrap().len();
    let max = colloquy::content::limits::MAX_DOCUMENTS;
    // New board terms as drafts (each starts a term), up to three short
    // of the limit.
    let room = 3;
    for year in 1900..1900 + (max - live - room) {
        let term = format!("{year}-{}", year + 1);
        let (status, answer) = post(&app, &editor, "/api/editor/board-terms", json!({ "term": term })).await;
        assert_eq!(status, 201, "{term}: {answer}");
    }
    // Eight more at once, from four editors (one editor's saves wait for
    // each other): three fit, and the count is taken under a lock, so the
    // other five are refused.
    let mut editors = vec![editor.clone()];
    for n in 1..4 {
        let email = format!("editor{n}@example.org");
        editors.push(crate::review::signed_in(&app, &email).await);
        crate::admin::give_role(&app, user_id(&app, &email).await, "editor").await;
    }
    let terms: Vec<String> = (1800..1808).map(|year| format!("{year}-{}", year + 1)).collect();
    let answers = futures_util::future::join_all(
        terms
            .iter()
            .zip(editors.iter().cycle())
            .map(|(term, editor)| post(&app, editor, "/api/editor/board-terms", json!({ "term": term }))),
    )
    .await;
    let created = answers.iter().filter(|(status, _)| *status == 201).count();
    assert_eq!(created, room, "{answers:?}");
    for (status, answer) in answers.iter().filter(|(status, _)| *status != 201) {
        assert_eq!(*status, 422, "{answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains("would have 101 pages") && message.contains("at most 100"), "{message}");
        assert!(!message.contains("content_"), "{message}");
    }
    let (_, overview) = get(&app, &editor, "/api/editor/content").await;
    assert_eq!(overview["documents"].as_array().unwrap().len(), max);
    let mut missing = 0;
    for term in &terms {
        missing +=
            usize::from(get(&app, &editor, &format!("/api/editor/documents/board:{term}")).await.0 == 404);
    }
    assert_eq!(missing, terms.len() - room, "the refused terms left nothing behind");
}

#[tokio::test]
async fn versions_described_by_field_path_are_described_in_words_at_the_next_start_once() {
    let (app, editor) = app_with_editor().await;
    let first = publish_title(&app, &editor, "NACLO at UCLA").await;
    let (status, saved) = edit(&app, &editor, "site", |site| {
        site["home"]["description"][0] = json!("A new first paragraph.");
    })
    .await;
    assert_eq!(status, 200, "{saved}");
    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
    let second = published["version"].as_i64().unwrap();
    // As the history stored them before it was in words, queued as the migration queues them.
    for (id, paths) in [(first, r#"["naclo.title"]"#), (second, r#"["home.description[0]"]"#)] {
        colloquy::on_db!(&app.state.db, |pool| {
            sqlx::query("UPDATE content_versions SET changes = $1 WHERE id = $2")
                .bind(paths)
                .bind(id)
                .execute(pool)
                .await
                .unwrap();
            sqlx::query("INSERT INTO content_versions_to_reword (version_id) VALUES ($1)")
                .bind(id)
                .execute(pool)
                .await
                .unwrap();
        });
    }
    let (_, versions) = get(&app, &editor, "/api/editor/versions").await;
    assert_eq!(versions[0]["changes"], json!(["home.description[0]"]), "{versions:#}");

    // Two instances start together: each version is described once, by one of them.
    let (a, b) = tokio::join!(app.state.db.reword_versions(), app.state.db.reword_versions());
    assert_eq!(a.unwrap() + b.unwrap(), 2);
    colloquy::content::seed(&app.state.db).await.unwrap();

    let (_, versions) = get(&app, &editor, "/api/editor/versions").await;
    let changes_of = |id: i64| {
        versions.as_array().unwrap().iter().find(|v| v["id"].as_i64() == Some(id)).unwrap()["changes"].clone()
    };
    assert_eq!(changes_of(second), json!(["Home: description changed"]));
    assert_eq!(changes_of(first), json!(["NACLO page: title changed"]));
    assert_eq!(app.state.db.reword_versions().await.unwrap(), 0, "the queue is empty");
}
