//! Blind by construction: nothing a reviewer is answered names the author
//! (name, e-mail), the file, the submission id or the upload time, nor the
//! other reviewers; the PDF downloads under its code.

use serde_json::{Value, json};
use uuid::Uuid;

use super::{app_with_admin, assigned, code_of, complete_review, criteria, reviewer, signed_in, submitted};
use crate::admin::json as body;
use crate::submissions::{make_pdf, upload, words};

/// Every key and string value in `value`.
fn texts(value: &Value, into: &mut Vec<String>) {
    match value {
        Value::String(text) => into.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|item| texts(item, into)),
        Value::Object(map) => {
            for (key, item) in map {
                into.push(key.clone());
                texts(item, into);
            }
        }
        _ => {}
    }
}

fn leaks(value: &Value, forbidden: &[String]) -> Vec<String> {
    let mut all = Vec::new();
    texts(value, &mut all);
    all.into_iter()
        .filter_map(|text| {
            forbidden.iter().find(|f| text.contains(f.as_str())).map(|f| format!("{f:?} in {text:?}"))
        })
        .collect()
}

#[tokio::test]
async fn no_reviewer_answer_names_the_author_the_file_the_id_the_upload_time_or_other_reviewers() {
    let app = app_with_admin().await;
    // The author's name in the PDF's Author field gives it an anonymisation
    // warning, which names them: the reviewer must get only the flag.
    let author = signed_in(&app, "author@example.org").await;
    let lines = words(30);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let response =
        upload(&app, &author, "ada-lovelace-sandhi.pdf", make_pdf(&lines, Some("Ada Lovelace"))).await;
    assert_eq!(response.status(), 201);
    let uploaded = body(response).await;
    assert!(uploaded["warnings"].to_string().contains("Lovelace"), "{uploaded}");
    let submission: Uuid = uploaded["id"].as_str().unwrap().parse().unwrap();
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "UPDATE submissions SET title = 'Tone sandhi in Southern Min', uploaded_at = $1 WHERE id = $2",
        )
        .bind(time::macros::datetime!(2025-02-19 21:20:07 UTC))
        .bind(submission)
        .execute(pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO submission_coauthors (submission_id, position, name, email, institution)
             VALUES ($1, 0, 'Charles Babbage', 'babbage@example.org', 'Analytical University')",
        )
        .bind(submission)
        .execute(pool)
        .await
        .unwrap();
        sqlx::query("INSERT INTO submission_keywords (submission_id, keyword) VALUES ($1, 'Phonology')")
            .bind(submission)
            .execute(pool)
            .await
            .unwrap();
    });
    let code = code_of(&app, submission).await;
    let (first, first_id) = reviewer(&app, "r1@example.org", "Rita", "Reader").await;
    let (second, second_id) = reviewer(&app, "quirinus@example.org", "Quirinus", "Pemberton").await;
    assigned(&app, submission, first_id).await;
    assigned(&app, submission, second_id).await;
    let criteria = criteria(&app).await;
    submitted(&app, &second, &code, complete_review(&criteria, 3, "weak_accept")).await;

    let forbidden: Vec<String> = [
        "Ada",
        "Lovelace",
        "lovelace",
        "author@example.org",
        "ada-lovelace-sandhi",
        "Babbage",
        "babbage@example.org",
        "Analytical",
        "2025-02-19",
        "Quirinus",
        "Pemberton",
        "quirinus@example.org",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain([submission.to_string(), submission.simple().to_string()])
    .collect();

    // The admins see the author: the forbidden strings are the real ones.
    let admin_view = body(app.get(&format!("/api/admin/reviews/{submission}")).await).await;
    assert!(!leaks(&admin_view, &forbidden).is_empty(), "{admin_view}");

    let mut answers: Vec<(String, Value)> = Vec::new();
    let get = |path: String| {
        let first = first.clone();
        let url = app.url(&path);
        async move { (path, first.get(url).send().await.unwrap()) }
    };
    for path in ["/api/review".to_owned(), format!("/api/review/{code}"), "/api/review/conflicts".to_owned()]
    {
        let (path, response) = get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        answers.push((path, response.json().await.unwrap()));
    }
    let draft = first
        .put(app.url(&format!("/api/review/{code}")))
        .json(&json!({"comment_for_author": "Draft"}))
        .send()
        .await
        .unwrap();
    assert_eq!(draft.status(), 200);
    answers.push(("PUT".into(), draft.json().await.unwrap()));
    let submit = super::submit_review(&app, &first, &code, complete_review(&criteria, 4, "accept")).await;
    assert_eq!(submit.status(), 200);
    let submit: Value = submit.json().await.unwrap();
    assert_eq!(submit["others"].as_array().unwrap().len(), 1, "{submit}");
    assert_eq!(submit["keywords"], json!(["Phonology"]));
    assert_eq!(submit["title"], "Tone sandhi in Southern Min");
    assert_eq!(submit["flags"], json!(["The PDF may name its author; the organisers have been told."]));
    answers.push(("submit".into(), submit));
    let conflict = first
        .post(app.url("/api/review/conflicts"))
        .json(&json!({"name": "Someone Else", "email": "someone@example.org"}))
        .send()
        .await
        .unwrap();
    assert_eq!(conflict.status(), 201);
    answers.push(("conflict".into(), conflict.json().await.unwrap()));

    let leaked: Vec<String> = answers
        .iter()
        .flat_map(|(path, answer)| leaks(answer, &forbidden).into_iter().map(move |l| format!("{path}: {l}")))
        .collect();
    assert!(leaked.is_empty(), "{leaked:#?}");

    let file = first.get(app.url(&format!("/api/review/{code}/file"))).send().await.unwrap();
    assert_eq!(file.status(), 200);
    assert_eq!(file.headers()["content-disposition"], format!("inline; filename=\"{code}.pdf\"").as_str());
    let headers = format!("{:?}", file.headers());
    assert!(forbidden.iter().all(|f| !headers.contains(f.as_str())), "{headers}");
    assert!(file.bytes().await.unwrap().starts_with(b"%PDF-"));
}

