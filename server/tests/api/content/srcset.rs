//! Issue 37 item 7: each image of a carousel's or a board photo's `srcset`
//! is checked as `src` is: a file the site serves (under `/images/`, or a
//! stored photo under `/media/` that has a row), never another site's.

use serde_json::json;

use super::editing::{app_with_editor, edit, post, refused};

const GOOD: &str = "/images/home/scripts-480.webp 480w, /images/home/scripts-960.webp 960w";

#[tokio::test]
async fn a_carousel_srcset_naming_a_foreign_or_missing_image_is_refused_and_a_good_one_published() {
    let (app, editor) = app_with_editor().await;
    let unknown_photo = format!("/media/{}.webp", "ab".repeat(32));
    for (srcset, says) in [
        (
            "/images/home/scripts-480.webp 480w, https://evil.example/a.webp 960w".to_owned(),
            "Photo 1: “https://evil.example/a.webp” is not a photo of this site".to_owned(),
        ),
        (
            "//evil.example/a.webp 480w".to_owned(),
            "Photo 1: “//evil.example/a.webp” is not a photo of this site".to_owned(),
        ),
        (
            "/images/home/not-there-480.webp 480w".to_owned(),
            "Photo 1: the photo “/images/home/not-there-480.webp” is no longer on the site".to_owned(),
        ),
        (
            format!("{unknown_photo} 480w"),
            format!("Photo 1: the photo “{unknown_photo}” is no longer on the site"),
        ),
        ("/images/home/scripts-480.webp 480w 2x".to_owned(), "the photo's sizes".to_owned()),
    ] {
        refused(&app, &editor, "site", "site.toml", &says, |site| {
            site["gallery"][0]["srcset"] = json!(srcset)
        })
        .await;
    }

    let (status, _) = edit(&app, &editor, "site", |site| site["gallery"][0]["srcset"] = json!(GOOD)).await;
    assert_eq!(status, 200);
    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
}

#[tokio::test]
async fn a_board_photos_srcset_is_checked_like_its_src() {
    let (app, editor) = app_with_editor().await;
    let photo = |srcset: &str| json!({"src": "/images/home/scripts-960.webp", "alt": "A board member", "srcset": srcset});
    let foreign = photo("https://evil.example/a.webp 480w");
    refused(
        &app,
        &editor,
        "board:2024-2025",
        "board/2024-2025.toml",
        "Member 1, Photo: “https://evil.example/a.webp” is not a photo of this site",
        |term| term["members"][0]["photo"] = foreign,
    )
    .await;

    let (status, _) =
        edit(&app, &editor, "board:2024-2025", |term| term["members"][0]["photo"] = photo(GOOD)).await;
    assert_eq!(status, 200);
    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
}
