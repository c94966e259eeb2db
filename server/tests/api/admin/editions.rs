//! Edition settings: validation, and creating next year's edition, whose
//! call then governs uploads.

use serde_json::{Value, json};

use super::{admin, audit_entries, json, put_json, user_id};
use crate::helpers::{TestApp, browser, spawn_app};
use crate::submissions::{make_pdf, sign_in_as, upload, words};

/// SCULC 2025's settings as the spec gives them.
pub(super) fn spec_2025() -> Value {
    json!({
        "call_opens_at": null,
        "call_closes_at": "2025-03-21T23:59:00-07:00",
        "word_limit": 500,
        "max_file_bytes": 10485760,
        "max_submissions_per_author": 5,
        "confirm_attendance_by": "2025-04-15T23:59:00-07:00",
        "final_materials_by": "2025-05-10T23:59:00-07:00",
        "confirmation_form_url": "https://forms.example.org/sculc-2025-confirm-attendance",
        "contact_email": "sculc@example.edu"
    })
}

async fn editions(app: &TestApp) -> Value {
    json(app.get("/api/admin/editions").await).await
}

#[tokio::test]
async fn invalid_settings_are_refused_by_field_and_nothing_changes() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let before = editions(&app).await;
    let years: Vec<i64> = before.as_array().unwrap().iter().map(|e| e["year"].as_i64().unwrap()).collect();
    assert_eq!(years, [2025, 2024, 2023, 2022], "newest first");

    let bad = json!({
        "call_opens_at": "2025-03-01T00:00:00Z",
        "call_closes_at": "2025-02-01T00:00:00Z",
        "word_limit": 0,
        "max_file_bytes": 512,
        "max_submissions_per_author": 0,
        "confirm_attendance_by": "next Tuesday",
        "final_materials_by": null,
        "confirmation_form_url": "javascript:alert(1)",
        "contact_email": "not an address"
    });
    let response = put_json(&app, "/api/admin/editions/2025", bad).await;
    assert_eq!(response.status(), 422);
    let error = json(response).await;
    for field in [
        "call_closes_at",
        "word_limit",
        "max_file_bytes",
        "max_submissions_per_author",
        "confirm_attendance_by",
        "confirmation_form_url",
        "contact_email",
    ] {
        assert!(error["fields"][field].is_array(), "{field}: {error}");
    }
    for (field, value) in [
        ("word_limit", json!(10_001)),
        ("max_file_bytes", json!((64 << 20) + 1)),
        ("max_submissions_per_author", json!(101)),
        ("max_submissions_per_author", json!(-1)),
        ("confirmation_form_url", json!("ftp://x.org/f")),
        ("max_materials_bytes", json!(512)),
        ("max_materials_bytes", json!((64 << 20) + 1)),
    ] {
        let mut settings = spec_2025();
        settings[field] = value;
        let response = put_json(&app, "/api/admin/editions/2025", settings).await;
        assert_eq!(response.status(), 422, "{field}");
        assert!(json(response).await["fields"][field].is_array(), "{field}");
    }
    assert_eq!(editions(&app).await, before);
    assert_eq!(put_json(&app, "/api/admin/editions/1999", spec_2025()).await.status(), 404);
    assert_eq!(audit_entries(&app).await, vec![]);
}

#[tokio::test]
async fn an_admin_updates_the_current_edition() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let mut settings = spec_2025();
    settings["word_limit"] = json!(300);
    settings["max_file_bytes"] = json!(64 << 20);
    settings["max_submissions_per_author"] = json!(2);
    settings["confirmation_form_url"] = json!("");
    settings["contact_email"] = json!(" Chair@Example.EDU ");
    let response = put_json(&app, "/api/admin/editions/2025", settings).await;
    assert_eq!(response.status(), 200);
    let edition = json(response).await;
    assert_eq!(edition["call_closes_at"], "2025-03-22T06:59:00Z", "stored in UTC");
    assert_eq!(edition["confirm_attendance_by"], "2025-04-16T06:59:00Z");
    assert_eq!(edition["word_limit"], 300);
    assert_eq!(edition["max_file_bytes"], 64 << 20);
    assert_eq!(edition["max_submissions_per_author"], 2);
    assert_eq!(edition["confirmation_form_url"], Value::Null);
    assert_eq!(edition["contact_email"], "chair@example.edu");
    let current = json(app.get("/api/editions/current").await).await;
    assert_eq!(
        (current["word_limit"].as_i64(), current["contact_email"].as_str()),
        (Some(300), Some("chair@example.edu"))
    );
    assert_eq!(current["max_submissions_per_author"], 2);
    assert_eq!(
        audit_entries(&app).await,
        vec![("edition.updated".to_owned(), "Updated the settings of SCULC 2025".to_owned())]
    );
}

