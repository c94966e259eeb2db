//! What a submission says it is: title, co-authors, keywords, preferred
//! format and its code; checked before anything is stored, editable by its
//! author until the call closes, co-authors e-mailed once.

use serde_json::{Value, json};

use super::{json, make_pdf, sign_in_as, stored_files, submission_count, upload};
use crate::admin::{make_admin, set_status, user_id};
use crate::helpers::{TestApp, browser, spawn_app};

fn coauthor(name: &str, email: &str) -> Value {
    json!({"name": name, "email": email, "institution": "Vassar College"})
}

/// Uploads a real PDF with the details given as text parts before the file.
async fn upload_with(
    app: &TestApp,
    client: &reqwest::Client,
    title: &str,
    coauthors: &Value,
    keywords: &[&str],
    format: &str,
) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(make_pdf(&["tone sandhi in southern min"], None))
        .file_name("tone-sandhi.pdf")
        .mime_str("application/pdf")
        .unwrap();
    let mut form = reqwest::multipart::Form::new()
        .text("title", title.to_owned())
        .text("coauthors", coauthors.to_string())
        .text("preferred_format", format.to_owned());
    for keyword in keywords {
        form = form.text("keywords", keyword.to_string());
    }
    client.post(app.url("/api/submissions")).multipart(form.part("file", part)).send().await.unwrap()
}

/// The subjects of the e-mails queued to `to` (the outbox table: written
/// with the change; bodies go once delivered).
async fn queued_to(app: &TestApp, to: &str) -> Vec<String> {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT subject FROM outbox WHERE recipient = $1 ORDER BY created_at, id")
            .bind(to)
            .fetch_all(pool)
            .await
            .unwrap()
    })
}

async fn outbox_size(app: &TestApp) -> i64 {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox").fetch_one(pool).await.unwrap()
    })
}

/// A second client, signed in as an admin.
async fn admin_client(app: &TestApp) -> reqwest::Client {
    let client = browser();
    sign_in_as(app, &client, "root@example.edu").await;
    make_admin(app, user_id(app, "root@example.edu").await).await;
    client
}

async fn put_details(client: &reqwest::Client, app: &TestApp, id: &str, body: Value) -> reqwest::Response {
    client.put(app.url(&format!("/api/submissions/{id}/details"))).json(&body).send().await.unwrap()
}

fn details(title: &str, coauthors: Value, keywords: &[&str], format: &str) -> Value {
    json!({"title": title, "coauthors": coauthors, "keywords": keywords, "preferred_format": format})
}

#[tokio::test]
async fn an_upload_with_details_shows_them_with_its_code_and_tells_each_coauthor_once() {
    let app = spawn_app().await;
    let edition = json(app.get("/api/editions/current").await).await;
    assert_eq!(edition["keywords"][3], "Syntax", "the seeded list is offered: {edition}");
    sign_in_as(&app, &app.client, "ada@example.edu").await;

    let response = upload_with(
        &app,
        &app.client,
        "  Tone sandhi in Southern Min  ",
        &json!([coauthor("Grace Hopper", "Grace@Example.org"), coauthor("Zoë Ñúñez", "zoe@example.org")]),
        &["syntax", "Phonetics"],
        "poster",
    )
    .await;
    assert_eq!(response.status(), 201);
    let submission = json(response).await;
    assert_eq!(submission["title"], "Tone sandhi in Southern Min");
    assert_eq!(submission["code"], "S25-001");
    assert_eq!(submission["original_name"], "tone-sandhi.pdf", "the file keeps its name");
    assert_eq!(submission["keywords"], json!(["Phonetics", "Syntax"]));
    assert_eq!(submission["preferred_format"], "poster");
    assert_eq!(submission["editable"], true);
    assert_eq!(
        submission["coauthors"][0],
        json!({"name": "Grace Hopper", "email": "grace@example.org", "institution": "Vassar College"})
    );

    let listed = json(app.get("/api/submissions").await).await;
    assert_eq!(listed["submissions"][0]["title"], "Tone sandhi in Southern Min");
    assert_eq!(listed["submissions"][0]["coauthors"].as_array().unwrap().len(), 2);

    assert_eq!(queued_to(&app, "grace@example.org").await.len(), 1);
    let to_grace = app.emails_to("grace@example.org", 1).await;
    for said in [
        "Hello Grace Hopper",
        "Ada Lovelace",
        "Tone sandhi in Southern Min",
        "SCULC 2025",
        "do not need an account",
    ] {
        assert!(to_grace[0].contains(said), "{said:?} missing from: {}", to_grace[0]);
    }
    // Delivered as a mail client shows it, non-ASCII names intact.
    let delivered = app.emails_to("zoe@example.org", 1).await;
    assert!(delivered[0].contains("Hello Zoë Ñúñez"), "{}", delivered[0]);
    assert!(delivered[0].contains("Subject: You were named as a co-author of an abstract for SCULC 2025"));
}

