//! Registration belongs to its edition (issue 39 item 5): "Open
//! registration" starts from the edition's content; afterwards the name,
//! start, place and window change, and a new start or place reaches each
//! person registered, offered a place or waiting once, with the new `.ics`.

use futures_util::future::join_all;
use mail_parser::{MessageParser, MimeHeaders};
use reqwest::Client;
use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime};

use super::member;
use crate::admin::{create_next_edition, give_role, user_id};
use crate::helpers::{TestApp, outbox_files, spawn_app, spawn_app_with};
use crate::outbox::SmtpSink;

const MOVED: &str = "has moved: new date or place";

/// An admin (signed in without e-mails) and the next edition's
/// registration opened from its proposal with one place in person; the
/// proposal and the event's address.
async fn opened(app: &TestApp) -> (Client, Value) {
    let (admin, email) = member(app, 100).await;
    give_role(app, user_id(app, &email).await, "admin").await;
    let year = create_next_edition(app, &admin).await;
    let asked =
        admin.get(app.url(&format!("/api/admin/event-proposal?edition={year}"))).send().await.unwrap();
    assert_eq!(asked.status(), 200);
    let proposal: Value = asked.json().await.unwrap();
    let mut event = proposal.clone();
    let object = event.as_object_mut().unwrap();
    object.remove("exists");
    object.insert("capacity".into(), json!(1));
    let created = admin.post(app.url("/api/admin/events")).json(&event).send().await.unwrap();
    assert_eq!(created.status(), 201, "{}", created.text().await.unwrap());
    (admin, proposal)
}

async fn register(app: &TestApp, client: &Client, slug: &str) {
    crate::check_in::register_at(app, client, slug, crate::check_in::answers("in_person", false, "", ""))
        .await;
}

fn details(proposal: &Value, place: &str) -> Value {
    json!({
        "title": proposal["title"], "starts_at": proposal["starts_at"], "place": place,
        "opens_at": null, "closes_at": null,
    })
}

async fn change(app: &TestApp, admin: &Client, slug: &str, body: &Value) -> reqwest::Response {
    admin.put(app.url(&format!("/api/admin/events/{slug}/details"))).json(body).send().await.unwrap()
}

/// The recipients of the change notices in the outbox, sorted.
async fn moved_to(app: &TestApp) -> Vec<String> {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT recipient FROM outbox WHERE subject LIKE $1 ORDER BY recipient")
            .bind(format!("%{MOVED}"))
            .fetch_all(pool)
            .await
            .unwrap()
    })
}

