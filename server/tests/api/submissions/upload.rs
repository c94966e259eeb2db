use serde_json::json;

use super::{applicant, json, make_pdf, stored_files, submission_count, upload, words};
use crate::helpers::spawn_app;

#[tokio::test]
async fn a_real_pdf_is_stored_with_its_word_count_and_guideline_warnings() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let mut lines = words(30);
    lines.push("As Lovelace argued earlier".into());
    lines.push("References".into());
    lines.push("Lovelace A 1843 Notes on the Analytical Engine".into());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let pdf = make_pdf(&lines, Some("Ada Lovelace"));

    let response = upload(&app, &app.client, "tone sandhi.pdf", pdf.clone()).await;
    assert_eq!(response.status(), 201);
    let submission = json(response).await;
    assert_eq!(submission["original_name"], "tone sandhi.pdf");
    assert_eq!(submission["word_count"], 34, "30 words + 4, references not counted");
    assert_eq!(submission["word_limit"], 500);
    assert_eq!(submission["status"], "submitted");
    assert_eq!(submission["size_bytes"], pdf.len());
    let warnings = submission["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(warnings[0].as_str().unwrap().contains("(Lovelace) appears in the abstract's text"));
    assert!(
        warnings[1]
            .as_str()
            .unwrap()
            .starts_with("An author's name (Ada, Lovelace) is in the PDF's document properties")
    );

    let id = submission["id"].as_str().unwrap();
    let session = json(app.get("/api/session").await).await;
    assert_eq!(session["user"]["applicant"], true);
    assert_eq!(session["user"]["presenter"], false);
    let user_id = session["user"]["id"].as_str().unwrap();
    assert_eq!(stored_files(&app), [format!("abstracts/{user_id}/{id}.pdf")]);
    assert_eq!(
        std::fs::read_dir(app.state.config.data_dir.join("tmp")).unwrap().count(),
        0,
        "no temp file left"
    );
}

#[tokio::test]
async fn long_abstracts_and_scans_get_their_warnings() {
    let app = spawn_app().await;
    applicant(&app, "grace@example.edu").await;
    let long = words(520);
    let long: Vec<&str> = long.iter().map(String::as_str).collect();
    let submission = json(upload(&app, &app.client, "long.pdf", make_pdf(&long, None)).await).await;
    assert_eq!(submission["word_count"], 520);
    assert_eq!(
        submission["warnings"],
        json!(["The abstract has 520 words; the limit is 500 words, not counting references."])
    );

    let scan = json(upload(&app, &app.client, "scan.pdf", make_pdf(&[], None)).await).await;
    assert_eq!(scan["word_count"], json!(null));
    assert!(scan["warnings"][0].as_str().unwrap().starts_with("The word count could not be made"));
}

#[tokio::test]
async fn files_that_are_not_pdfs_are_refused_and_nothing_is_kept() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let real = make_pdf(&["a short abstract"], None);
    let cases: [(&str, Vec<u8>, u16, &str); 3] = [
        ("notes.pdf", b"just some text, not a PDF".to_vec(), 422, "The file must be a PDF."),
        ("empty.pdf", Vec::new(), 422, "The file is empty."),
        (
            "truncated.pdf",
            real[..real.len() / 3].to_vec(),
            422,
            "The PDF is damaged and cannot be opened (it may be incomplete, for example from an interrupted download). Save or download it again and upload the new file.",
        ),
    ];
    for (name, bytes, status, message) in cases {
        let response = upload(&app, &app.client, name, bytes).await;
        assert_eq!(response.status(), status, "{name}");
        assert_eq!(json(response).await["error"], message, "{name}");
    }
    assert_eq!(submission_count(&app).await, 0);
    assert!(stored_files(&app).is_empty());
    assert_eq!(json(app.get("/api/session").await).await["user"]["applicant"], false);
}