#[tokio::test]
async fn each_bad_detail_is_a_422_for_its_field_and_stores_nothing() {
    let app = spawn_app().await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let emails_before = outbox_size(&app).await;
    let eleven: Vec<Value> =
        (0..11).map(|i| coauthor(&format!("Co {i}"), &format!("co{i}@example.org"))).collect();
    let cases: [(&str, &str, Value, &[&str], &str); 7] = [
        ("title", "", json!([]), &[], "talk"),
        ("title", "A\r\nBcc: victim@example.org", json!([]), &[], "talk"),
        ("keywords", "Tone", json!([]), &["Syntax", "Phonetics", "Phonology", "Semantics"], "talk"),
        ("keywords", "Tone", json!([]), &["Basket weaving"], "talk"),
        ("coauthors", "Tone", json!(eleven), &[], "talk"),
        ("coauthors.0.email", "Tone", json!([coauthor("Grace", "not-an-address")]), &[], "talk"),
        ("preferred_format", "Tone", json!([]), &[], "dance"),
    ];
    for (field, title, coauthors, keywords, format) in cases {
        let response = upload_with(&app, &app.client, title, &coauthors, keywords, format).await;
        assert_eq!(response.status(), 422, "{field}");
        let body = json(response).await;
        assert!(body["fields"][field].is_array(), "{field}: {body}");
        assert!(!body["error"].as_str().unwrap().is_empty());
    }
    assert_eq!(submission_count(&app).await, 0, "no row");
    assert!(stored_files(&app).is_empty(), "no file");
    assert_eq!(outbox_size(&app).await, emails_before, "no e-mail");
    let temp = std::fs::read_dir(colloquy::uploads::temp::folder(&app.state.config.data_dir))
        .map(|entries| entries.count())
        .unwrap_or(0);
    assert_eq!(temp, 0, "no temp file left");
}

#[tokio::test]
async fn authors_edit_the_details_until_the_call_closes() {
    let app = spawn_app().await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let submission = json(upload_with(&app, &app.client, "Draft title", &json!([]), &[], "talk").await).await;
    let id = submission["id"].as_str().unwrap();

    let bad = put_details(&app.client, &app, id, details("", json!([]), &["Nope"], "talk")).await;
    assert_eq!(bad.status(), 422);
    let body = json(bad).await;
    assert!(body["fields"]["title"].is_array() && body["fields"]["keywords"].is_array(), "{body}");

    let response = put_details(
        &app.client,
        &app,
        id,
        details("Tone sandhi, revised", json!([]), &["Morphology"], "virtual"),
    )
    .await;
    assert_eq!(response.status(), 200);
    let edited = json(response).await;
    assert_eq!(edited["title"], "Tone sandhi, revised");
    assert_eq!(edited["keywords"], json!(["Morphology"]));
    assert_eq!(edited["preferred_format"], "virtual");
    assert_eq!(edited["code"], submission["code"], "the code stays");
    assert_eq!(
        json(app.get("/api/submissions").await).await["submissions"][0]["title"],
        "Tone sandhi, revised"
    );

    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET call_closes_at = $1")
            .bind(colloquy::clock::now() - time::Duration::minutes(1))
            .execute(pool)
            .await
            .unwrap();
    });
    let listed = json(app.get("/api/submissions").await).await;
    assert_eq!(listed["submissions"][0]["editable"], false);
    let late = put_details(&app.client, &app, id, details("Too late", json!([]), &[], "talk")).await;
    assert_eq!(late.status(), 409);
    let message = json(late).await["error"].as_str().unwrap().to_owned();
    assert!(message.contains("closed") && message.contains("can no longer be changed"), "{message}");
    assert_eq!(
        json(app.get("/api/submissions").await).await["submissions"][0]["title"],
        "Tone sandhi, revised"
    );
}