/// The calendar entry of a change notice (None for any other e-mail),
/// after checking that its text names the new place.
fn moved_ics(raw: &[u8]) -> Option<String> {
    let email = MessageParser::default().parse(raw)?;
    if !email.subject().is_some_and(|subject| subject.ends_with(MOVED)) {
        return None;
    }
    assert!(email.body_text(0).unwrap().contains("it now starts on"));
    let ics =
        email.attachments().find(|part| part.attachment_name() == Some("event.ics")).expect("event.ics");
    Some(String::from_utf8(ics.contents().to_vec()).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_edition_prefills_registration_and_a_new_place_reaches_each_person_once() {
    let app = spawn_app().await;
    let (admin, proposal) = opened(&app).await;
    let slug = proposal["slug"].as_str().unwrap().to_owned();
    let year = slug.trim_start_matches("sculc-");
    // From the edition: its address and name, its day at the page's start
    // time, the page's place; and it exists now.
    assert_eq!(proposal["title"], format!("SCULC {year}"));
    assert_eq!(proposal["place"], "Campus Learning Pavilion");
    let starts = OffsetDateTime::parse(proposal["starts_at"].as_str().unwrap(), &Rfc3339).unwrap();
    assert_eq!((starts.hour(), starts.minute()), (16, 0), "09:00 in Pacific daylight time");
    let again =
        admin.get(app.url(&format!("/api/admin/event-proposal?edition={year}"))).send().await.unwrap();
    assert_eq!(again.json::<Value>().await.unwrap()["exists"], true);

    // One registered, two waiting, one who left the list.
    let mut people = Vec::new();
    for n in 0..4 {
        let (client, email) = member(&app, n).await;
        register(&app, &client, &slug).await;
        people.push((client, email));
    }
    let cancel = people[3].0.delete(app.url(&format!("/api/events/{slug}/registration")));
    assert!(cancel.send().await.unwrap().status().is_success());

    // A new name alone tells no one.
    let mut renamed = details(&proposal, "Campus Learning Pavilion");
    renamed["title"] = json!(format!("SCULC {year}: Undergraduate Linguistics Conference"));
    assert_eq!(change(&app, &admin, &slug, &renamed).await.status(), 200);
    assert_eq!(moved_to(&app).await, Vec::<String>::new());

    // The same new place sent twice at once: one change, one e-mail each.
    let mut moved = details(&proposal, "Main Library, Room 101");
    moved["title"] = renamed["title"].clone();
    let answers = join_all((0..2).map(|_| change(&app, &admin, &slug, &moved))).await;
    assert!(answers.iter().all(|answer| answer.status() == 200));
    let mut told: Vec<String> = people[..3].iter().map(|(_, email)| email.clone()).collect();
    told.sort();
    assert_eq!(moved_to(&app).await, told, "registered and waiting, once each; not the one who left");
    let event: Value =
        admin.get(app.url(&format!("/api/admin/events/{slug}"))).send().await.unwrap().json().await.unwrap();
    assert_eq!((&event["place"], &event["title"]), (&moved["place"], &moved["title"]));
    app.settled().await;
    let files = outbox_files(&app.state.config.data_dir.join("outbox"));
    let ics: Vec<String> = files.iter().filter_map(|path| moved_ics(&std::fs::read(path).unwrap())).collect();
    assert_eq!(ics.len(), 3);
    assert!(ics.iter().all(|file| file.contains("LOCATION:Main Library\\, Room 101")), "{ics:?}");

    // A later start: told again, with the new time.
    let mut later = moved.clone();
    later["starts_at"] = json!((starts + Duration::hours(1)).format(&Rfc3339).unwrap());
    assert_eq!(change(&app, &admin, &slug, &later).await.status(), 200);
    assert_eq!(moved_to(&app).await.len(), 6);
}

#[tokio::test]
async fn a_change_is_checked_on_the_server_and_only_an_admin_makes_it() {
    let app = spawn_app().await;
    let (admin, proposal) = opened(&app).await;
    let slug = proposal["slug"].as_str().unwrap().to_owned();
    let refused = |body: Value, field: &'static str| {
        let (app, admin, slug) = (&app, &admin, &slug);
        async move {
            let answer = change(app, admin, slug, &body).await;
            assert_eq!(answer.status(), 422, "{field}");
            let error: Value = answer.json().await.unwrap();
            assert!(error["fields"][field].is_array(), "{error}");
        }
    };
    let mut long = details(&proposal, &"x".repeat(201));
    refused(long.clone(), "place").await;
    long["place"] = json!("Hall");
    long["title"] = json!(" ");
    refused(long, "title").await;
    let mut window = details(&proposal, "Hall");
    let starts = OffsetDateTime::parse(proposal["starts_at"].as_str().unwrap(), &Rfc3339).unwrap();
    window["closes_at"] = json!((starts + Duration::hours(1)).format(&Rfc3339).unwrap());
    refused(window, "closes_at").await;
    let mut past = details(&proposal, "Hall");
    past["starts_at"] = json!((OffsetDateTime::now_utc() - Duration::days(1)).format(&Rfc3339).unwrap());
    refused(past, "starts_at").await;

    let (stranger, _) = member(&app, 7).await;
    assert_eq!(change(&app, &stranger, &slug, &details(&proposal, "Hall")).await.status(), 403);
    let event: Value =
        admin.get(app.url(&format!("/api/admin/events/{slug}"))).send().await.unwrap().json().await.unwrap();
    assert_eq!(event["place"], "Campus Learning Pavilion", "nothing changed");
}

#[tokio::test]
async fn registrants_receive_the_new_place_through_smtp_with_the_calendar_entry() {
    let Some(sink) = SmtpSink::start(0, 0).await else { return };
    let url = sink.url();
    let app = spawn_app_with(Default::default(), move |config| config.smtp_url = Some(url.into())).await;
    let (admin, proposal) = opened(&app).await;
    let slug = proposal["slug"].as_str().unwrap().to_owned();
    let (ada, _) = member(&app, 1).await;
    register(&app, &ada, &slug).await;
    assert_eq!(change(&app, &admin, &slug, &details(&proposal, "Main Library")).await.status(), 200);
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    let ics = loop {
        if let Some(ics) = sink.raw_messages().iter().find_map(|raw| moved_ics(raw)) {
            break ics;
        }
        assert!(tokio::time::Instant::now() < deadline, "no change notice reached the SMTP server");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let unfolded = icalendar::parser::unfold(&ics);
    let calendar = icalendar::parser::read_calendar(&unfolded).expect("an iCalendar file");
    let event = calendar.components.iter().find(|c| c.name.as_str() == "VEVENT").expect("a VEVENT");
    let property = |name: &str| {
        event.properties.iter().find(|p| p.name.as_str() == name).map(|p| p.val.as_str().to_owned())
    };
    assert_eq!(property("LOCATION").as_deref(), Some("Main Library"));
    assert_eq!(property("UID"), Some(format!("{slug}@colloquy")), "the same entry, updated");
}
