//! Issue 39 items 1 and 2: every check runs when a draft is saved, each
//! problem in the form's words and tied to its field; one page publishes
//! alone with its own checks while the others stay drafts; a page has its
//! own history and restore; the history reads in words.

use serde_json::{Value, json};

use super::editing::{app_with_editor, edit, get, post};
use crate::helpers::browser;

/// A developer's word an officer must never read: a JSON path, an index, a backtick, a field's name.
fn assert_in_words(message: &str) {
    for developer in ["[0]", "[1]", "`", "original_alt", "members.", "gallery.", ".toml"] {
        assert!(!message.contains(developer), "{developer:?} in {message:?}");
    }
}

fn problems(answer: &Value) -> Vec<(String, String)> {
    answer["problems"]
        .as_array()
        .unwrap_or_else(|| panic!("problems in {answer}"))
        .iter()
        .map(|p| (p["field"].as_str().unwrap().to_owned(), p["message"].as_str().unwrap().to_owned()))
        .collect()
}

const NO_ALT: (&str, &str) =
    ("gallery.0.original_alt", "Photo 1: describe the picture for people who cannot see it");

#[tokio::test]
async fn a_photo_saved_without_its_description_is_kept_as_a_draft_and_its_problem_shown_by_its_field() {
    let (app, editor) = app_with_editor().await;
    let (status, saved) =
        edit(&app, &editor, "site", |site| site["gallery"][0]["original_alt"] = json!(" ")).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(problems(&saved), [(NO_ALT.0.to_owned(), NO_ALT.1.to_owned())]);
    assert_in_words(NO_ALT.1);
    // Read again later (the officer comes back), the draft still says so.
    let (_, document) = get(&app, &editor, "/api/editor/documents/site").await;
    assert_eq!(document["body"]["gallery"][0]["original_alt"], " ");
    assert_eq!(problems(&document), [(NO_ALT.0.to_owned(), NO_ALT.1.to_owned())]);
    // Publishing the page is refused with the same problem, by field, and changes nothing.
    let (status, refused) = post(&app, &editor, "/api/editor/documents/site/publish", json!({})).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["fields"][NO_ALT.0], json!([NO_ALT.1]));
    assert_eq!(app.state.db.content_version().await.unwrap(), 1);
    // Fixed, the save says nothing is wrong.
    let (_, saved) =
        edit(&app, &editor, "site", |site| site["gallery"][0]["original_alt"] = json!("Students")).await;
    assert!(problems(&saved).is_empty(), "{saved}");
    // A board member without a name, in the form's words too.
    let (_, saved) =
        edit(&app, &editor, "board:2024-2025", |term| term["members"][1]["name"] = json!("")).await;
    assert_eq!(
        problems(&saved),
        [("members.1.name".to_owned(), "Member 2: every member needs a name".to_owned())]
    );
}

#[tokio::test]
async fn publishing_one_page_leaves_the_other_drafts_as_drafts_and_is_held_only_by_its_own_problems() {
    let (app, editor) = app_with_editor().await;
    let (status, _) = edit(&app, &editor, "site", |site| {
        site["home"]["description"][0] = json!("We meet on Thursdays.");
        let mut photo = site["gallery"][1].clone();
        photo["original_alt"] = json!("Students at SCULC 2025");
        site["gallery"].as_array_mut().unwrap().insert(0, photo);
    })
    .await;
    assert_eq!(status, 200);
    let (status, _) =
        edit(&app, &editor, "board:2024-2025", |term| term["members"][0]["name"] = json!("")).await;
    assert_eq!(status, 200);

    // Publishing everything is held by the board's problem…
    let (status, refused) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 422, "{refused}");
    // …the home page alone is not.
    let (status, published) = post(&app, &editor, "/api/editor/documents/site/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
    assert_eq!(
        published["changes"],
        json!(["Home: description changed", "Carousel: photo added (Students at SCULC 2025)"])
    );
    for change in published["changes"].as_array().unwrap() {
        assert_in_words(change.as_str().unwrap());
    }
    let (_, site) = get(&app, &browser(), "/api/content/site").await;
    assert_eq!(site["home"]["description"][0], "We meet on Thursdays.");
    let (_, overview) = get(&app, &editor, "/api/editor/content").await;
    assert_eq!(overview["unpublished"], 1, "{overview}");
    let board =
        overview["documents"].as_array().unwrap().iter().find(|d| d["id"] == "board:2024-2025").unwrap();
    assert_eq!(board["state"], "changed");
    let (_, public_board) = get(&app, &browser(), "/api/content/board").await;
    assert_ne!(public_board["terms"][0]["members"][0]["name"], "");

    // The board's page is refused by field, and its draft stays.
    let (status, refused) =
        post(&app, &editor, "/api/editor/documents/board:2024-2025/publish", json!({})).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["fields"]["members.0.name"], json!(["Member 1: every member needs a name"]));
    // A page with nothing to publish says so.
    let (status, nothing) = post(&app, &editor, "/api/editor/documents/naclo/publish", json!({})).await;
    assert_eq!((status, nothing["code"].as_str()), (409, Some("nothing_to_publish")));
    let (status, _) = post(&app, &editor, "/api/editor/documents/nothing/publish", json!({})).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn two_pages_published_at_once_both_go_live_as_two_versions() {
    let (app, editor) = app_with_editor().await;
    edit(&app, &editor, "site", |site| site["home"]["hero_title"] = json!("Welcome")).await;
    edit(&app, &editor, "naclo", |naclo| naclo["title"] = json!("NACLO at our school")).await;
    let url = |id: &str| app.url(&format!("/api/editor/documents/{id}/publish"));
    let (a, b) = tokio::join!(editor.post(url("site")).send(), editor.post(url("naclo")).send());
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!((a.status().as_u16(), b.status().as_u16()), (200, 200));
    let mut versions = [
        a.json::<Value>().await.unwrap()["version"].as_i64(),
        b.json::<Value>().await.unwrap()["version"].as_i64(),
    ];
    versions.sort_unstable();
    assert_eq!(versions, [Some(2), Some(3)]);
    let (_, site) = get(&app, &browser(), "/api/content/site").await;
    let (_, naclo) = get(&app, &browser(), "/api/content/naclo").await;
    assert_eq!(
        (site["home"]["hero_title"].as_str(), naclo["title"].as_str()),
        (Some("Welcome"), Some("NACLO at our school"))
    );
    let (_, overview) = get(&app, &editor, "/api/editor/content").await;
    assert_eq!(overview["unpublished"], 0);
}