#[tokio::test]
async fn only_the_author_edits_and_only_while_undecided() {
    let app = spawn_app().await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let submission = json(upload_with(&app, &app.client, "Mine", &json!([]), &[], "talk").await).await;
    let id = submission["id"].as_str().unwrap();
    let body = details("Theirs now", json!([]), &[], "talk");

    let visitor = browser();
    assert_eq!(put_details(&visitor, &app, id, body.clone()).await.status(), 401);
    let grace = browser();
    sign_in_as(&app, &grace, "grace@example.org").await;
    assert_eq!(put_details(&grace, &app, id, body.clone()).await.status(), 404);
    let root = admin_client(&app).await;
    assert_eq!(put_details(&root, &app, id, body.clone()).await.status(), 404, "admins decide, not edit");
    assert_eq!(json(app.get("/api/submissions").await).await["submissions"][0]["title"], "Mine");

    set_status(&app, id.parse().unwrap(), "accepted").await;
    let decided = put_details(&app.client, &app, id, body).await;
    assert_eq!(decided.status(), 409);
    assert!(json(decided).await["error"].as_str().unwrap().contains("accepted"));
}

#[tokio::test]
async fn a_coauthor_is_emailed_exactly_once_across_edits() {
    let app = spawn_app().await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let grace = coauthor("Grace Hopper", "grace@example.org");
    let submission = json(upload_with(&app, &app.client, "Tone", &json!([grace]), &[], "talk").await).await;
    let id = submission["id"].as_str().unwrap();
    assert_eq!(queued_to(&app, "grace@example.org").await.len(), 1);

    // Kept (renamed, moved down) while Alan is added: only Alan is told.
    let alan = coauthor("Alan Turing", "alan@example.org");
    let renamed = coauthor("Grace B. Hopper", "GRACE@example.org");
    let first =
        put_details(&app.client, &app, id, details("Tone", json!([alan, renamed]), &[], "talk")).await;
    assert_eq!(first.status(), 200);
    let second =
        put_details(&app.client, &app, id, details("Tone 2", json!([alan, renamed]), &[], "talk")).await;
    assert_eq!(second.status(), 200);
    assert_eq!(queued_to(&app, "grace@example.org").await.len(), 1);
    assert_eq!(queued_to(&app, "alan@example.org").await.len(), 1);

    // A new address is a new co-author.
    let moved = coauthor("Alan Turing", "alan@cam.example.org");
    let third = put_details(&app.client, &app, id, details("Tone 2", json!([moved]), &[], "talk")).await;
    assert_eq!(third.status(), 200);
    assert_eq!(queued_to(&app, "alan@cam.example.org").await.len(), 1);

    // Ten identical edits at once naming Ada Byron: she is told once.
    let ada = coauthor("Ada Byron", "byron@example.org");
    let edits = (0..10)
        .map(|_| put_details(&app.client, &app, id, details("Tone 3", json!([moved, ada]), &[], "talk")));
    for response in futures_util::future::join_all(edits).await {
        assert_eq!(response.status(), 200);
    }
    assert_eq!(queued_to(&app, "byron@example.org").await.len(), 1);
    assert_eq!(queued_to(&app, "alan@cam.example.org").await.len(), 1);
}

#[tokio::test]
async fn an_author_cannot_make_the_site_email_more_than_thirty_new_coauthors_a_day() {
    let app = spawn_app().await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let submission = json(upload_with(&app, &app.client, "Tone", &json!([]), &[], "talk").await).await;
    let id = submission["id"].as_str().unwrap();

    // Eight edits at once, each naming five strangers: 40 e-mails asked for.
    let edits = (0..8).map(|edit| {
        let strangers: Vec<Value> =
            (0..5).map(|n| coauthor("Some One", &format!("stranger{edit}-{n}@example.org"))).collect();
        put_details(&app.client, &app, id, details(&format!("Tone {edit}"), json!(strangers), &[], "talk"))
    });
    let statuses: Vec<u16> =
        futures_util::future::join_all(edits).await.iter().map(|r| r.status().as_u16()).collect();
    assert!(statuses.iter().all(|s| [200, 429].contains(s)), "{statuses:?}");
    assert!(statuses.contains(&429), "{statuses:?}");
    let told = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM outbox WHERE recipient LIKE 'stranger%'")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert!(told <= 30, "{told} strangers were e-mailed");

    // Once the day's share is used, naming anyone new is refused and changes nothing.
    let before = json(app.get("/api/submissions").await).await["submissions"][0].clone();
    let refused = put_details(
        &app.client,
        &app,
        id,
        details("Renamed", json!([coauthor("New Person", "new@example.org")]), &[], "talk"),
    )
    .await;
    assert_eq!(refused.status(), 429);
    let message = json(refused).await["error"].as_str().unwrap().to_owned();
    assert!(message.contains("new co-authors today"), "{message}");
    assert_eq!(json(app.get("/api/submissions").await).await["submissions"][0], before);
    assert!(queued_to(&app, "new@example.org").await.is_empty());

    // A day later the author may name co-authors again.
    app.state.clock.advance(time::Duration::days(1));
    let later = put_details(
        &app.client,
        &app,
        id,
        details("Renamed", json!([coauthor("New Person", "new@example.org")]), &[], "talk"),
    )
    .await;
    assert_eq!(later.status(), 200);
    assert_eq!(queued_to(&app, "new@example.org").await.len(), 1);
}

