//! Each content endpoint answers the bundled content, as the spec gives it.

use serde_json::Value;

use crate::helpers::{TestApp, spawn_app};

async fn json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
    response.json().await.unwrap()
}

/// Every block of every section of an edition's page `slug`.
fn blocks<'a>(edition: &'a Value, slug: &str) -> Vec<&'a Value> {
    let page = edition["pages"].as_array().unwrap().iter().find(|p| p["slug"] == slug).unwrap();
    page["sections"].as_array().unwrap().iter().flat_map(|s| s["blocks"].as_array().unwrap()).collect()
}

fn facts(edition: &Value) -> Vec<(String, String)> {
    blocks(edition, "")
        .into_iter()
        .filter(|b| b["type"] == "facts")
        .flat_map(|b| b["items"].as_array().unwrap())
        .map(|f| (f["label"].as_str().unwrap().to_owned(), f["value"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test]
async fn the_site_has_the_footer_the_home_page_and_the_editions_for_the_nav() {
    let app = spawn_app().await;
    let site = json(&app, "/api/content/site").await;
    // No year in the content: the footer shows the current year.
    assert!(site["footer"].get("copyright_year").is_none());
    assert!(site["footer"]["email"].as_str().unwrap().contains('@'));
    assert!(!site["footer"]["location"].as_str().unwrap().is_empty());
    assert_eq!(site["home"]["sculc_blurb"]["href"], "/sculc-2025");
    assert!(site["home"]["events"]["href"].as_str().unwrap().starts_with('/'));
    let gallery = site["gallery"].as_array().unwrap();
    assert_eq!(gallery.len(), 4, "the home carousel has 4 images");
    for item in gallery {
        assert!(item["original"].as_str().unwrap().starts_with("/images/home/"));
        assert!(item["srcset"].as_str().unwrap().contains(" 1600w"));
        assert!(!item["original_alt"].as_str().unwrap().is_empty());
    }
    assert_eq!(site["nav_editions"], serde_json::json!([2025, 2024, 2023, 2022]));
}

#[tokio::test]
async fn the_board_lists_the_current_term_first_with_the_spec_roles() {
    let app = spawn_app().await;
    let board = json(&app, "/api/content/board").await;
    let terms: Vec<&str> =
        board["terms"].as_array().unwrap().iter().map(|t| t["term"].as_str().unwrap()).collect();
    assert_eq!(terms, ["2024-2025", "2023-2024", "2022-2023"]);
    for term in board["terms"].as_array().unwrap() {
        let roles: Vec<&str> =
            term["members"].as_array().unwrap().iter().map(|m| m["role"].as_str().unwrap()).collect();
        assert_eq!(
            roles,
            [
                "President",
                "Vice President",
                "Treasurer",
                "Secretary",
                "Internal and External Event Coordinator",
                "Social Media & Marketing",
                "Campus Representative"
            ]
        );
        let member = &term["members"][0];
        for field in ["name", "pronouns", "major_minor", "class_year", "favourite_area", "favourite_drink"] {
            assert!(!member[field].as_str().unwrap().is_empty(), "{field}");
        }
        assert!(
            member["name"].as_str().unwrap().contains("Sample"),
            "names the spec does not give are marked"
        );
    }
}

#[tokio::test]
async fn naclo_has_the_open_round_the_training_and_the_form() {
    let app = spawn_app().await;
    let naclo = json(&app, "/api/content/naclo").await;
    let events = naclo["events"].as_array().unwrap();
    let training = events.iter().find(|e| e["name"] == "Online training session").unwrap();
    assert_eq!(
        (&training["date"], &training["starts"], &training["ends"]),
        (&"2025-01-18".into(), &"09:00".into(), &"12:00".into())
    );
    let open = events.iter().find(|e| e["name"] == "Open round").unwrap();
    assert_eq!(open["date"], "2025-01-23");
    assert_eq!(
        (&open["starts"], &open["ends"], &open["arrive_by"]),
        (&"09:00".into(), &"12:00".into(), &"08:30".into())
    );
    assert_eq!(naclo["bring"], serde_json::json!(["A black pen", "A pencil"]));
    assert_eq!(naclo["form"]["kind"], "form");
    assert!(naclo["form"]["src"].as_str().unwrap().starts_with("https://docs.google.com/forms/"));
    assert!(!naclo["form"]["title"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn sculc_2025_has_the_spec_facts_sections_and_embeds() {
    let app = spawn_app().await;
    let edition = json(&app, "/api/content/editions/2025").await;
    assert_eq!(edition["title"], "SCULC 2025");
    let page = &edition["pages"][0];
    let anchors: Vec<&str> =
        page["sections"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(
        anchors,
        ["event-details", "about", "keynote-speaker", "program", "presentations", "contact-info"]
    );
    let facts = facts(&edition);
    for (label, value) in [
        ("Date", "Saturday 17 May 2025"),
        ("Time", "09:00 AM to 05:30 PM"),
        ("Place", "Campus Learning Pavilion"),
        ("Check-in", "From 8:30 AM"),
        ("Dress code", "Business casual"),
        ("Lunch", "11:30 AM to 1:00 PM"),
        ("Price", "Free attendance"),
    ] {
        assert!(facts.contains(&(label.into(), value.into())), "{label}: {value} in {facts:?}");
    }
    assert!(facts.iter().any(|(label, _)| label == "Parking"));

    let blocks = blocks(&edition, "");
    let link = |label: &str| blocks.iter().find(|b| b["type"] == "link" && b["label"] == label).copied();
    assert!(link("Join virtually").is_some() && link("Check-in form").is_some());
    assert!(blocks.iter().any(|b| b["type"] == "submission_status"));
    assert!(blocks.iter().any(|b| b["type"] == "calendar"));
    let keynote = blocks.iter().find(|b| b["type"] == "person").unwrap();
    assert_eq!(keynote["link"]["label"], "Read the keynote abstract");
    let program = blocks.iter().find(|b| b["type"] == "embed" && b["kind"] == "pdf").unwrap();
    assert_eq!(program["src"], "/sculc-program.pdf");
    let slides: Vec<_> = blocks.iter().filter(|b| b["type"] == "embed" && b["kind"] == "slides").collect();
    assert_eq!(slides.len(), 4);
    assert!(slides.iter().all(|s| s["expandable"] == true && !s["title"].as_str().unwrap().is_empty()));
    let about = blocks.iter().find(|b| b["type"] == "list").unwrap();
    assert!(
        about["items"].as_array().unwrap().iter().any(|i| i == "Talks are 15 minutes plus 5 minutes of Q&A.")
    );
    assert!(blocks.iter().any(|b| b["type"] == "link" && b["href"] == "mailto:sculc@example.edu"));
}

#[tokio::test]
async fn sculc_2024_has_the_program_carousel_rsvp_slides_and_the_closed_call() {
    let app = spawn_app().await;
    let edition = json(&app, "/api/content/editions/2024").await;
    let blocks = blocks(&edition, "");
    let gallery = blocks.iter().find(|b| b["type"] == "gallery").unwrap();
    assert_eq!(gallery["items"].as_array().unwrap().len(), 4);
    assert!(blocks.iter().any(|b| b["type"] == "link" && b["label"].as_str().unwrap().contains("RSVP")));
    assert!(blocks.iter().any(|b| b["type"] == "embed" && b["kind"] == "slides"));
    let rules = blocks.iter().find(|b| b["type"] == "list").unwrap()["items"].to_string();
    for rule in ["At most 500 words", "PDF only", "Anonymized", "March 24, 2024"] {
        assert!(rules.contains(rule), "{rule} in {rules}");
    }
}

#[tokio::test]
async fn the_archives_have_their_sub_pages() {
    let app = spawn_app().await;
    for (year, expected) in [
        (
            2023,
            vec![
                ("", "Home"),
                ("program", "Programs"),
                ("schedule", "Schedule"),
                ("presentation", "Presentation"),
                ("photo", "Photos"),
            ],
        ),
        (
            2022,
            vec![
                ("", "Home"),
                ("program", "Programs"),
                ("presentation", "Presentation"),
                ("photo", "Photos"),
            ],
        ),
    ] {
        let edition = json(&app, &format!("/api/content/editions/{year}")).await;
        let pages: Vec<(&str, &str)> = edition["pages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["slug"].as_str().unwrap(), p["nav_label"].as_str().unwrap()))
            .collect();
        assert_eq!(pages, expected, "SCULC {year}");
        let photos = blocks(&edition, "photo");
        assert!(photos.iter().any(|b| b["type"] == "gallery"), "SCULC {year} photos");
        assert!(
            edition["pages"].to_string().contains("10-15 minute talks"),
            "earlier conferences had 10-15 minute talks"
        );
    }
}

#[tokio::test]
async fn an_unknown_edition_is_not_found() {
    let app = spawn_app().await;
    for path in [
        "/api/content/editions/1999",
        "/api/content/editions/sculc",
        "/api/content/editions/2021/calendar.ics",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"], "There is no such SCULC edition.");
    }
}
