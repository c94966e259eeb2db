//! Abstract submissions: upload checks, privacy, delete, the sweep, editions,
//! S3 storage, crashes.

mod active_content;
mod crash;
mod damaged;
mod details;
mod editions;
mod files;
mod held;
mod inspector;
mod limits;
mod process;
mod s3;
pub mod s3_server;
pub mod sized;
mod stored_status;
mod sweep;
mod upload;
mod withdraw;

use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, ObjectId, Stream, dictionary};
use serde_json::Value;

use crate::accounts::{PASSWORD, verified_account};
use crate::helpers::TestApp;

/// A one-page PDF with `lines` of text (none: a page without text, like a
/// scan) and, optionally, an Author in its metadata. Made with a PDF library.
pub fn make_pdf(lines: &[&str], author: Option<&str>) -> Vec<u8> {
    save(&mut pdf_document(lines, author).document)
}

/// A PDF being built: the document, its catalog and its one page, for a
/// test to add to before saving.
pub struct PdfParts {
    pub document: Document,
    pub catalog: ObjectId,
    pub page: ObjectId,
}

/// `make_pdf`'s document, not yet saved.
pub fn pdf_document(lines: &[&str], author: Option<&str>) -> PdfParts {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font_id =
        doc.add_object(dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica"});
    let resources_id = doc.add_object(dictionary! {"Font" => dictionary! {"F1" => font_id}});
    let mut operations = vec![
        Operation::new("BT", vec![]),
        Operation::new("Tf", vec!["F1".into(), 10.into()]),
        Operation::new("TL", vec![12.into()]),
        Operation::new("Td", vec![50.into(), 800.into()]),
    ];
    for line in lines {
        operations.push(Operation::new("Tj", vec![Object::string_literal(*line)]));
        operations.push(Operation::new("T*", vec![]));
    }
    operations.push(Operation::new("ET", vec![]));
    let content = Content { operations };
    let content_id = doc.add_object(Stream::new(dictionary! {}, content.encode().unwrap()));
    let page_id =
        doc.add_object(dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => content_id});
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => vec![page_id.into()], "Count" => 1,
            "Resources" => resources_id, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let catalog_id = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog_id);
    if let Some(author) = author {
        let info_id = doc.add_object(dictionary! {"Author" => Object::string_literal(author)});
        doc.trailer.set("Info", info_id);
    }
    PdfParts { document: doc, catalog: catalog_id, page: page_id }
}

/// The document as a classic PDF: objects one by one, a cross-reference table.
pub fn save(document: &mut Document) -> Vec<u8> {
    let mut bytes = Vec::new();
    document.save_to(&mut bytes).unwrap();
    bytes
}

/// The document as modern producers write it: objects packed in compressed
/// object streams, and a cross-reference stream.
pub fn save_compressed(document: &mut Document) -> Vec<u8> {
    let mut bytes = Vec::new();
    document.save_modern(&mut bytes).unwrap();
    assert!(bytes.windows(7).any(|w| w == b"/ObjStm"), "written with object streams");
    bytes
}

/// A PDF written by hand from the bodies of objects 1, 2, … (object 1 is
/// the catalog), with a correct cross-reference table: for files no PDF
/// library would write.
pub fn handmade_pdf(objects: &[&str]) -> Vec<u8> {
    let mut pdf = b"%PDF-1.7\n".to_vec();
    let mut offsets = Vec::new();
    for (n, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend(format!("{} 0 obj\n{body}\nendobj\n", n + 1).into_bytes());
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

/// `n` words of plausible abstract text, in lines of ten.
pub fn words(n: usize) -> Vec<String> {
    let all: Vec<&str> = "tone sandhi in southern min varieties shows lexical conditioning across registers"
        .split(' ')
        .cycle()
        .take(n)
        .collect();
    all.chunks(10).map(|chunk| chunk.join(" ")).collect()
}

/// A signed-in applicant (Ada Lovelace) on `app`'s client, with the call
/// for abstracts open (the seeded 2025 call closed long ago).
pub async fn applicant(app: &TestApp, email: &str) {
    sign_in_as(app, &app.client, email).await;
}

/// Sets the current edition's limit of submissions per author.
pub async fn set_submissions_per_author(app: &TestApp, limit: i64) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET max_submissions_per_author = $1 WHERE year = 2025")
            .bind(limit)
            .execute(pool)
            .await
            .unwrap();
    });
}

/// Opens the call, makes a verified account and signs `client` in with it.
pub async fn sign_in_as(app: &TestApp, client: &reqwest::Client, email: &str) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET call_opens_at = NULL, call_closes_at = NULL")
            .execute(pool)
            .await
            .unwrap();
    });
    verified_account(app, email).await;
    let response = client
        .post(app.url("/api/accounts/login"))
        .json(&serde_json::json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

pub async fn upload(
    app: &TestApp,
    client: &reqwest::Client,
    name: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes)
        .file_name(name.to_owned())
        .mime_str("application/pdf")
        .unwrap();
    // The file's name stands in for a title: tests about other things need
    // only the required details.
    let form = reqwest::multipart::Form::new()
        .text("title", name.to_owned())
        .text("preferred_format", "either")
        .part("file", part);
    client.post(app.url("/api/submissions")).multipart(form).send().await.unwrap()
}

pub async fn json(response: reqwest::Response) -> Value {
    response.json().await.unwrap()
}

/// Every file in the local object store, relative to it.
pub fn stored_files(app: &TestApp) -> Vec<String> {
    let root = app.state.config.data_dir.join("files");
    let mut found = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(&root).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

pub async fn submission_count(app: &TestApp) -> i64 {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM submissions").fetch_one(pool).await.unwrap()
    })
}