#[tokio::test]
async fn numbers_are_unique_under_ten_concurrent_uploads_by_different_authors() {
    let app = spawn_app().await;
    let mut clients = Vec::new();
    for i in 0..10 {
        let client = browser();
        sign_in_as(&app, &client, &format!("author{i}@example.edu")).await;
        clients.push(client);
    }
    let uploads = clients.iter().enumerate().map(|(i, client)| {
        let app = &app;
        async move { upload_with(app, client, &format!("Abstract {i}"), &json!([]), &[], "talk").await }
    });
    let mut codes = Vec::new();
    for response in futures_util::future::join_all(uploads).await {
        assert_eq!(response.status(), 201);
        codes.push(json(response).await["code"].as_str().unwrap().to_owned());
    }
    codes.sort();
    let expected: Vec<String> = (1..=10).map(|n| format!("S25-{n:03}")).collect();
    assert_eq!(codes, expected);
}

#[tokio::test]
async fn titles_replace_file_names_in_the_admin_table_its_search_and_the_export() {
    let app = spawn_app().await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let grace = coauthor("Grace Hopper", "grace@example.org");
    let submission = json(
        upload_with(&app, &app.client, "Evidentials in Quechua", &json!([grace]), &["Semantics"], "either")
            .await,
    )
    .await;
    let id = submission["id"].as_str().unwrap();
    put_details(
        &app.client,
        &app,
        id,
        details("=Evidentials in Aymara", json!([grace]), &["Semantics"], "virtual"),
    )
    .await;

    let root = admin_client(&app).await;
    let get = |path: &str| root.get(app.url(path)).send();
    let page = json(get("/api/admin/users?q=aymara").await.unwrap()).await;
    let rows = page["users"].as_array().unwrap_or_else(|| panic!("{page}"));
    assert_eq!(rows.len(), 1, "found by title: {page}");
    assert_eq!(rows[0]["first_submission"]["title"], "=Evidentials in Aymara");
    assert_eq!(rows[0]["first_submission"]["original_name"], "tone-sandhi.pdf");
    assert_eq!(json(get("/api/admin/users?q=tone-sandhi").await.unwrap()).await["users"], json!([]));

    let csv = get("/api/admin/users.csv").await.unwrap().text().await.unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let ada =
        reader.records().map(Result::unwrap).find(|r| r.iter().any(|c| c == "ada@example.edu")).unwrap();
    let cell = |name: &str| ada[header.iter().position(|h| h == name).unwrap()].to_owned();
    assert_eq!(cell("Title"), "'=Evidentials in Aymara", "a formula stays text");
    assert_eq!(cell("Co-authors"), "Grace Hopper <grace@example.org> (Vassar College)");
    assert_eq!(cell("Keywords"), "Semantics");
    assert_eq!(cell("Preferred Format"), "Virtual");
    assert_eq!(cell("Abstract Name"), "tone-sandhi.pdf");
}