/// Issue 23 item 5: the flag is what the upload's check found, kept as
/// data, not read back from the warning's wording: rewording the stored
/// warning (as a new version of the text would) leaves the submission
/// flagged for the reviewer and the admins, and one without the finding
/// unflagged.
#[tokio::test]
async fn the_anonymity_flag_survives_a_reworded_warning() {
    let app = app_with_admin().await;
    let author = signed_in(&app, "author@example.org").await;
    let lines = words(30);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let response = upload(&app, &author, "sandhi.pdf", make_pdf(&lines, Some("Ada Lovelace"))).await;
    assert_eq!(response.status(), 201);
    let uploaded = body(response).await;
    assert!(uploaded["warnings"].to_string().contains("Lovelace"), "{uploaded}");
    let named: Uuid = uploaded["id"].as_str().unwrap().parse().unwrap();
    let response = upload(&app, &author, "clean.pdf", make_pdf(&lines, None)).await;
    assert_eq!(response.status(), 201);
    let clean: Uuid = body(response).await["id"].as_str().unwrap().parse().unwrap();
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE submissions SET warnings = $1 WHERE id = $2")
            .bind(r#"["Your abstract names you (Lovelace) in its properties; please anonymise it."]"#)
            .bind(named)
            .execute(pool)
            .await
            .unwrap();
    });
    let (rita, rita_id) = reviewer(&app, "r1@example.org", "Rita", "Reader").await;
    assigned(&app, named, rita_id).await;
    assigned(&app, clean, rita_id).await;
    for (submission, flags) in [(named, json!([colloquy::review::ANONYMITY_FLAG])), (clean, json!([]))] {
        let code = code_of(&app, submission).await;
        let detail = rita.get(app.url(&format!("/api/review/{code}"))).send().await.unwrap();
        assert_eq!(detail.status(), 200);
        let detail: Value = detail.json().await.unwrap();
        assert_eq!(detail["flags"], flags, "{detail}");
    }
    let overview = body(app.get("/api/admin/reviews").await).await;
    let flagged = |id: Uuid| {
        overview["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["submission_id"] == id.to_string())
            .unwrap()["flagged"]
            .clone()
    };
    assert_eq!((flagged(named), flagged(clean)), (json!(true), json!(false)), "{overview}");
}
