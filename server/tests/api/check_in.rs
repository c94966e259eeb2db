//! Tickets and the check-in desk (issue 26 item 3): who may use the desk,
//! tickets forged, altered or for another event refused, one check-in
//! however many volunteers scan a ticket at once, undo, by name, the live
//! counts, offline scans' times, and the confirmation e-mail whose QR code
//! reads back as the ticket.

use futures_util::future::join_all;
use mail_parser::{MessageParser, MimeHeaders};
use reqwest::Client;
use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::admin::{admin, give_role, user_id};
use crate::helpers::{TestApp, browser, spawn_app, spawn_app_with};
use crate::outbox::SmtpSink;
use crate::registration::member;
use crate::review::{rename, signed_in};

pub(crate) const SLUG: &str = "sculc-2026";
const TITLE: &str = "SCULC 2026";

/// A signed-in account named `first last`, holding `role` if any.
pub(crate) async fn person(
    app: &TestApp,
    email: &str,
    first: &str,
    last: &str,
    role: Option<&str>,
) -> Client {
    let client = signed_in(app, email).await;
    let id = user_id(app, email).await;
    rename(app, id, first, last).await;
    if let Some(role) = role {
        give_role(app, id, role).await;
    }
    client
}

/// An app whose own client is an admin, with an event open for
/// registration with `capacity` in-person places.
pub(crate) async fn app_with_event(app: TestApp, capacity: i32) -> TestApp {
    admin(&app, "admin@example.org").await;
    open_event(&app, &app.client, SLUG, TITLE, capacity).await;
    app
}

/// An event starting in two hours: registration is still open and the
/// desk's check-in window has opened.
pub(crate) async fn open_event(app: &TestApp, admin: &Client, slug: &str, title: &str, capacity: i32) {
    open_event_at(app, admin, slug, title, capacity, Duration::hours(2)).await;
}

/// An event starting `in` from the app's now.
pub(crate) async fn open_event_at(
    app: &TestApp,
    admin: &Client,
    slug: &str,
    title: &str,
    capacity: i32,
    r#in: Duration,
) {
    let now = app.state.clock.clone().scope(async { colloquy::clock::now() }).await;
    let starts = (now + r#in).format(&Rfc3339).unwrap();
    let event = json!({"slug": slug, "title": title, "starts_at": starts, "capacity": capacity});
    let created = admin
        .post(app.url("/api/admin/events"))
        .header("x-requested-with", "colloquy")
        .json(&event)
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201, "{}", created.text().await.unwrap());
}

pub(crate) async fn register_at(app: &TestApp, client: &Client, slug: &str, answers: Value) {
    let response = client
        .post(app.url(&format!("/api/events/{slug}/registration")))
        .json(&answers)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}

pub(crate) fn answers(mode: &str, lunch: bool, dietary: &str, access: &str) -> Value {
    json!({"mode": mode, "lunch": lunch, "dietary": dietary, "access": access})
}

/// A member registered in person at `SLUG`, and their ticket's token.
pub(crate) async fn attendee(app: &TestApp, email: &str, first: &str, last: &str) -> (Client, String) {
    let client = person(app, email, first, last, None).await;
    register_at(app, &client, SLUG, answers("in_person", true, "", "")).await;
    let token = ticket_of(app, &client, SLUG).await;
    (client, token)
}

pub(crate) async fn cancel_at(app: &TestApp, client: &Client) {
    let url = app.url(&format!("/api/events/{SLUG}/registration"));
    assert_eq!(client.delete(url).send().await.unwrap().status(), 200);
}

