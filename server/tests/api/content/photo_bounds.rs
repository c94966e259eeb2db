//! Photos within a memory bound and a quota (issue 37, items 2 and 7): tall,
//! narrow pictures refused from their header before anything is decoded,
//! the largest the limits allow still stored, uploads per editor and hour
//! counted even all at once and answered with when to try again, and the
//! site's storage for photos never passed, even by uploads racing.

use futures_util::future::join_all;
use serde_json::Value;

use super::images::{
    MEMORY_BOUND_MB, black_png, editor_on, follow, peak_memory_mb, phone_jpeg, post_photo, send_photo, stored,
};
use crate::helpers::{TestApp, spawn_app, spawn_app_with};

fn files_stored(app: &TestApp) -> usize {
    std::fs::read_dir(app.state.config.data_dir.join("files/media")).map_or(0, |files| files.count())
}

#[tokio::test]
async fn two_tall_narrow_photos_uploaded_together_are_refused_before_decoding() {
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    // A small one first, so the pipeline's own code and buffers are in.
    stored(&app, &editor, "small.png", black_png(800, 600)).await;
    // The review's pictures: 26 megapixels each, 1600 px wide, so scaling
    // to the gallery's widths would have kept them whole.
    let tall = black_png(1600, 16_383);
    let before = peak_memory_mb();
    let (first, second) = tokio::join!(
        post_photo(&app.address, &editor, "tall-1.png", tall.clone()),
        post_photo(&app.address, &editor, "tall-2.png", tall),
    );
    for ((status, answer), name) in [(first, "tall-1.png"), (second, "tall-2.png")] {
        // Refused in the upload's own answer: no job, nothing decoded.
        assert_eq!((status, answer["code"].as_str()), (422, Some("photo_proportions")), "{answer}");
        assert_eq!(
            answer["error"],
            format!(
                "{name} is 1600 × 16383 pixels, too long and thin for the site's photos: one side can be at most \
                 3 times the other. Crop it and upload that."
            )
        );
    }
    let (status, answer) = post_photo(&app.address, &editor, "wide.png", black_png(16_383, 1600)).await;
    assert_eq!((status, answer["code"].as_str()), (422, Some("photo_proportions")), "{answer}");
    let after = peak_memory_mb();
    eprintln!("peak memory before the tall photos {before} MB, after {after} MB");
    assert!(after - before < MEMORY_BOUND_MB, "the peak grew from {before} MB to {after} MB");
    assert_eq!(files_stored(&app), 3, "the small photo's 480, 800 and thumbnail only");
}

#[tokio::test]
async fn the_tallest_photo_the_limits_allow_and_a_camera_photo_are_still_stored() {
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    let strip = stored(&app, &editor, "strip.png", black_png(1600, 4800)).await;
    assert_eq!((strip["width"].as_u64(), strip["height"].as_u64()), (Some(1600), Some(4800)));
    assert!(strip["srcset"].as_str().unwrap().ends_with(" 1600w"), "{strip}");
    // Stored on its side, shown upright: scaled by its upright width.
    let camera = stored(&app, &editor, "DSC_0001.JPG", phone_jpeg(3000, 2000, 6)).await;
    assert_eq!((camera["width"].as_u64(), camera["height"].as_u64()), (Some(1600), Some(2400)));
}

#[tokio::test]
async fn photo_uploads_are_limited_per_editor_and_hour_even_all_at_once() {
    let app = spawn_app_with(axum::Router::new(), |config| config.photos_per_hour = 5).await;
    let editor = editor_on(&app).await;
    let photo = black_png(64, 48);
    let names: Vec<String> = (0..12).map(|n| format!("photo-{n}.png")).collect();
    let uploads = names.iter().map(|name| send_photo(&app.address, &editor, name, photo.clone()));
    let mut accepted = 0;
    for response in join_all(uploads).await {
        let status = response.status().as_u16();
        let retry_after =
            response.headers().get("retry-after").map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
        let answer: Value = response.json().await.unwrap();
        if status == 202 {
            accepted += 1;
            continue;
        }
        assert_eq!((status, answer["code"].as_str()), (429, Some("rate_limited")), "{answer}");
        assert_eq!(
            answer["error"],
            "You have uploaded 5 photos in the last hour, as many as the site allows. Please wait before \
             uploading more."
        );
        let seconds = retry_after.expect("a refusal says when to try again");
        assert!((1..=3600).contains(&seconds), "Retry-After: {seconds}");
    }
    assert_eq!(accepted, 5, "exactly the limit is taken");
    // An hour on, the editor may upload again.
    app.state.clock.advance(time::Duration::minutes(61));
    let (status, answer) = post_photo(&app.address, &editor, "later.png", photo).await;
    assert_eq!(status, 202, "{answer}");
}