#[tokio::test]
async fn a_page_has_its_own_history_and_is_restored_alone() {
    let (app, editor) = app_with_editor().await;
    edit(&app, &editor, "site", |site| site["home"]["hero_title"] = json!("Welcome")).await;
    let (status, _) = post(&app, &editor, "/api/editor/documents/site/publish", json!({})).await;
    assert_eq!(status, 200);
    edit(&app, &editor, "naclo", |naclo| naclo["title"] = json!("NACLO at our school")).await;
    let (status, _) = post(&app, &editor, "/api/editor/documents/naclo/publish", json!({})).await;
    assert_eq!(status, 200);
    edit(&app, &editor, "naclo", |naclo| naclo["title"] = json!("A draft title")).await;

    let ids = |versions: &Value| {
        versions.as_array().unwrap().iter().map(|v| v["id"].as_i64().unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(ids(&get(&app, &editor, "/api/editor/versions?doc=site").await.1), [2, 1]);
    assert_eq!(ids(&get(&app, &editor, "/api/editor/versions?doc=naclo").await.1), [3, 1]);
    assert_eq!(ids(&get(&app, &editor, "/api/editor/versions").await.1), [3, 2, 1]);
    assert_eq!(get(&app, &editor, "/api/editor/versions?doc=nothing").await.0, 404);
    // The first version reads as installed.
    let (_, versions) = get(&app, &editor, "/api/editor/versions").await;
    assert_eq!(versions[2]["published_by"], "As installed");

    // The home page as version 1 had it; the NACLO page (and its draft) stay.
    let (status, restored) =
        post(&app, &editor, "/api/editor/documents/site/versions/1/restore", json!({})).await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(restored["changes"], json!(["Home: headline changed"]));
    let (_, site) = get(&app, &browser(), "/api/content/site").await;
    assert_ne!(site["home"]["hero_title"], "Welcome");
    let (_, naclo) = get(&app, &browser(), "/api/content/naclo").await;
    assert_eq!(naclo["title"], "NACLO at our school");
    let (_, document) = get(&app, &editor, "/api/editor/documents/naclo").await;
    assert_eq!(document["body"]["title"], "A draft title");
    let (status, _) = post(&app, &editor, "/api/editor/documents/site/versions/99/restore", json!({})).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_new_term_starts_with_the_roles_copied_or_empty_as_asked() {
    let (app, editor) = app_with_editor().await;
    let (status, _) = post(&app, &editor, "/api/editor/board-terms", json!({"term": "2025-2026"})).await;
    assert_eq!(status, 201);
    let (_, copied) = get(&app, &editor, "/api/editor/documents/board:2025-2026").await;
    let (_, live) = get(&app, &editor, "/api/editor/documents/board:2024-2025").await;
    assert_eq!(
        copied["body"]["members"].as_array().unwrap().len(),
        live["body"]["members"].as_array().unwrap().len()
    );
    let (status, _) =
        post(&app, &editor, "/api/editor/board-terms", json!({"term": "2026-2027", "copy_roles": false}))
            .await;
    assert_eq!(status, 201);
    let (_, empty) = get(&app, &editor, "/api/editor/documents/board:2026-2027").await;
    let member = json!({"role": "", "name": "", "pronouns": "", "major_minor": "", "class_year": "",
        "favourite_area": "", "favourite_drink": ""});
    assert_eq!(empty["body"]["members"], json!([member]));
}