pub(crate) async fn ticket_of(app: &TestApp, client: &Client, slug: &str) -> String {
    let response = client.get(app.url(&format!("/api/events/{slug}/ticket"))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let ticket: Value = response.json().await.unwrap();
    ticket["token"].as_str().unwrap().to_owned()
}

pub(crate) async fn scan(
    app: &TestApp,
    desk: &Client,
    token: &str,
    at: Option<OffsetDateTime>,
) -> reqwest::Response {
    let mut body = json!({"token": token});
    if let Some(at) = at {
        body["at"] = json!(at.format(&Rfc3339).unwrap());
    }
    scan_as(app, desk, &body).await
}

pub(crate) async fn scan_as(app: &TestApp, desk: &Client, body: &Value) -> reqwest::Response {
    desk.post(app.url(&format!("/api/check-in/{SLUG}/scans"))).json(body).send().await.unwrap()
}

/// An app with an event, two check-in volunteers (Grace Hopper and Alan
/// Turing), and Ada Lovelace registered, with her ticket's token.
async fn two_volunteers_and_a_ticket() -> (TestApp, Client, Client, String) {
    let app = app_with_event(spawn_app().await, 10).await;
    let grace = person(&app, "grace@example.edu", "Grace", "Hopper", Some("check_in")).await;
    let alan = person(&app, "alan@example.edu", "Alan", "Turing", Some("check_in")).await;
    let (_, token) = attendee(&app, "ada@example.edu", "Ada", "Lovelace").await;
    (app, grace, alan, token)
}

pub(crate) async fn json_of(response: reqwest::Response, status: u16) -> Value {
    let got = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(got, status, "{body}");
    body
}

async fn counts(app: &TestApp, desk: &Client) -> Value {
    json_of(desk.get(app.url(&format!("/api/check-in/{SLUG}"))).send().await.unwrap(), 200).await["counts"]
        .clone()
}

pub(crate) async fn people(app: &TestApp, desk: &Client, q: &str) -> Vec<Value> {
    let url = format!(
        "/api/check-in/{SLUG}/people?q={}",
        percent_encoding::utf8_percent_encode(q, percent_encoding::NON_ALPHANUMERIC)
    );
    json_of(desk.get(app.url(&url)).send().await.unwrap(), 200).await.as_array().unwrap().clone()
}

pub(crate) fn time_of(value: &Value) -> OffsetDateTime {
    OffsetDateTime::parse(value.as_str().unwrap(), &Rfc3339).unwrap()
}

#[tokio::test]
async fn only_volunteers_and_admins_use_the_desk_and_volunteers_see_nothing_else() {
    let app = app_with_event(spawn_app().await, 10).await;
    let (_, token) = attendee(&app, "ada@example.edu", "Ada", "Lovelace").await;
    let registration =
        people(&app, &app.client, "ada").await[0]["registration_id"].as_str().unwrap().to_owned();
    let member = person(&app, "member@example.edu", "Mem", "Ber", None).await;
    let volunteer = person(&app, "door@example.edu", "Grace", "Hopper", Some("check_in")).await;
    let by_name = format!("/api/check-in/{SLUG}/registrations/{registration}");
    let calls: [(&str, String, Option<Value>); 6] = [
        ("GET", "/api/check-in".into(), None),
        ("GET", format!("/api/check-in/{SLUG}"), None),
        ("GET", format!("/api/check-in/{SLUG}/people?q=ad"), None),
        ("POST", format!("/api/check-in/{SLUG}/scans"), Some(json!({"token": token}))),
        ("POST", by_name.clone(), Some(json!({}))),
        ("DELETE", by_name, None),
    ];
    let send = |client: &Client, method: &str, path: &str, body: &Option<Value>| {
        let request = client.request(method.parse().unwrap(), app.url(path));
        let request = match body {
            Some(body) => request.json(body),
            None => request,
        };
        async move { request.header("x-requested-with", "colloquy").send().await.unwrap().status() }
    };
    for (method, path, body) in &calls {
        assert_eq!(send(&browser(), method, path, body).await, 401, "a visitor: {method} {path}");
        assert_eq!(send(&member, method, path, body).await, 403, "a member: {method} {path}");
        assert_eq!(send(&volunteer, method, path, body).await, 200, "a volunteer: {method} {path}");
        assert_eq!(send(&app.client, method, path, body).await, 200, "an admin: {method} {path}");
    }
    for path in ["/api/admin/users", "/api/admin/events/sculc-2026", "/api/review", "/api/editor/content"] {
        assert_eq!(send(&volunteer, "GET", path, &None).await, 403, "a volunteer: {path}");
    }
}

#[tokio::test]
async fn forged_altered_and_other_events_tickets_are_refused_and_a_cancelled_one_says_so() {
    let app = app_with_event(spawn_app().await, 10).await;
    open_event(&app, &app.client, "naclo-2026", "NACLO Open Round 2026", 10).await;
    let desk = person(&app, "door@example.edu", "Grace", "Hopper", Some("check_in")).await;
    let (ada, token) = attendee(&app, "ada@example.edu", "Ada", "Lovelace").await;

    let refused = "This is not a ticket for SCULC 2026.";
    let (id, signature) = token.split_once('.').unwrap();
    let mut altered = signature.to_owned().into_bytes();
    altered[3] = if altered[3] == b'x' { b'y' } else { b'x' };
    let altered = format!("{id}.{}", String::from_utf8(altered).unwrap());
    let forged = format!("{id}.AAAAAAAAAAAAAAAAAAAAAA");
    let someone_else = {
        use base64::Engine;
        let other = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Uuid::now_v7().as_bytes());
        format!("{other}.{signature}")
    };
    for bad in [altered.as_str(), forged.as_str(), someone_else.as_str(), "not a ticket", ""] {
        assert_eq!(json_of(scan(&app, &desk, bad, None).await, 404).await["error"], refused, "{bad}");
    }
    // A real ticket for another event.
    let bea = person(&app, "bea@example.edu", "Bea", "Naclo", None).await;
    register_at(&app, &bea, "naclo-2026", answers("virtual", false, "", "")).await;
    let naclo_ticket = ticket_of(&app, &bea, "naclo-2026").await;
    assert_eq!(json_of(scan(&app, &desk, &naclo_ticket, None).await, 404).await["error"], refused);
    assert_eq!(counts(&app, &desk).await["checked_in"], 0, "nothing was checked in");

    // A cancelled registration's ticket names its person and state.
    let cancelled = ada
        .delete(app.url(&format!("/api/events/{SLUG}/registration")))
        .header("x-requested-with", "colloquy");
    assert_eq!(cancelled.send().await.unwrap().status(), 200);
    let answer = json_of(scan(&app, &desk, &token, None).await, 409).await;
    assert_eq!(answer["error"], "Ada Lovelace is not registered: cancelled.");
    assert_eq!(ada.get(app.url(&format!("/api/events/{SLUG}/ticket"))).send().await.unwrap().status(), 404);
}