/// The bytes the site stores for the photo `bytes` (its WebP files), made
/// as the server makes them.
fn stored_bytes(bytes: &[u8]) -> u64 {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), bytes).unwrap();
    let made = colloquy::images::pipeline::process(file.path()).unwrap();
    made.variants.iter().chain([&made.thumbnail]).map(|variant| variant.webp.len() as u64).sum()
}

#[tokio::test]
async fn once_the_site_storage_for_photos_is_full_uploads_are_refused_in_an_editors_words() {
    let first = phone_jpeg(640, 480, 1);
    let quota = stored_bytes(&first);
    let app = spawn_app_with(axum::Router::new(), move |config| config.photo_quota_bytes = quota).await;
    let editor = editor_on(&app).await;
    stored(&app, &editor, "first.jpg", first).await;
    assert_eq!(app.state.db.stored_images_bytes().await.unwrap(), quota, "exactly full");

    let (status, answer) = post_photo(&app.address, &editor, "second.jpg", phone_jpeg(320, 240, 1)).await;
    assert_eq!((status, answer["code"].as_str()), (413, Some("quota_exceeded")), "{answer}");
    let size = quota.div_ceil(1024);
    assert_eq!(
        answer["error"],
        format!(
            "The site's storage for photos ({size} KiB) is full, so no more photos can be stored. Photos that no \
             page uses are removed a week after their upload; ask an administrator if you need more room now."
        )
    );
    assert_eq!(files_stored(&app), 3, "the first photo's files only");
}

#[tokio::test]
async fn uploads_racing_for_the_last_room_never_pass_the_quota() {
    let photos: Vec<Vec<u8>> = (0..6).map(|n| phone_jpeg(400 + 40 * n, 300, 1)).collect();
    let sizes: Vec<u64> = photos.iter().map(|photo| stored_bytes(photo)).collect();
    // Room for about half of them.
    let quota = sizes.iter().sum::<u64>() / 2;
    let app = spawn_app_with(axum::Router::new(), move |config| config.photo_quota_bytes = quota).await;
    let editor = editor_on(&app).await;
    let posts = photos.iter().enumerate().map(|(n, photo)| {
        let editor = editor.clone();
        let address = app.address.clone();
        async move {
            let (status, answer) =
                post_photo(&address, &editor, &format!("race-{n}.jpg"), photo.clone()).await;
            if status != 202 {
                return (status, answer);
            }
            (
                status,
                follow(&address, &editor, &answer["id"], |state| ["done", "failed"].contains(&state)).await,
            )
        }
    });
    let mut kept = 0;
    let mut refused = Vec::new();
    for ((_, answer), size) in join_all(posts).await.into_iter().zip(&sizes) {
        if answer["state"] == "done" {
            kept += size;
        } else {
            assert_eq!(answer["code"], "quota_exceeded", "{answer}");
            refused.push(*size);
        }
    }
    let used = app.state.db.stored_images_bytes().await.unwrap();
    assert_eq!(used, kept, "what is recorded is what was kept");
    assert!(used <= quota, "{used} bytes stored, the quota is {quota}");
    assert!(!refused.is_empty() && kept > 0, "{refused:?}");
    // Each refused photo had no room left for it, even at the end.
    assert!(refused.iter().all(|size| used + size > quota), "{refused:?}, {used} of {quota}");
}
