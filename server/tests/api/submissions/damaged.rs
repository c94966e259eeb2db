//! A file that starts like a PDF but cannot be opened (a cut-off download,
//! a page tree that leads nowhere) is refused as damaged and nothing of it
//! is kept; real PDFs as common producers write them are accepted.

use lopdf::encryption::{EncryptionState, EncryptionVersion, Permissions};
use lopdf::{Document, Object, dictionary};
use serde_json::Value;

use super::active_content::incremental_update;
use super::{
    applicant, handmade_pdf, json, make_pdf, pdf_document, save, save_compressed, stored_files,
    submission_count, upload, words,
};
use crate::helpers::{TestApp, repo_root, spawn_app};

const DAMAGED: &str = "The PDF is damaged and cannot be opened (it may be incomplete, for example from an \
     interrupted download). Save or download it again and upload the new file.";

fn abstract_lines() -> Vec<String> {
    let mut lines = words(120);
    lines.push("References".into());
    lines.push("Chen M 2000 Tone Sandhi".into());
    lines
}

/// The same file cut off at several points, as an interrupted download leaves it.
fn cut_offs(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut cuts: Vec<usize> =
        [0.25, 0.5, 0.75, 0.9].iter().map(|share| (bytes.len() as f64 * share) as usize).collect();
    // Inside the cross-reference data at the end, and just before its last line.
    cuts.push(bytes.len() - 40);
    cuts.push(bytes.len() - 12);
    cuts.into_iter().map(|at| (format!("cut at {at} of {}", bytes.len()), bytes[..at].to_vec())).collect()
}

async fn assert_damaged(app: &TestApp, what: &str, bytes: Vec<u8>) {
    let response = upload(app, &app.client, "abstract.pdf", bytes).await;
    let status = response.status();
    let body: Value = json(response).await;
    assert_eq!(status, 422, "{what}: {body}");
    assert_eq!(body["code"], "damaged_pdf", "{what}: {body}");
    assert_eq!(body["error"], DAMAGED, "{what}");
}

#[tokio::test]
async fn cut_off_pdfs_are_refused_as_damaged_and_nothing_is_kept() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let lines = abstract_lines();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let classic = make_pdf(&lines, Some("Anonymous"));
    let compressed = save_compressed(&mut pdf_document(&lines, None).document);
    let program = std::fs::read(repo_root().join("web/public/sculc-program.pdf")).unwrap();
    for (producer, bytes) in [("classic", classic), ("compressed", compressed), ("program", program)] {
        for (cut, part) in cut_offs(&bytes) {
            assert_damaged(&app, &format!("{producer}, {cut}"), part).await;
        }
    }
    assert_damaged(&app, "only a header", format!("%PDF-1.7\n{}\n", lines.join(" ")).into_bytes()).await;
    assert_eq!(submission_count(&app).await, 0);
    assert!(stored_files(&app).is_empty());
    assert_eq!(std::fs::read_dir(app.state.config.data_dir.join("tmp")).unwrap().count(), 0);
    assert_eq!(json(app.get("/api/session").await).await["user"]["applicant"], false);
}

#[tokio::test]
async fn a_page_tree_that_leads_nowhere_is_refused_as_damaged() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let catalog = "<< /Type /Catalog /Pages 2 0 R >>";
    let page = "<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>";
    let content = "<< /Length 0 >>\nstream\n\nendstream";
    let cases = [
        ("a page that is missing", ["<< /Type /Pages /Kids [3 0 R 9 0 R] /Count 2 >>", page, content]),
        ("fewer pages than counted", ["<< /Type /Pages /Kids [3 0 R] /Count 3 >>", page, content]),
        (
            "contents that are missing",
            [
                "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /Contents 8 0 R >>",
                content,
            ],
        ),
        ("a page tree that loops", ["<< /Type /Pages /Kids [2 0 R] /Count 1 >>", page, content]),
        ("no pages at all", ["<< /Type /Pages /Kids [] /Count 0 >>", page, content]),
    ];
    for (what, [pages, page, content]) in cases {
        assert_damaged(&app, what, handmade_pdf(&[catalog, pages, page, content])).await;
    }
    assert_eq!(submission_count(&app).await, 0);
}

#[tokio::test]
async fn real_pdfs_as_common_producers_write_them_are_accepted() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let lines = abstract_lines();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let classic = make_pdf(&lines, None);
    let updated = incremental_update(&classic, |document, catalog| {
        // What an editor's "save" appends: new metadata and a changed catalog.
        let info =
            document.add_object(dictionary! {"Producer" => Object::string_literal("LibreOffice 24.2")});
        document.trailer.set("Info", info);
        document
            .get_object_mut(catalog)
            .unwrap()
            .as_dict_mut()
            .unwrap()
            .set("Lang", Object::string_literal("en"));
    });
    let mut trailing_newlines = classic.clone();
    trailing_newlines.extend(b"\r\n\r\n");
    let files = [
        ("a classic file", classic),
        (
            "object streams and a cross-reference stream",
            save_compressed(&mut pdf_document(&lines, None).document),
        ),
        ("an incremental update", updated),
        ("blank lines after the end", trailing_newlines),
        ("the conference program", std::fs::read(repo_root().join("web/public/sculc-program.pdf")).unwrap()),
        ("a page without text", save(&mut pdf_document(&[], None).document)),
    ];
    for (what, bytes) in files {
        let response = upload(&app, &app.client, "abstract.pdf", bytes).await;
        let status = response.status();
        let body = json(response).await;
        assert_eq!(status, 201, "{what}: {body}");
        if what != "the conference program" && what != "a page without text" {
            assert_eq!(body["word_count"], 120, "{what}: the references are not counted");
        }
        // Within the author's limit of submissions, whatever it is.
        let id = body["id"].as_str().unwrap();
        let deleted = app.client.delete(app.url(&format!("/api/submissions/{id}"))).send().await.unwrap();
        assert_eq!(deleted.status(), 204);
    }
}

/// The document encrypted (RC4, 128 bits) with these passwords.
fn encrypted(mut document: Document, user_password: &str) -> Vec<u8> {
    document.trailer.set(
        "ID",
        vec![Object::string_literal("0123456789abcdef"), Object::string_literal("0123456789abcdef")],
    );
    let version = EncryptionVersion::V2 {
        document: &document,
        owner_password: "organizers",
        user_password,
        key_length: 128,
        permissions: Permissions::PRINTABLE,
    };
    let state = EncryptionState::try_from(version).unwrap();
    document.encrypt(&state).unwrap();
    save(&mut document)
}

#[tokio::test]
async fn a_pdf_locked_with_a_password_is_refused_but_one_that_only_restricts_editing_is_accepted() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let lines = ["Vowel harmony in loanwords"];
    let locked =
        upload(&app, &app.client, "locked.pdf", encrypted(pdf_document(&lines, None).document, "secret"))
            .await;
    assert_eq!(locked.status(), 422);
    let body = json(locked).await;
    assert_eq!(body["code"], "encrypted_pdf", "{body}");
    assert_eq!(body["error"], "The PDF is protected by a password. Upload a copy without a password.");
    assert_eq!(submission_count(&app).await, 0);

    // No password to open it, only an owner's restrictions: readers open it as it is.
    let restricted =
        upload(&app, &app.client, "restricted.pdf", encrypted(pdf_document(&lines, None).document, "")).await;
    let status = restricted.status();
    let body = json(restricted).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["word_count"], 4);
}