/// One request shape serves both ways in, so each endpoint checks the code
/// itself: a scan needs it, a check-in by name refuses it, and a field
/// neither knows is refused by both. Nobody is checked in by any of them.
#[tokio::test]
async fn a_scan_without_its_code_and_a_check_in_by_name_with_one_are_refused_at_the_field() {
    let (app, grace, _alan, token) = two_volunteers_and_a_ticket().await;
    let found = people(&app, &grace, "lovelace").await;
    let by_name = app.url(&format!(
        "/api/check-in/{SLUG}/registrations/{}",
        found[0]["registration_id"].as_str().unwrap()
    ));

    let no_code = json_of(scan_as(&app, &grace, &json!({"at": null})).await, 422).await;
    assert_eq!(
        no_code["fields"]["token"][0], "Scan the ticket's code, or find the person by name.",
        "{no_code}"
    );
    let with_code =
        json_of(grace.post(&by_name).json(&json!({"token": token})).send().await.unwrap(), 422).await;
    assert_eq!(
        with_code["fields"]["token"][0], "A check-in by name takes no ticket code: scan the ticket instead.",
        "{with_code}"
    );
    let unknown = scan_as(&app, &grace, &json!({"token": token, "overide_window": true})).await;
    assert_eq!(unknown.status(), 422);
    assert_eq!(grace.post(&by_name).json(&json!({"keys": []})).send().await.unwrap().status(), 422);
    assert_eq!(counts(&app, &grace).await["checked_in"], 0, "nothing was checked in");

    // The same requests, each at its own endpoint, go through.
    assert_eq!(json_of(scan(&app, &grace, &token, None).await, 200).await["outcome"], "checked_in");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_ticket_scanned_at_once_by_two_volunteers_is_checked_in_once() {
    let (app, grace, alan, token) = two_volunteers_and_a_ticket().await;

    let scans = (0..12).map(|n| scan(&app, if n % 2 == 0 { &grace } else { &alan }, &token, None));
    let mut results = Vec::new();
    for response in join_all(scans).await {
        results.push(json_of(response, 200).await);
    }
    let first: Vec<&Value> = results.iter().filter(|r| r["outcome"] == "checked_in").collect();
    assert_eq!(first.len(), 1, "{results:#?}");
    let first = first[0];
    let by = first["person"]["checked_in_by"].as_str().unwrap();
    assert!(by == "Grace Hopper" || by == "Alan Turing", "{by}");
    let at = time_of(&first["person"]["checked_in_at"]);
    let zone = jiff::tz::TimeZone::get("America/Los_Angeles").unwrap();
    let clock = jiff::Timestamp::from_second(at.unix_timestamp())
        .unwrap()
        .to_zoned(zone)
        .strftime("%H:%M")
        .to_string();
    for other in results.iter().filter(|r| r["outcome"] != "checked_in") {
        assert_eq!(other["outcome"], "already_checked_in");
        assert_eq!(other["message"], format!("Already checked in at {clock} by {by}."));
        assert_eq!(time_of(&other["person"]["checked_in_at"]), at);
    }
    assert_eq!(counts(&app, &grace).await["checked_in"], 1);
    // One entry in the activity log.
    let text = app.get("/api/admin/audit").await.text().await.unwrap();
    assert_eq!(text.matches("Checked in Ada Lovelace at SCULC 2026").count(), 1, "{text}");
}

/// A scan of `token` sent with its own id, `key`, as a phone's queue sends it.
async fn scan_keyed(app: &TestApp, desk: &Client, token: &str, key: Uuid) -> Value {
    json_of(scan_as(app, desk, &json!({"token": token, "key": key})).await, 200).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_check_in_sent_again_with_its_key_is_answered_as_the_first_and_only_to_its_volunteer() {
    let (app, grace, alan, token) = two_volunteers_and_a_ticket().await;

    // Each phone sends its one check-in six times at once (a queue resent
    // while its answers were lost): one phone wins, and every one of its
    // sends is told "checked in"; every send of the other is told who did.
    let (grace_key, alan_key) = (Uuid::new_v4(), Uuid::new_v4());
    let sends = (0..12).map(|n| {
        let (desk, key) = if n % 2 == 0 { (&grace, grace_key) } else { (&alan, alan_key) };
        scan_keyed(&app, desk, &token, key)
    });
    let results = join_all(sends).await;
    let outcomes =
        |first: usize| results.iter().skip(first).step_by(2).map(|r| &r["outcome"]).collect::<Vec<_>>();
    let grace_won = results[0]["outcome"] == "checked_in";
    let (winner, other, key, by) = if grace_won {
        (&grace, &alan, grace_key, "Grace Hopper")
    } else {
        (&alan, &grace, alan_key, "Alan Turing")
    };
    let (won, lost) = if grace_won { (outcomes(0), outcomes(1)) } else { (outcomes(1), outcomes(0)) };
    assert!(won.iter().all(|o| *o == "checked_in"), "{results:#?}");
    assert!(lost.iter().all(|o| *o == "already_checked_in"), "{results:#?}");
    let at =
        time_of(&results.iter().find(|r| r["outcome"] == "checked_in").unwrap()["person"]["checked_in_at"]);

    // Sent again later: still the first's answer, time and volunteer.
    let again = scan_keyed(&app, winner, &token, key).await;
    assert_eq!(again["outcome"], "checked_in");
    assert_eq!(again["message"], "Ada Lovelace is checked in.");
    assert_eq!(again["person"]["checked_in_by"], by);
    assert_eq!(time_of(&again["person"]["checked_in_at"]), at);
    // Another check-in by the same volunteer (no key, or another) is a second scan.
    assert_eq!(json_of(scan(&app, winner, &token, None).await, 200).await["outcome"], "already_checked_in");
    assert_eq!(scan_keyed(&app, winner, &token, Uuid::new_v4()).await["outcome"], "already_checked_in");
    // The key is no pass for another volunteer.
    assert_eq!(scan_keyed(&app, other, &token, key).await["outcome"], "already_checked_in");
    assert_eq!(counts(&app, &grace).await["checked_in"], 1);
    let text = app.get("/api/admin/audit").await.text().await.unwrap();
    assert_eq!(text.matches("Checked in Ada Lovelace at SCULC 2026").count(), 1, "{text}");

    // By name, the same; and an undo forgets the key with the check-in.
    let id = again["person"]["registration_id"].as_str().unwrap().to_owned();
    let path = app.url(&format!("/api/check-in/{SLUG}/registrations/{id}"));
    let by_name = |desk: &Client, key: Uuid| desk.post(&path).json(&json!({"key": key})).send();
    assert_eq!(json_of(by_name(winner, key).await.unwrap(), 200).await["outcome"], "checked_in");
    assert_eq!(json_of(by_name(other, key).await.unwrap(), 200).await["outcome"], "already_checked_in");
    assert_eq!(json_of(winner.delete(&path).send().await.unwrap(), 200).await["outcome"], "undone");
    let (fresh, later) = (Uuid::new_v4(), Uuid::new_v4());
    assert_eq!(json_of(by_name(other, fresh).await.unwrap(), 200).await["outcome"], "checked_in");
    assert_eq!(json_of(by_name(winner, key).await.unwrap(), 200).await["outcome"], "already_checked_in");
    assert_eq!(json_of(by_name(other, fresh).await.unwrap(), 200).await["outcome"], "checked_in");
    assert_eq!(json_of(by_name(other, later).await.unwrap(), 200).await["outcome"], "already_checked_in");
    let text = app.get("/api/admin/audit").await.text().await.unwrap();
    assert_eq!(text.matches("Checked in Ada Lovelace at SCULC 2026").count(), 2, "{text}");
}

#[tokio::test]
async fn by_name_undo_and_again_and_the_counts_follow() {
    let app = app_with_event(spawn_app().await, 2).await;
    let desk = person(&app, "door@example.edu", "Grace", "Hopper", Some("check_in")).await;
    let ada = person(&app, "ada@example.edu", "Ada", "Lovelace", None).await;
    register_at(&app, &ada, SLUG, answers("in_person", true, "Vegetarian", "")).await;
    let zoe = person(&app, "zoe@example.edu", "Zoë", "Núñez", None).await;
    register_at(&app, &zoe, SLUG, answers("in_person", false, "", "Step-free access")).await;
    let vic = person(&app, "vic@example.edu", "Victor", "Oakley", None).await;
    register_at(&app, &vic, SLUG, answers("virtual", true, "Halal", "Captions")).await;
    let wes = person(&app, "wes@example.edu", "Wes", "Waiting", None).await;
    register_at(&app, &wes, SLUG, answers("in_person", true, "Vegan", "")).await;

    let expected = json!({"registered": 3, "in_person": 2, "virtual": 1, "waiting": 1, "checked_in": 0,
        "lunches": 2, "dietary": 2, "access": 2});
    assert_eq!(counts(&app, &desk).await, expected);

    // By name: any case and Unicode form; those whose first or last name
    // starts with it before those whose name contains it; the waiting
    // list is there, saying why it holds no place.
    let found = people(&app, &desk, "ADA").await;
    let names: Vec<_> = found.iter().map(|p| p["last_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Lovelace"], "{found:#?}");
    let found_ce = people(&app, &desk, "ce").await;
    let names: Vec<_> = found_ce.iter().map(|p| p["last_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Lovelace"], "{found_ce:#?}");
    assert_eq!(people(&app, &desk, "NU\u{301}N\u{303}").await.len(), 1, "decomposed and upper-case");
    let waiting = people(&app, &desk, "waiting").await;
    assert_eq!(waiting.len(), 1, "{waiting:#?}");
    assert_eq!(waiting[0]["state"], "waiting");
    assert_eq!(waiting[0]["not_registered"], "Not registered: on the waiting list.");
    assert_eq!(found[0]["not_registered"], Value::Null);

    let ada_id = found[0]["registration_id"].as_str().unwrap().to_owned();
    let path = app.url(&format!("/api/check-in/{SLUG}/registrations/{ada_id}"));
    let checked = json_of(desk.post(&path).json(&json!({})).send().await.unwrap(), 200).await;
    assert_eq!(checked["outcome"], "checked_in");
    assert_eq!(checked["message"], "Ada Lovelace is checked in.");
    assert_eq!(checked["person"]["checked_in_by"], "Grace Hopper");
    assert_eq!(counts(&app, &desk).await["checked_in"], 1);

    let undone = json_of(desk.delete(&path).send().await.unwrap(), 200).await;
    assert_eq!(undone["outcome"], "undone");
    assert_eq!(undone["person"]["checked_in_at"], Value::Null);
    assert_eq!(counts(&app, &desk).await["checked_in"], 0);
    let again = json_of(desk.post(&path).json(&json!({})).send().await.unwrap(), 200).await;
    assert_eq!(again["outcome"], "checked_in");
    assert_eq!(
        counts(&app, &desk).await,
        json!({"registered": 3, "in_person": 2, "virtual": 1,
        "waiting": 1, "checked_in": 1, "lunches": 2, "dietary": 2, "access": 2})
    );

    // The waiting member's registration is refused by name, and unknown ids are not found.
    let wes_id: Uuid = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT id FROM registrations WHERE state = 'waiting'")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    let waiting =
        desk.post(app.url(&format!("/api/check-in/{SLUG}/registrations/{wes_id}"))).json(&json!({}));
    let refused = json_of(waiting.send().await.unwrap(), 409).await;
    assert_eq!(refused["error"], "Wes Waiting is not registered: on the waiting list.");
    let unknown = desk.post(app.url(&format!("/api/check-in/{SLUG}/registrations/{}", Uuid::now_v7())));
    assert_eq!(unknown.json(&json!({})).send().await.unwrap().status(), 404);

    // Both the check-ins and the undo are in the log.
    let log = app.get("/api/admin/audit").await.text().await.unwrap();
    assert_eq!(log.matches("Checked in Ada Lovelace at SCULC 2026").count(), 2, "{log}");
    assert_eq!(log.matches("Undid the check-in of Ada Lovelace at SCULC 2026").count(), 1, "{log}");
}

#[tokio::test]
async fn the_desk_finds_people_by_any_part_of_their_name_or_address_without_accents() {
    let app = app_with_event(spawn_app().await, 1).await;
    let desk = person(&app, "door@example.edu", "Grace", "Hopper", Some("check_in")).await;
    let lucia = person(&app, "l.fernandez@uni.example", "Lucía", "Fernández-Øberg", None).await;
    register_at(&app, &lucia, SLUG, answers("in_person", false, "", "")).await;
    let wes = person(&app, "wes@example.edu", "Wes", "Fernandes", None).await;
    register_at(&app, &wes, SLUG, answers("in_person", false, "", "")).await;
    // Cancelled, then registered again (virtually): found once, as registered.
    let ana = person(&app, "ana@example.edu", "Ana", "Lucian", None).await;
    register_at(&app, &ana, SLUG, answers("virtual", false, "", "")).await;
    cancel_at(&app, &ana).await;
    register_at(&app, &ana, SLUG, answers("virtual", true, "", "")).await;
    // Cancelled for good.
    let cal = person(&app, "cal@example.edu", "Cal", "Luciano", None).await;
    register_at(&app, &cal, SLUG, answers("virtual", false, "", "")).await;
    cancel_at(&app, &cal).await;

    let last_names = |found: &[Value]| {
        found.iter().map(|p| p["last_name"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    for typed in [
        "lucia fernandez",
        "LUCIA",
        "fernandez lucia",
        "oberg",
        "Øberg",
        "ferna\u{301}ndez-o",
        "l.fernandez@uni",
    ] {
        let found = people(&app, &desk, typed).await;
        assert_eq!(
            last_names(&found).first().map(String::as_str),
            Some("Fernández-Øberg"),
            "{typed}: {found:#?}"
        );
        assert_eq!(found[0]["state"], "registered");
    }
    // Every word must be there: Wes Fernandes is not a Lucía.
    assert_eq!(last_names(&people(&app, &desk, "lucia fernandez").await), ["Fernández-Øberg"]);
    // Those whose name starts with it first, those with a place before those without.
    let found = people(&app, &desk, "luci").await;
    assert_eq!(last_names(&found), ["Fernández-Øberg", "Lucian", "Luciano"], "{found:#?}");
    assert_eq!(found[1]["state"], "registered");
    assert_eq!(found[1]["lunch"], true, "the registration made again, not the cancelled one");
    assert_eq!(found[2]["state"], "cancelled");
    assert_eq!(found[2]["not_registered"], "Not registered: cancelled.");
    // The place is taken: Wes waits, and says so.
    let waiting = people(&app, &desk, "fernandes").await;
    assert_eq!(waiting[0]["not_registered"], "Not registered: on the waiting list.", "{waiting:#?}");
}

#[tokio::test]
async fn an_offline_scan_keeps_when_it_was_made_inside_the_window() {
    let app = app_with_event(spawn_app().await, 10).await;
    let desk = person(&app, "door@example.edu", "Grace", "Hopper", Some("check_in")).await;
    let (_, ada) = attendee(&app, "ada@example.edu", "Ada", "Lovelace").await;
    let (_, alan) = attendee(&app, "alan@example.edu", "Alan", "Turing").await;
    let (_, kat) = attendee(&app, "kat@example.edu", "Katherine", "Johnson").await;

    let earlier = OffsetDateTime::now_utc().replace_nanosecond(0).unwrap() - Duration::minutes(17);
    let kept = json_of(scan(&app, &desk, &ada, Some(earlier)).await, 200).await;
    assert_eq!(time_of(&kept["person"]["checked_in_at"]), earlier);

    // The window opened ten hours ago (12 before the start, in two hours).
    let before = OffsetDateTime::now_utc();
    let long_ago = json_of(scan(&app, &desk, &alan, Some(before - Duration::days(3))).await, 409).await;
    assert_eq!(long_ago["code"], "outside_check_in_window");
    assert!(long_ago["error"].as_str().unwrap().starts_with("This check-in was made on "), "{long_ago}");

    let future = json_of(scan(&app, &desk, &kat, Some(before + Duration::hours(2))).await, 200).await;
    let at = time_of(&future["person"]["checked_in_at"]);
    assert!(at >= before - Duration::seconds(1) && at <= OffsetDateTime::now_utc(), "{at}");
}

/// Reads the confirmation in `raw`: its QR code (decoded from the PNG)
/// and its calendar entry's summary.
fn confirmation_parts(raw: &[u8]) -> (String, String) {
    let email = MessageParser::default().parse(raw).expect("a MIME message");
    assert_eq!(email.subject(), Some("You are registered for SCULC 2026"));
    assert!(email.body_text(0).unwrap().contains("show its QR code at the door"));
    let attachment = |name: &str| {
        email
            .attachments()
            .find(|part| part.attachment_name() == Some(name))
            .unwrap_or_else(|| panic!("no {name} attached"))
            .contents()
            .to_vec()
    };
    let png = attachment("ticket.png");
    let picture =
        image::load_from_memory_with_format(&png, image::ImageFormat::Png).expect("a PNG").to_luma8();
    let mut prepared = rqrr::PreparedImage::prepare(picture);
    let grids = prepared.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code");
    let (_, content) = grids[0].decode().expect("the QR code reads");
    let ics = String::from_utf8(attachment("event.ics")).unwrap();
    let unfolded = icalendar::parser::unfold(&ics);
    let calendar = icalendar::parser::read_calendar(&unfolded).expect("an iCalendar file");
    let event = calendar.components.iter().find(|c| c.name.as_str() == "VEVENT").expect("a VEVENT");
    let property =
        |name: &str| event.properties.iter().find(|p| p.name.as_str() == name).map(|p| p.val.as_str());
    assert!(property("DTSTART").is_some_and(|start| start.ends_with('Z')), "{ics}");
    (content, property("SUMMARY").expect("a SUMMARY").to_owned())
}

/// The confirmations the file outbox holds for `to`, once there are `count`.
pub(crate) async fn confirmations_to(app: &TestApp, to: &str, count: usize) -> Vec<Vec<u8>> {
    for _ in 0..100 {
        let found: Vec<Vec<u8>> = crate::helpers::outbox_files(&app.state.config.data_dir.join("outbox"))
            .iter()
            .filter_map(|path| std::fs::read(path).ok())
            .filter(|raw| {
                crate::helpers::readable(raw).is_some_and(|e| {
                    e.contains(&format!("To: {to}\r\n")) && e.contains("Subject: You are registered for")
                })
            })
            .collect();
        if found.len() >= count {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("{to} got no {count} confirmation(s)");
}

#[tokio::test]
async fn a_place_is_confirmed_with_the_ticket_as_a_qr_code_and_the_event_and_a_waiting_place_is_not() {
    let app = app_with_event(spawn_app().await, 1).await;
    let (ada, token) = attendee(&app, "ada@example.edu", "Ada", "Lovelace").await;
    let raw = confirmations_to(&app, "ada@example.edu", 1).await;
    assert_eq!(raw.len(), 1);
    let (content, summary) = confirmation_parts(&raw[0]);
    assert_eq!(content, token);
    assert_eq!(summary, TITLE);
    let svg = ada.get(app.url(&format!("/api/events/{SLUG}/ticket.svg"))).send().await.unwrap();
    assert_eq!(svg.headers()["content-type"], "image/svg+xml");
    assert!(svg.text().await.unwrap().starts_with("<?xml"));

    // The place is taken: the next one waits, with no ticket and no e-mail.
    let bea = person(&app, "bea@example.edu", "Bea", "Waiting", None).await;
    register_at(&app, &bea, SLUG, answers("in_person", false, "", "")).await;
    assert_eq!(bea.get(app.url(&format!("/api/events/{SLUG}/ticket"))).send().await.unwrap().status(), 404);
    assert_eq!(
        bea.get(app.url(&format!("/api/events/{SLUG}/ticket.svg"))).send().await.unwrap().status(),
        404
    );
    // Ada cancels; Bea is offered the place and takes it: now she has a ticket.
    let cancel = ada
        .delete(app.url(&format!("/api/events/{SLUG}/registration")))
        .header("x-requested-with", "colloquy");
    assert_eq!(cancel.send().await.unwrap().status(), 200);
    let accept = bea
        .post(app.url(&format!("/api/events/{SLUG}/registration/accept")))
        .header("x-requested-with", "colloquy");
    assert_eq!(accept.send().await.unwrap().status(), 200);
    let token = ticket_of(&app, &bea, SLUG).await;
    let confirmations = confirmations_to(&app, "bea@example.edu", 1).await;
    assert_eq!(confirmations.len(), 1);
    assert_eq!(confirmation_parts(&confirmations[0]).0, token);
}

#[tokio::test]
async fn the_confirmation_goes_through_smtp_with_its_attachments() {
    let Some(sink) = SmtpSink::start(0, 0).await else { return };
    let url = sink.url();
    let app = spawn_app_with(Default::default(), move |config| config.smtp_url = Some(url.into())).await;
    // Signed in without e-mails (a sign-up's would go to the SMTP server).
    let (admin, email) = member(&app, 0).await;
    give_role(&app, user_id(&app, &email).await, "admin").await;
    open_event(&app, &admin, SLUG, TITLE, 10).await;
    let (ada, _) = member(&app, 1).await;
    register_at(&app, &ada, SLUG, answers("in_person", true, "", "")).await;
    let token = ticket_of(&app, &ada, SLUG).await;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    let raw = loop {
        let found = sink.raw_messages().into_iter().find(|raw| {
            MessageParser::default()
                .parse(raw)
                .is_some_and(|m| m.subject() == Some("You are registered for SCULC 2026"))
        });
        if let Some(raw) = found {
            break raw;
        }
        assert!(tokio::time::Instant::now() < deadline, "no confirmation reached the SMTP server");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(raw.is_ascii(), "7-bit clean on the wire");
    let (content, summary) = confirmation_parts(&raw);
    assert_eq!((content.as_str(), summary.as_str()), (token.as_str(), TITLE));
    // Once delivered, the outbox keeps neither the body nor the files.
    app.settled().await;
    let left: i64 = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox_attachments").fetch_one(pool).await.unwrap()
    });
    assert_eq!(left, 0);
}
