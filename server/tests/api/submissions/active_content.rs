//! PDFs that carry JavaScript or launch actions are refused wherever the
//! action hides (inline, through references, in compressed object streams,
//! in an incremental update, behind escaped names), and nothing of them is
//! kept; ordinary links stay allowed.

use lopdf::{Document, IncrementalDocument, Object, ObjectId, Stream, dictionary};
use serde_json::Value;

use super::{
    applicant, handmade_pdf, json, make_pdf, pdf_document, save, save_compressed, stored_files,
    submission_count, upload,
};
use crate::helpers::{TestApp, spawn_app};

const SCRIPT: &str = "The PDF contains JavaScript, which an abstract may not have. \
     Export it again as a plain PDF (for example with Print to PDF) and upload that.";
const LAUNCH: &str = "The PDF contains an action that starts a program or opens a file, which an abstract \
     may not have. Export it again as a plain PDF (for example with Print to PDF) and upload that.";

fn set_in(document: &mut Document, id: ObjectId, key: &str, value: impl Into<Object>) {
    document.get_object_mut(id).unwrap().as_dict_mut().unwrap().set(key, value);
}

/// A JavaScript action whose script is a stream of its own, as producers
/// write longer scripts: found only by following references.
fn script_action(document: &mut Document, script: &str) -> ObjectId {
    let script = document.add_object(Stream::new(dictionary! {}, script.as_bytes().to_vec()));
    document.add_object(dictionary! {"Type" => "Action", "S" => "JavaScript", "JS" => script})
}

/// `bytes` with a second revision appended (an incremental update, as
/// LibreOffice and signing tools write), made by `edit` on the catalog.
pub fn incremental_update(bytes: &[u8], edit: impl FnOnce(&mut Document, ObjectId)) -> Vec<u8> {
    let mut update: IncrementalDocument = bytes.try_into().unwrap();
    let catalog = update.get_prev_documents().trailer.get(b"Root").unwrap().as_reference().unwrap();
    update.opt_clone_object_to_new_document(catalog).unwrap();
    edit(&mut update.new_document, catalog);
    let mut out = Vec::new();
    update.save_to(&mut out).unwrap();
    assert!(out.starts_with(bytes), "the first revision stays as it was");
    out
}

/// Uploads `bytes` and checks the refusal: 422, its code, its message.
async fn assert_refused(app: &TestApp, what: &str, bytes: Vec<u8>, message: &str) {
    let response = upload(app, &app.client, &format!("{what}.pdf"), bytes).await;
    assert_eq!(response.status(), 422, "{what}");
    let body: Value = json(response).await;
    assert_eq!(body["code"], "active_content", "{what}: {body}");
    assert_eq!(body["error"], message, "{what}");
}

#[tokio::test]
async fn pdfs_with_javascript_are_refused_wherever_the_script_hides() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let text = ["Vowel harmony in loanwords"];
    let mut cases: Vec<(&str, Vec<u8>)> = Vec::new();

    let mut pdf = pdf_document(&text, None);
    let action = dictionary! {"S" => "JavaScript", "JS" => Object::string_literal("app.alert(1)")};
    set_in(&mut pdf.document, pdf.catalog, "OpenAction", action);
    cases.push(("an open action", save(&mut pdf.document)));

    let mut pdf = pdf_document(&text, None);
    let action = script_action(&mut pdf.document, "app.alert(document.cookie)");
    set_in(&mut pdf.document, pdf.catalog, "OpenAction", action);
    cases.push(("an open action by reference", save(&mut pdf.document)));

    let mut pdf = pdf_document(&text, None);
    let action = script_action(&mut pdf.document, "app.alert(2)");
    set_in(&mut pdf.document, pdf.page, "AA", dictionary! {"O" => action});
    cases.push(("a page's additional action", save(&mut pdf.document)));

    let mut pdf = pdf_document(&text, None);
    let action = script_action(&mut pdf.document, "app.alert(3)");
    let tree =
        pdf.document.add_object(dictionary! {"Names" => vec![Object::string_literal("init"), action.into()]});
    set_in(&mut pdf.document, pdf.catalog, "Names", dictionary! {"JavaScript" => tree});
    cases.push(("the document's JavaScript name tree", save(&mut pdf.document)));

    let mut pdf = pdf_document(&text, None);
    let action = script_action(&mut pdf.document, "app.alert(4)");
    set_in(&mut pdf.document, pdf.catalog, "OpenAction", action);
    let compressed = save_compressed(&mut pdf.document);
    assert!(!compressed.windows(10).any(|w| w == b"JavaScript"), "not visible in the file's bytes");
    cases.push(("an object stream", compressed));

    let clean = make_pdf(&text, None);
    let updated = incremental_update(&clean, |document, catalog| {
        let action = script_action(document, "app.alert(5)");
        set_in(document, catalog, "OpenAction", action);
    });
    cases.push(("an incremental update", updated));

    // `#53` is an S: the name is /JavaScript to every reader.
    cases.push((
        "an escaped name",
        handmade_pdf(&[
            "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 595 842] >>",
            "<< /Type /Page /Parent 2 0 R >>",
            "<< /S /Java#53cript /J#53 (app.alert(6)) >>",
        ]),
    ));

    let mut pdf = pdf_document(&text, None);
    let link = pdf.document.add_object(dictionary! {
        "Type" => "Annot", "Subtype" => "Link", "Rect" => vec![50.into(), 780.into(), 300.into(), 800.into()],
        "A" => dictionary! {"S" => "URI", "URI" => Object::string_literal(" JavaScript:app.alert(7)")},
    });
    set_in(&mut pdf.document, pdf.page, "Annots", vec![link.into()]);
    cases.push(("a link to a javascript: address", save(&mut pdf.document)));

    for (what, bytes) in cases {
        assert_refused(&app, what, bytes, SCRIPT).await;
    }
    assert_eq!(submission_count(&app).await, 0);
    assert!(stored_files(&app).is_empty());
    assert_eq!(std::fs::read_dir(app.state.config.data_dir.join("tmp")).unwrap().count(), 0);
}

