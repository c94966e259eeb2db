//! `colloquy content export DIR` writes the photos the content uses beside
//! its files, and `import` takes them in, checked as uploads are (issue 37
//! item 10): a site kept in git keeps its photos.

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::images::{editor_on, fetch, json_of, phone_jpeg, put_in_gallery, stored, urls, use_photo};
use super::import::colloquy_on;
use crate::helpers::{TestApp, spawn_app};

fn content(app: &TestApp, action: &str, dir: &std::path::Path) -> (bool, String, String) {
    let output =
        colloquy_on(app, &app.state.config.data_dir).args(["content", action]).arg(dir).output().unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.success(), text(&output.stdout), text(&output.stderr))
}

const PAGES: [&str; 4] =
    ["/api/content/site", "/api/content/naclo", "/api/content/board", "/api/content/editions/2025"];

async fn pages(app: &TestApp) -> Vec<Value> {
    let mut found = Vec::new();
    for page in PAGES {
        let (status, body) = json_of(fetch(page, app).await).await;
        assert_eq!(status, 200, "{page}");
        found.push(body);
    }
    found
}

async fn bytes(app: &TestApp, url: &str) -> (u16, Vec<u8>) {
    let response = fetch(url, app).await;
    (response.status().as_u16(), response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn export_then_import_on_a_fresh_data_folder_gives_the_same_content_and_photos() {
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    let photo = stored(&app, &editor, "quad.jpg", phone_jpeg(1800, 1200, 1)).await;
    put_in_gallery(&app, &editor, |item| use_photo(item, &photo)).await;
    let published =
        editor.post(app.url("/api/editor/publish")).json(&serde_json::json!({})).send().await.unwrap();
    assert_eq!(published.status(), 200);

    let dir = tempfile::tempdir().unwrap();
    let (exported, report, error) = content(&app, "export", dir.path());
    assert!(exported, "{error}");
    // Every width of the srcset and the thumbnail.
    let files = urls(&photo);
    assert_eq!(files.len(), 4, "{files:?}");
    assert!(report.contains("media/: 4 photo file(s)"), "{report}");

    let fresh = spawn_app().await;
    for url in &files {
        assert_eq!(bytes(&fresh, url).await.0, 404, "the fresh site has no {url} yet");
    }
    let (imported, report, error) = content(&fresh, "import", dir.path());
    assert!(imported, "{error}");
    assert!(report.contains("media: 4 photo file(s) stored"), "{report}");
    // The same content (the banner and the current edition come from the
    // editions' settings, which content does not carry).
    assert_eq!(fresh.state.db.live_documents().await.unwrap(), app.state.db.live_documents().await.unwrap());
    let (fresh_pages, pages) = (pages(&fresh).await, pages(&app).await);
    assert_eq!(fresh_pages[0]["gallery"], pages[0]["gallery"]);
    assert_eq!(fresh_pages[1..], pages[1..]);
    for url in &files {
        let (status, served) = bytes(&fresh, url).await;
        assert_eq!(status, 200, "{url}");
        assert_eq!(served, bytes(&app, url).await.1, "{url}");
    }
    // Again: the photos are there already, and the content is the same.
    let (imported, report, error) = content(&fresh, "import", dir.path());
    assert!(imported && !report.contains("media:"), "{error}{report}");
}

#[tokio::test]
async fn a_photo_that_is_not_what_its_name_says_or_not_a_webp_is_refused_and_nothing_changes() {
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    let photo = stored(&app, &editor, "quad.jpg", phone_jpeg(900, 600, 1)).await;
    put_in_gallery(&app, &editor, |item| use_photo(item, &photo)).await;
    let published =
        editor.post(app.url("/api/editor/publish")).json(&serde_json::json!({})).send().await.unwrap();
    assert_eq!(published.status(), 200);
    let dir = tempfile::tempdir().unwrap();
    assert!(content(&app, "export", dir.path()).0);
    let fresh = spawn_app().await;
    let before = pages(&fresh).await;
    let thumbnail = photo["thumbnail"].as_str().unwrap().trim_start_matches("/media/").to_owned();
    let media = dir.path().join("media");

    // Another file under the thumbnail's name.
    let kept = std::fs::read(media.join(&thumbnail)).unwrap();
    std::fs::write(media.join(&thumbnail), b"RIFF\x04\0\0\0WEBP").unwrap();
    let (imported, _, error) = content(&fresh, "import", dir.path());
    assert!(!imported);
    assert!(error.contains(&format!("media/{thumbnail}: is not the photo its name says")), "{error}");
    std::fs::write(media.join(&thumbnail), kept).unwrap();

    // A PNG named by its own hash, which the content names: not a WebP.
    let mut png = Vec::new();
    image::RgbImage::new(40, 30)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let name = format!("{}.webp", hex::encode(Sha256::digest(&png)));
    std::fs::write(media.join(&name), &png).unwrap();
    let site = std::fs::read_to_string(dir.path().join("site.toml")).unwrap();
    std::fs::write(dir.path().join("site.toml"), site.replace(&thumbnail, &name)).unwrap();
    let (imported, _, error) = content(&fresh, "import", dir.path());
    assert!(!imported);
    assert!(error.contains(&format!("media/{name}: is not a WebP photo")), "{error}");

    assert_eq!(pages(&fresh).await, before);
    assert_eq!(fresh.state.db.stored_image_names().await.unwrap(), Vec::<String>::new());
}