#[tokio::test]
async fn admins_set_an_editions_keywords_and_uploads_choose_from_them() {
    let app = spawn_app().await;
    let root = admin_client(&app).await;
    let put = |body: Value| {
        let client = root.clone();
        let url = app.url("/api/admin/editions/2025/keywords");
        async move { client.put(url).json(&body).send().await.unwrap() }
    };
    for bad in [
        json!([]),
        json!(["Syntax", "syntax"]),
        json!([" "]),
        json!(["x".repeat(61)]),
        json!((0..41).map(|i| format!("k{i}")).collect::<Vec<_>>()),
    ] {
        let response = put(json!({"keywords": bad})).await;
        assert_eq!(response.status(), 422, "{bad}");
        assert!(json(response).await["fields"]["keywords"].is_array());
    }
    assert_eq!(json(app.get("/api/editions/current").await).await["keywords"].as_array().unwrap().len(), 12);

    let response = put(json!({"keywords": [" Typology ", "Fieldwork"]})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(json(response).await["keywords"], json!(["Typology", "Fieldwork"]));
    assert_eq!(
        json(app.get("/api/editions/current").await).await["keywords"],
        json!(["Typology", "Fieldwork"])
    );
    let missing = root
        .put(app.url("/api/admin/editions/1999/keywords"))
        .json(&json!({"keywords": ["A"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);

    sign_in_as(&app, &app.client, "ada@example.edu").await;
    assert_eq!(
        app.client
            .put(app.url("/api/admin/editions/2025/keywords"))
            .json(&json!({"keywords": ["A"]}))
            .send()
            .await
            .unwrap()
            .status(),
        403
    );
    assert_eq!(upload_with(&app, &app.client, "Tone", &json!([]), &["Syntax"], "talk").await.status(), 422);
    let ok = upload_with(&app, &app.client, "Tone", &json!([]), &["fieldwork"], "talk").await;
    assert_eq!(json(ok).await["keywords"], json!(["Fieldwork"]));
}

/// Names and titles are stored composed (NFC): "Zoë Núñez" typed with
/// combining accents (as some keyboards and PDFs give it) is kept as the
/// same letters as the plain spelling, in the profile and in a submission's
/// details, so what one person typed and another searches or reads agree
/// (issue 22, item 4).
#[tokio::test]
async fn names_and_titles_are_stored_composed() {
    const NFD: &str = "Zoe\u{308} Nu\u{301}n\u{303}ez";
    const NFC: &str = "Zo\u{eb} N\u{fa}\u{f1}ez";
    let app = spawn_app().await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let renamed = app
        .client
        .patch(app.url("/api/me"))
        .json(&json!({"first_name": "Zoe\u{308}", "last_name": "Nu\u{301}n\u{303}ez"}))
        .send()
        .await
        .unwrap();
    assert_eq!(renamed.status(), 200);
    let me = json(app.get("/api/me").await).await;
    assert_eq!(
        (me["first_name"].as_str().unwrap(), me["last_name"].as_str().unwrap()),
        ("Zo\u{eb}", "N\u{fa}\u{f1}ez")
    );

    let uploaded = upload_with(&app, &app.client, "Tone sandhi", &json!([]), &["Syntax"], "talk").await;
    assert_eq!(uploaded.status(), 201);
    let id = json(uploaded).await["id"].as_str().unwrap().to_owned();
    let changed = put_details(
        &app.client,
        &app,
        &id,
        details(&format!("Vowels of {NFD}"), json!([coauthor(NFD, "zoe@example.org")]), &["Syntax"], "talk"),
    )
    .await;
    assert_eq!(changed.status(), 200, "{}", changed.text().await.unwrap());
    let listed = json(app.get("/api/submissions").await).await;
    assert_eq!(listed["submissions"][0]["title"], format!("Vowels of {NFC}"));
    assert_eq!(listed["submissions"][0]["coauthors"][0]["name"], NFC);
}

/// A co-author named after the upload is looked for in the abstract too,
/// as the check at upload looks for every author it knows (issue 22, item
/// 3); taking the name off again clears the warning.
#[tokio::test]
async fn a_coauthor_named_after_the_upload_is_looked_for_in_the_abstract() {
    let app = spawn_app().await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let pdf = make_pdf(&["Tone sandhi in Southern Min, after the method of Grace Hopper."], None);
    let uploaded = upload(&app, &app.client, "Tone sandhi.pdf", pdf).await;
    assert_eq!(uploaded.status(), 201);
    let id = json(uploaded).await["id"].as_str().unwrap().to_owned();
    let warnings = || async {
        let listed = json(app.get("/api/submissions").await).await;
        let warnings = listed["submissions"][0]["warnings"].as_array().unwrap().clone();
        warnings.into_iter().map(|w| w.as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    let names_hopper = |warnings: &[String]| {
        warnings.iter().any(|w| {
            w == "An author's name (Grace Hopper, Hopper) appears in the abstract's text. Abstracts must be anonymized."
        })
    };
    assert!(!names_hopper(&warnings().await), "nobody named Hopper is an author yet");

    let with_grace =
        details("Tone sandhi", json!([coauthor("Grace Hopper", "grace@example.org")]), &["Syntax"], "talk");
    assert_eq!(put_details(&app.client, &app, &id, with_grace).await.status(), 200);
    assert!(names_hopper(&warnings().await), "{:?}", warnings().await);

    let without = details("Tone sandhi", json!([]), &["Syntax"], "talk");
    assert_eq!(put_details(&app.client, &app, &id, without).await.status(), 200);
    assert!(!names_hopper(&warnings().await), "{:?}", warnings().await);
}