/// The settings form sends the keyword list with the settings: one save,
/// one transaction, one log entry; a refused keyword or setting saves
/// neither.
#[tokio::test]
async fn settings_and_keywords_are_saved_together_or_not_at_all() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let before = editions(&app).await;
    assert_eq!(before[0]["keywords"].as_array().unwrap().len(), 12, "the seeded list: {}", before[0]);
    let with = |word_limit: i64, keywords: Value| {
        let mut settings = spec_2025();
        settings["word_limit"] = json!(word_limit);
        settings["keywords"] = keywords;
        settings
    };

    // A bad list with good settings: neither is saved, and the list's
    // message (the words of PUT …/keywords) stands at its field alone.
    for (keywords, message) in [
        (json!([]), "Enter at least one keyword."),
        (json!(["Syntax", " syntax "]), "‘syntax’ is listed twice."),
        (json!(["Syntax", "  "]), "A keyword cannot be empty."),
        (
            json!((0..41).map(|i| format!("k{i}")).collect::<Vec<_>>()),
            "An edition can offer at most 40 keywords.",
        ),
    ] {
        let response = put_json(&app, "/api/admin/editions/2025", with(300, keywords.clone())).await;
        assert_eq!(response.status(), 422, "{keywords}");
        let error = json(response).await;
        assert_eq!(error["fields"], json!({"keywords": [message]}), "{keywords}");
        assert_eq!(error["error"], message);
    }
    // A bad setting with a good list: neither either.
    let response = put_json(&app, "/api/admin/editions/2025", with(0, json!(["Typology"]))).await;
    assert_eq!(response.status(), 422);
    let error = json(response).await;
    assert!(error["fields"]["word_limit"].is_array() && error["fields"]["keywords"].is_null(), "{error}");
    // Both bad: both told at once.
    let response = put_json(&app, "/api/admin/editions/2025", with(0, json!([]))).await;
    let error = json(response).await;
    assert!(error["fields"]["word_limit"].is_array() && error["fields"]["keywords"].is_array(), "{error}");
    assert_eq!(editions(&app).await, before, "nothing changed");
    assert_eq!(audit_entries(&app).await, vec![]);

    let response =
        put_json(&app, "/api/admin/editions/2025", with(300, json!([" Typology ", "Fieldwork"]))).await;
    assert_eq!(response.status(), 200);
    let edition = json(response).await;
    assert_eq!(
        (edition["word_limit"].clone(), edition["keywords"].clone()),
        (json!(300), json!(["Typology", "Fieldwork"]))
    );
    let current = json(app.get("/api/editions/current").await).await;
    assert_eq!(
        (current["word_limit"].clone(), current["keywords"].clone()),
        (json!(300), json!(["Typology", "Fieldwork"]))
    );
    let saved = "Updated the settings and keywords of SCULC 2025".to_owned();
    assert_eq!(audit_entries(&app).await, vec![("edition.updated".to_owned(), saved.clone())], "one entry");

    // Left out, or the same list again: the keywords stay, and the log
    // speaks of the settings alone.
    let response = put_json(&app, "/api/admin/editions/2025", spec_2025()).await;
    assert_eq!(response.status(), 200);
    let edition = json(response).await;
    assert_eq!(
        (edition["word_limit"].clone(), edition["keywords"].clone()),
        (json!(500), json!(["Typology", "Fieldwork"]))
    );
    let response =
        put_json(&app, "/api/admin/editions/2025", with(400, json!(["Typology", "Fieldwork"]))).await;
    assert_eq!(json(response).await["keywords"], json!(["Typology", "Fieldwork"]));
    let entries = audit_entries(&app).await;
    let settings_only = ("edition.updated".to_owned(), "Updated the settings of SCULC 2025".to_owned());
    assert_eq!(entries.len(), 3, "{entries:?}");
    assert_eq!(entries.iter().filter(|entry| **entry == settings_only).count(), 2, "{entries:?}");
    assert!(entries.contains(&("edition.updated".to_owned(), saved)), "{entries:?}");

    assert_eq!(put_json(&app, "/api/admin/editions/1999", with(300, json!(["A"]))).await.status(), 404);
}

