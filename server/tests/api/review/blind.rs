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