#[tokio::test]
async fn pdfs_with_launch_actions_are_refused() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let text = ["Vowel harmony in loanwords"];

    let mut pdf = pdf_document(&text, None);
    let launch = dictionary! {"S" => "Launch", "F" => Object::string_literal("calc.exe")};
    set_in(&mut pdf.document, pdf.catalog, "OpenAction", launch);
    assert_refused(&app, "open-launch", save(&mut pdf.document), LAUNCH).await;

    // A link that launches, in a compressed object stream.
    let mut pdf = pdf_document(&text, None);
    let launch = pdf.document.add_object(dictionary! {
        "S" => "Launch", "Win" => dictionary! {"F" => Object::string_literal("cmd.exe")},
    });
    let link = pdf.document.add_object(dictionary! {
        "Type" => "Annot", "Subtype" => "Link", "Rect" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        "A" => launch,
    });
    set_in(&mut pdf.document, pdf.page, "Annots", vec![link.into()]);
    assert_refused(&app, "link-launch", save_compressed(&mut pdf.document), LAUNCH).await;

    let mut pdf = pdf_document(&text, None);
    let link = pdf.document.add_object(dictionary! {
        "Type" => "Annot", "Subtype" => "Link", "Rect" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        "A" => dictionary! {"S" => "URI", "URI" => Object::string_literal("file:///C:/Windows/System32/calc.exe")},
    });
    set_in(&mut pdf.document, pdf.page, "Annots", vec![link.into()]);
    assert_refused(&app, "link-file", save(&mut pdf.document), LAUNCH).await;

    assert_eq!(submission_count(&app).await, 0);
    assert!(stored_files(&app).is_empty());
}

#[tokio::test]
async fn ordinary_links_and_bookmarks_are_accepted() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let mut pdf = pdf_document(&["See https://example.org/corpus for the data"], None);
    let web = pdf.document.add_object(dictionary! {
        "Type" => "Annot", "Subtype" => "Link", "Rect" => vec![50.into(), 780.into(), 300.into(), 800.into()],
        "A" => dictionary! {"S" => "URI", "URI" => Object::string_literal("https://example.org/corpus")},
    });
    let mail = pdf.document.add_object(dictionary! {
        "Type" => "Annot", "Subtype" => "Link", "Rect" => vec![50.into(), 760.into(), 300.into(), 780.into()],
        "A" => dictionary! {"S" => "URI", "URI" => Object::string_literal("mailto:sculc@example.edu")},
    });
    set_in(&mut pdf.document, pdf.page, "Annots", vec![web.into(), mail.into()]);
    let page = pdf.page;
    set_in(&mut pdf.document, pdf.catalog, "OpenAction", vec![page.into(), "Fit".into()]);
    let response = upload(&app, &app.client, "links.pdf", save_compressed(&mut pdf.document)).await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}