#[tokio::test]
async fn creating_2026_copies_2025_and_its_call_then_governs_uploads() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let applicant = browser();
    sign_in_as(&app, &applicant, "applicant@example.edu").await;
    // Signing in opened every call; put 2025 back as the spec has it, with
    // a limit of submissions per author of its own.
    let mut settings_2025 = spec_2025();
    settings_2025["max_submissions_per_author"] = json!(3);
    assert_eq!(put_json(&app, "/api/admin/editions/2025", settings_2025).await.status(), 200);

    for year in [2025, 2024] {
        let refused = app.post_json("/api/admin/editions", json!({"year": year})).await;
        assert_eq!(refused.status(), 409, "{year}");
    }
    assert_eq!(app.post_json("/api/admin/editions", json!({"year": 1})).await.status(), 422);

    let created =
        app.post_json("/api/admin/editions", json!({"year": 2026, "call_over_confirmed": true})).await;
    assert_eq!(created.status(), 201);
    let edition = json(created).await;
    assert_eq!(edition["year"], 2026);
    // 2025's dates 52 weeks on, each on its weekday at its Pacific time;
    // limits and contact copied; the form link moved to 2026; an opening
    // proposed (2025 had none), so that the call does not open at once.
    assert_eq!(edition["call_opens_at"], "2025-12-26T08:00:00Z");
    assert_eq!(edition["call_closes_at"], "2026-03-21T06:59:00Z");
    assert_eq!(edition["confirm_attendance_by"], "2026-04-15T06:59:00Z");
    assert_eq!(edition["final_materials_by"], "2026-05-10T06:59:00Z");
    assert_eq!(edition["word_limit"], 500);
    assert_eq!(edition["max_file_bytes"], 10485760);
    assert_eq!(edition["max_submissions_per_author"], 3);
    assert_eq!(edition["confirmation_form_url"], "https://forms.example.org/sculc-2026-confirm-attendance");
    assert_eq!(edition["contact_email"], "sculc@example.edu");
    assert_eq!(edition["announced_at"], Value::Null);
    assert_eq!(editions(&app).await[0]["year"], 2026);
    // Prepared, not current: the running edition stays 2025 until 2026 is announced.
    assert_eq!(json(app.get("/api/editions/current").await).await["year"], 2025);
    assert_eq!(
        app.post_json("/api/admin/editions", json!({"year": 2026, "call_over_confirmed": true}))
            .await
            .status(),
        409
    );

    // The 2026 call now decides uploads: closed until it is announced,
    // then by its window (it closed on 20 March 2026).
    let pdf = || make_pdf(&words(40).iter().map(String::as_str).collect::<Vec<_>>(), None);
    let unannounced = upload(&app, &applicant, "tones.pdf", pdf()).await;
    assert_eq!(unannounced.status(), 403);
    assert_eq!(
        json(unannounced).await["error"],
        "The call for abstracts for SCULC 2025 closed on March 21, 2025 at 11:59 PM PDT.",
        "uploads still go to 2025 while 2026 is prepared"
    );
    assert_eq!(
        app.post_json("/api/admin/editions/2026/announce?call_over_confirmed=true", json!({})).await.status(),
        200
    );
    assert_eq!(json(app.get("/api/editions/current").await).await["year"], 2026);
    let closed = upload(&app, &applicant, "tones.pdf", pdf()).await;
    assert_eq!(closed.status(), 403);
    assert_eq!(
        json(closed).await["error"],
        "The call for abstracts for SCULC 2026 closed on March 20, 2026 at 11:59 PM PDT."
    );

    // A call open until 2099 needs deadlines after it, or none.
    let mut open = spec_2025();
    open["call_closes_at"] = json!("2099-03-21T23:59:00-07:00");
    let refused = put_json(&app, "/api/admin/editions/2026", open.clone()).await;
    assert_eq!(refused.status(), 422);
    assert!(json(refused).await["fields"]["confirm_attendance_by"].is_array());
    open["confirm_attendance_by"] = Value::Null;
    open["final_materials_by"] = Value::Null;
    open["conference_on"] = json!("2099-05-16");
    open["word_limit"] = json!(20);
    assert_eq!(put_json(&app, "/api/admin/editions/2026", open).await.status(), 200);
    let uploaded = upload(&app, &applicant, "tones.pdf", pdf()).await;
    assert_eq!(uploaded.status(), 201);
    let uploaded = json(uploaded).await;
    assert_eq!(uploaded["word_limit"], 20, "2026's limit applies");
    let id = user_id(&app, "applicant@example.edu").await;
    let all = json(app.get(&format!("/api/admin/users/{id}/submissions")).await).await;
    assert_eq!(all[0]["edition_year"], 2026);

    let log = audit_entries(&app).await;
    assert!(
        log.contains(&(
            "edition.created".to_owned(),
            "Created SCULC 2026 from the settings of SCULC 2025 (not announced yet)".to_owned()
        )),
        "{log:?}"
    );
}

#[tokio::test]
async fn an_admin_sets_the_materials_limit_and_whether_presenters_answer_on_the_site() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let current = &editions(&app).await[0];
    assert_eq!(
        (current["max_materials_bytes"].clone(), current["attendance_in_app"].clone()),
        (json!(25 << 20), json!(true))
    );

    let mut settings = spec_2025();
    settings["max_materials_bytes"] = json!(40 << 20);
    settings["attendance_in_app"] = json!(false);
    assert_eq!(put_json(&app, "/api/admin/editions/2025", settings).await.status(), 200);
    let current = &editions(&app).await[0];
    assert_eq!(
        (current["max_materials_bytes"].clone(), current["attendance_in_app"].clone()),
        (json!(40 << 20), json!(false))
    );

    // Clients that do not know the two settings leave them as they are.
    assert_eq!(put_json(&app, "/api/admin/editions/2025", spec_2025()).await.status(), 200);
    let current = &editions(&app).await[0];
    assert_eq!(
        (current["max_materials_bytes"].clone(), current["attendance_in_app"].clone()),
        (json!(40 << 20), json!(false))
    );
    let public = json(app.get("/api/editions/current").await).await;
    assert_eq!(public["attendance_in_app"], false, "the congratulations page reads it: {public}");
}
