//! Issue 22 item 3: the anonymity check reads every author's name (the
//! submitter's and each co-author's) in the text and in all document
//! metadata, and reviewers get the PDF without its metadata while the
//! author and admins get it as uploaded.

use lopdf::{Document, Object, Stream, dictionary};
use serde_json::{Value, json};

use super::{code_of, reviewer};
use crate::admin::{json as body, make_admin, user_id};
use crate::helpers::spawn_app;
use crate::submissions::{pdf_document, save, sign_in_as};

const XMP: &str = r#"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Producer="Writer">
<dc:creator><rdf:Seq><rdf:li>Gr&#97;ce Hopper</rdf:li></rdf:Seq></dc:creator>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Tone sandhi</rdf:li></rdf:Alt></dc:title>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>"#;

/// An abstract whose text names the co-author, whose Info /Title names the
/// submitter (Lovelace), and whose XMP (the catalog's and the page's own)
/// names the co-author as dc:creator.
fn abstract_with_metadata() -> Vec<u8> {
    let mut parts =
        pdf_document(&["Tone sandhi in Southern Min", "We thank G. Hopper for the recordings."], None);
    let doc = &mut parts.document;
    let info = doc.add_object(dictionary! {
        "Title" => Object::string_literal("Tone sandhi (Lovelace, final draft)"),
        "Producer" => Object::string_literal("A word processor"),
    });
    doc.trailer.set("Info", info);
    let xmp = || Stream::new(dictionary! {"Type" => "Metadata", "Subtype" => "XML"}, XMP.as_bytes().to_vec());
    let catalog_xmp = doc.add_object(xmp());
    let page_xmp = doc.add_object(xmp());
    doc.get_object_mut(parts.catalog).unwrap().as_dict_mut().unwrap().set("Metadata", catalog_xmp);
    doc.get_object_mut(parts.page).unwrap().as_dict_mut().unwrap().set("Metadata", page_xmp);
    save(doc)
}

/// The metadata a PDF still has: its Info, and any /Metadata or XMP stream.
fn metadata_left(pdf: &[u8]) -> Vec<String> {
    let document = Document::load_mem(pdf).expect("the copy opens");
    let mut left = Vec::new();
    if document.trailer.has(b"Info") {
        left.push("Info".to_owned());
    }
    for (id, object) in &document.objects {
        let dict = match object {
            Object::Dictionary(dict) => dict,
            Object::Stream(stream) => &stream.dict,
            _ => continue,
        };
        if dict.has(b"Metadata")
            || dict.get(b"Type").and_then(Object::as_name).is_ok_and(|t| t == b"Metadata")
        {
            left.push(format!("{id:?}"));
        }
    }
    left
}

#[tokio::test]
async fn every_authors_name_is_looked_for_everywhere_and_reviewers_get_no_metadata() {
    let app = spawn_app().await;
    let admin_client = crate::helpers::browser();
    sign_in_as(&app, &admin_client, "admin@example.org").await;
    make_admin(&app, user_id(&app, "admin@example.org").await).await;
    // The author, Ada Lovelace, with a co-author, Grace Hopper.
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    let pdf = abstract_with_metadata();
    let form = reqwest::multipart::Form::new()
        .text("title", "Tone sandhi")
        .text(
            "coauthors",
            json!([{"name": "Grace Hopper", "email": "grace@example.org", "institution": "Yale"}])
                .to_string(),
        )
        .text("preferred_format", "talk")
        .part(
            "file",
            reqwest::multipart::Part::bytes(pdf.clone())
                .file_name("t.pdf")
                .mime_str("application/pdf")
                .unwrap(),
        );
    let uploaded = app.client.post(app.url("/api/submissions")).multipart(form).send().await.unwrap();
    assert_eq!(uploaded.status(), 201);
    let submission: Value = uploaded.json().await.unwrap();
    let warnings: Vec<&str> =
        submission["warnings"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    assert!(
        warnings.iter().any(|w| w.starts_with("An author's name (Hopper) appears in the abstract's text.")),
        "{warnings:#?}"
    );
    assert!(
        warnings.iter().any(|w| w.starts_with(
            "An author's name (Lovelace, Grace Hopper, Hopper) is in the PDF's document properties"
        )),
        "{warnings:#?}"
    );
    let id: uuid::Uuid = submission["id"].as_str().unwrap().parse().unwrap();

    // The original has its metadata; the reviewer's copy has none, opens,
    // and keeps its page and text.
    assert_eq!(metadata_left(&pdf).len(), 5, "Info, the catalog and page naming XMP, two XMP streams");
    let (rita, rita_id) = reviewer(&app, "r1@example.org", "Rita", "Revere").await;
    // By hand, as the admin (the app's own client is the author here).
    let assigned = admin_client
        .post(app.url(&format!("/api/admin/reviews/{id}/assignments")))
        .json(&json!({"reviewer_id": rita_id}))
        .send()
        .await
        .unwrap();
    assert_eq!(assigned.status(), 201);
    let code = code_of(&app, id).await;
    let detail = body(rita.get(app.url(&format!("/api/review/{code}"))).send().await.unwrap()).await;
    assert_eq!(detail["flags"], json!([colloquy::review::ANONYMITY_FLAG]));
    let copy = rita.get(app.url(&format!("/api/review/{code}/file"))).send().await.unwrap();
    assert_eq!(copy.status(), 200);
    assert_eq!(copy.headers()["content-type"], "application/pdf");
    let copy = copy.bytes().await.unwrap().to_vec();
    assert_eq!(metadata_left(&copy), Vec::<String>::new());
    for gone in ["Lovelace", "xmpmeta", "dc:creator", "A word processor"] {
        assert!(!copy.windows(gone.len()).any(|w| w == gone.as_bytes()), "{gone} is still in the copy");
    }
    let document = Document::load_mem(&copy).unwrap();
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    assert_eq!(pages, vec![1]);
    assert!(document.extract_text(&pages).unwrap().contains("Tone sandhi in Southern Min"));
    // Nothing stays behind in the temp folder.
    let tmp = app.state.config.data_dir.join("tmp");
    assert_eq!(std::fs::read_dir(&tmp).map(|d| d.count()).unwrap_or(0), 0);

    // The author and admins get the file as uploaded.
    for client in [&app.client, &admin_client] {
        let original = client.get(app.url(&format!("/api/submissions/{id}/file"))).send().await.unwrap();
        assert_eq!(original.status(), 200);
        assert_eq!(original.bytes().await.unwrap().to_vec(), pdf);
    }
}