#[tokio::test]
async fn a_file_over_the_limit_is_refused_while_streaming() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET max_file_bytes = 1048576").execute(pool).await.unwrap();
    });
    let mut big = make_pdf(&["padding follows"], None);
    big.resize(3 << 20, b' ');
    let response = upload(&app, &app.client, "big.pdf", big).await;
    assert_eq!(response.status(), 413);
    assert_eq!(json(response).await["error"], "The file is too large. Abstracts can be at most 1 MB.");
    assert_eq!(submission_count(&app).await, 0);
    assert!(stored_files(&app).is_empty());
}

#[tokio::test]
async fn the_client_file_name_is_data_never_a_path() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    for name in ["../../../etc/passwd.pdf", "  Tonsandhi – 声调.pdf  "] {
        let submission = json(upload(&app, &app.client, name, make_pdf(&["text"], None)).await).await;
        assert_eq!(submission["original_name"], name.trim());
    }
    for file in stored_files(&app) {
        assert!(!file.contains("passwd") && !file.contains('声'), "{file}");
        assert!(file.starts_with("abstracts/") && file.ends_with(".pdf"));
    }
}

#[tokio::test]
async fn two_uploads_at_once_are_both_kept() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let (a, b) = tokio::join!(
        upload(&app, &app.client, "first.pdf", make_pdf(&["first abstract"], None)),
        upload(&app, &app.client, "second.pdf", make_pdf(&["second abstract"], None)),
    );
    assert_eq!((a.status().as_u16(), b.status().as_u16()), (201, 201));
    let list = json(app.get("/api/submissions").await).await;
    assert_eq!(list["submissions"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn outside_the_call_window_uploads_are_refused_naming_the_deadline() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET call_closes_at = $1")
            .bind(time::macros::datetime!(2025-03-22 06:59 UTC))
            .execute(pool)
            .await
            .unwrap();
    });
    let response = upload(&app, &app.client, "late.pdf", make_pdf(&["late"], None)).await;
    assert_eq!(response.status(), 403);
    let body = json(response).await;
    assert_eq!(body["code"], "call_closed");
    assert_eq!(
        body["error"],
        "The call for abstracts for SCULC 2025 closed on March 21, 2025 at 11:59 PM PDT."
    );
}

#[tokio::test]
async fn visitors_cannot_upload() {
    let app = spawn_app().await;
    let visitor = upload(&app, &app.client, "a.pdf", make_pdf(&["x"], None)).await;
    assert_eq!(visitor.status(), 401);
}

/// A PDF whose page content inflates to 2 GiB: a decompression bomb.
fn decompression_bomb() -> Vec<u8> {
    use std::io::Write;
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..2048 {
        encoder.write_all(&zeros).unwrap();
    }
    let compressed = encoder.finish().unwrap();
    let mut pdf = b"%PDF-1.5\n".to_vec();
    let mut offsets = Vec::new();
    let objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 595 842] >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>".to_vec(),
        [
            format!("<< /Length {} /Filter /FlateDecode >>\nstream\n", compressed.len()).into_bytes(),
            compressed,
            b"\nendstream".to_vec(),
        ]
        .concat(),
    ];
    for (n, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend(format!("{} 0 obj\n", n + 1).into_bytes());
        pdf.extend(body);
        pdf.extend(b"\nendobj\n");
    }
    let xref = pdf.len();
    pdf.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).into_bytes());
    for offset in offsets {
        pdf.extend(format!("{offset:010} 00000 n \n").into_bytes());
    }
    pdf.extend(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1)
            .into_bytes(),
    );
    pdf
}

#[tokio::test]
async fn a_hostile_pdf_neither_hangs_nor_exhausts_the_server() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let bomb = decompression_bomb();
    assert!(bomb.len() < 10 << 20, "the bomb fits the size limit: {} bytes", bomb.len());
    let started = std::time::Instant::now();
    let response = upload(&app, &app.client, "bomb.pdf", bomb).await;
    // Refused as unreadable, or kept with no countable text: either way an
    // answer, within the inspector's deadline, and the server serves on.
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "took {:?}", started.elapsed());
    assert!([201, 422].contains(&response.status().as_u16()), "{}", response.status());
    if response.status() == 201 {
        assert_eq!(json(response).await["word_count"], json!(null));
    }
    assert_eq!(app.get("/api/health").await.status(), 200);
}
