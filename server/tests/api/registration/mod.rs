//! Attendee registration (issue 26): in-person places under a rush, the
//! waiting list in order of arrival, and each free place offered exactly
//! once, also with two instances racing and after the offer runs out.

mod again;
mod csv_cells;
mod event_details;
mod place;
mod questions;
mod strangers;

use futures_util::future::join_all;
use reqwest::Client;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::helpers::{TestApp, browser};
use crate::outbox::race::second_instance;
use crate::review::app_with_admin;

const SLUG: &str = "sculc-2026";

/// A member who can register: an account with a password, signed in
/// through a session made straight in the database (50 sign-ins would
/// spend the test hashing passwords).
pub(crate) async fn member(app: &TestApp, n: usize) -> (Client, String) {
    let id = Uuid::now_v7();
    let email = format!("member{n}@example.edu");
    let session = format!("registration-test-session-{n}-{id}");
    let now = colloquy::clock::now();
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified_at, created_at)
             VALUES ($1, $2, $3, 'Tester', 'not a usable hash', $4, $4)",
        )
        .bind(id)
        .bind(&email)
        .bind(format!("Member{n}"))
        .bind(now)
        .execute(pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(colloquy::accounts::tokens::hash_token(&session))
        .bind(id)
        .bind(now)
        .bind(colloquy::clock::to_stored(now + Duration::days(30)))
        .execute(pool)
        .await
        .unwrap();
    });
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", "colloquy".parse().unwrap());
    headers.insert("cookie", format!("colloquy_session={session}").parse().unwrap());
    let client = Client::builder().default_headers(headers).build().unwrap();
    (client, email)
}

async fn event_with(app: &TestApp, capacity: i32, offer_hours: i32) {
    event_at(app, SLUG, capacity, offer_hours).await;
}

async fn event_at(app: &TestApp, slug: &str, capacity: i32, offer_hours: i32) {
    let starts = OffsetDateTime::now_utc() + Duration::days(60);
    let response = app
        .post_json(
            "/api/admin/events",
            json!({
                "slug": slug, "title": "SCULC 2026", "starts_at": starts.format(&time::format_description::well_known::Rfc3339).unwrap(),
                "capacity": capacity, "offer_hours": offer_hours,
            }),
        )
        .await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}

fn in_person() -> Value {
    json!({"mode": "in_person", "lunch": true, "dietary": "Vegetarian", "access": ""})
}

async fn register(app: &TestApp, client: &Client, answers: Value) -> reqwest::Response {
    client.post(app.url(&format!("/api/events/{SLUG}/registration"))).json(&answers).send().await.unwrap()
}

async fn view(app: &TestApp, client: &Client) -> Value {
    client.get(app.url(&format!("/api/events/{SLUG}"))).send().await.unwrap().json().await.unwrap()
}

async fn admin_list(app: &TestApp) -> Vec<Value> {
    let body: Value = app.get(&format!("/api/admin/events/{SLUG}")).await.json().await.unwrap();
    body["registrations"].as_array().unwrap().clone()
}

fn states(list: &[Value], state: &str) -> Vec<String> {
    list.iter().filter(|r| r["state"] == state).map(|r| r["email"].as_str().unwrap().to_owned()).collect()
}

/// The offer e-mails in the outbox (delivered or not), by recipient.
pub(crate) async fn offers_queued(app: &TestApp) -> Vec<String> {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar(
            "SELECT recipient FROM outbox WHERE subject LIKE 'A place at %' ORDER BY created_at, id",
        )
        .fetch_all(pool)
        .await
        .unwrap()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_at_once_for_ten_places_register_ten_and_wait_forty_in_order_of_arrival() {
    let app = app_with_admin().await;
    event_with(&app, 10, 48).await;
    let mut members = Vec::new();
    for n in 0..50 {
        members.push(member(&app, n).await);
    }
    let answers = join_all(members.iter().map(|(client, _)| register(&app, client, in_person()))).await;
    assert!(
        answers.iter().all(|r| r.status() == 201),
        "{:?}",
        answers.iter().map(|r| r.status()).collect::<Vec<_>>()
    );

    let list = admin_list(&app).await;
    assert_eq!(list.len(), 50);
    assert_eq!(states(&list, "registered").len(), 10, "exactly the places");
    assert_eq!(states(&list, "waiting").len(), 40);
    // In order of arrival: every place went to someone who came before
    // everyone who waits, and the list is numbered without a gap.
    let arrivals: Vec<i64> = list.iter().map(|r| r["arrival"].as_i64().unwrap()).collect();
    assert!(arrivals.windows(2).all(|pair| pair[0] < pair[1]), "{arrivals:?}");
    assert!(list[..10].iter().all(|r| r["state"] == "registered"), "the first ten arrivals hold the places");
    let view_of_last =
        view(&app, &members.iter().find(|(_, email)| *email == list[49]["email"]).unwrap().0).await;
    assert_eq!(view_of_last["mine"]["position"], 40);
    assert_eq!(view_of_last["places_left"], 0);
    assert_eq!(view_of_last["waiting"], 40);
    // Each hears where they stand: a ticket for a place, a notice with
    // their own link for the waiting list.
    for (n, row) in list.iter().enumerate() {
        let subjects: Vec<String> = mail_to(&app, row["email"].as_str().unwrap())
            .await
            .into_iter()
            .map(|(subject, _)| subject)
            .collect();
        let expected = if n < 10 {
            "You are registered for SCULC 2026"
        } else {
            "You are on the waiting list for SCULC 2026"
        };
        assert_eq!(subjects, [expected], "{}", row["email"]);
    }

    // Registering twice is refused; virtual places are not limited.
    let again = register(&app, &members[0].0, in_person()).await;
    assert_eq!(again.status(), 409);
    let (online, _) = member(&app, 99).await;
    let virtual_answer = register(&app, &online, json!({"mode": "virtual", "lunch": false})).await;
    assert_eq!(virtual_answer.status(), 201);
    let virtual_view: Value = virtual_answer.json().await.unwrap();
    assert_eq!(virtual_view["mine"]["state"], "registered");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_cancelled_place_is_offered_once_with_instances_racing_or_restarted_and_moves_on_when_it_runs_out()
{
    let app = app_with_admin().await;
    let other = second_instance(&app).await;
    event_with(&app, 2, 48).await;
    let mut members = Vec::new();
    for n in 0..6 {
        let member = member(&app, n).await;
        assert_eq!(register(&app, &member.0, in_person()).await.status(), 201);
        members.push(member);
    }
    // Both place holders cancel at once, one through each instance.
    let other_url = format!("http://{}", other.config.listen);
    let (a, b) = tokio::join!(
        members[0].0.delete(app.url(&format!("/api/events/{SLUG}/registration"))).send(),
        members[1].0.delete(format!("{other_url}/api/events/{SLUG}/registration")).send(),
    );
    assert_eq!(
        (a.unwrap().status(), b.unwrap().status()),
        (reqwest::StatusCode::OK, reqwest::StatusCode::OK)
    );

    // Two places came free: the first two who waited are offered one each, once.
    let list = admin_list(&app).await;
    assert_eq!(states(&list, "offered"), [members[2].1.clone(), members[3].1.clone()]);
    assert_eq!(offers_queued(&app).await, [members[2].1.clone(), members[3].1.clone()]);
    let offered = view(&app, &members[2].0).await;
    assert!(offered["mine"]["offer_expires_at"].is_string(), "{offered}");

    // The third waiting member cannot take a place not offered to them;
    // the first offered takes theirs.
    let refused =
        members[4].0.post(app.url(&format!("/api/events/{SLUG}/registration/accept"))).send().await.unwrap();
    assert_eq!(refused.status(), 409);
    let taken =
        members[2].0.post(app.url(&format!("/api/events/{SLUG}/registration/accept"))).send().await.unwrap();
    assert_eq!(taken.status(), 200);

    // Two days on, the unanswered offer runs out; the sweep, run by both
    // instances at once, passes the place on once.
    app.state.clock.advance(Duration::hours(49));
    other.clock.advance(Duration::hours(49));
    let (here, there) = tokio::join!(
        colloquy::registration::expire_offers_once(&app.state),
        colloquy::registration::expire_offers_once(&other)
    );
    assert_eq!(here.unwrap() + there.unwrap(), 1, "one offer ran out");
    let list = admin_list(&app).await;
    assert_eq!(states(&list, "expired"), [members[3].1.clone()]);
    assert_eq!(states(&list, "offered"), [members[4].1.clone()]);
    assert_eq!(states(&list, "waiting"), [members[5].1.clone()]);
    assert_eq!(offers_queued(&app).await.len(), 3, "one offer per free place, never two");
    // A restarted instance finds nothing left to offer.
    let restarted = second_instance(&app).await;
    restarted.clock.advance(Duration::hours(49));
    assert_eq!(colloquy::registration::expire_offers_once(&restarted).await.unwrap(), 0);
    assert_eq!(offers_queued(&app).await.len(), 3);

    // More places: offered at once to whoever still waits.
    let raised = app
        .client
        .put(app.url(&format!("/api/admin/events/{SLUG}")))
        .json(&json!({"capacity": 3}))
        .send()
        .await
        .unwrap();
    assert_eq!(raised.status(), 200);
    assert_eq!(states(&admin_list(&app).await, "offered"), [members[4].1.clone(), members[5].1.clone()]);
}

#[tokio::test]
async fn only_members_register_only_admins_manage_and_answers_are_bounded() {
    let app = app_with_admin().await;
    event_with(&app, 5, 48).await;
    let visitor = browser();
    assert_eq!(register(&app, &visitor, in_person()).await.status(), 401);
    let (client, _) = member(&app, 1).await;
    let too_long = json!({"mode": "in_person", "lunch": true, "dietary": "x".repeat(501)});
    let refused = register(&app, &client, too_long).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["fields"]["dietary"], json!(["At most 500 characters."]));
    assert_eq!(admin_list(&app).await.len(), 0, "nothing kept");

    for response in [
        client.get(app.url(&format!("/api/admin/events/{SLUG}"))).send().await.unwrap(),
        client
            .put(app.url(&format!("/api/admin/events/{SLUG}")))
            .json(&json!({"capacity": 9}))
            .send()
            .await
            .unwrap(),
        client
            .post(app.url("/api/admin/events"))
            .json(&json!({"slug": "x", "title": "X", "starts_at": "2099-01-01T00:00:00Z", "capacity": 1}))
            .send()
            .await
            .unwrap(),
    ] {
        assert_eq!(response.status(), 403);
    }
    assert_eq!(view(&app, &visitor).await["mine"], Value::Null);
    assert_eq!(visitor.get(app.url("/api/events/nope")).send().await.unwrap().status(), 404);
}

#[tokio::test]
async fn the_current_editions_registration_is_on_the_members_home_with_an_offers_deadline() {
    let app = app_with_admin().await;
    let (first, _) = member(&app, 1).await;
    let (second, _) = member(&app, 2).await;
    let home = |client: &Client| {
        let request = client.get(app.url("/api/me/home")).send();
        async move { request.await.unwrap().json::<Value>().await.unwrap() }
    };
    assert_eq!(home(&first).await["registration"], Value::Null, "2025 does not use the site's registration");

    event_at(&app, "sculc-2025", 1, 48).await;
    for client in [&first, &second] {
        let answer =
            client.post(app.url("/api/events/sculc-2025/registration")).json(&in_person()).send().await;
        assert_eq!(answer.unwrap().status(), 201);
    }
    assert_eq!(home(&first).await["registration"]["mine"]["state"], "registered");
    assert_eq!(home(&second).await["registration"]["mine"]["position"], 1);
    let cancelled = first.delete(app.url("/api/events/sculc-2025/registration")).send().await.unwrap();
    assert_eq!(cancelled.status(), 200);
    let offered = home(&second).await;
    assert_eq!(offered["registration"]["mine"]["state"], "offered");
    assert_eq!(offered["edition"]["next_deadline"]["what"], "accept_place");
    assert_eq!(
        offered["edition"]["next_deadline"]["at"],
        offered["registration"]["mine"]["offer_expires_at"]
    );
}

#[tokio::test]
async fn a_presenter_who_confirms_is_registered_even_when_the_places_are_taken_and_not_asked_twice() {
    let app = app_with_admin().await;
    event_at(&app, "sculc-2025", 1, 48).await;
    let (attendee, _) = member(&app, 1).await;
    let answer =
        attendee.post(app.url("/api/events/sculc-2025/registration")).json(&in_person()).send().await;
    assert_eq!(answer.unwrap().status(), 201);

    let submission = presenter_confirms(&app).await;
    let event = view_at(&app, &app.client, "sculc-2025").await;
    assert_eq!(event["mine"]["state"], "registered", "a presenter's place is theirs: {event}");
    assert_eq!(event["mine"]["mode"], "in_person");
    assert_eq!(event["mine"]["access"], "Step-free access", "the needs they gave are not asked again");
    assert_eq!(event["places_left"], 0);

    // Confirming again, virtually, changes the registration, not adds one.
    let mut virtually = crate::attendance::confirming("Tone sandhi");
    virtually["mode"] = json!("virtual");
    assert_eq!(crate::attendance::answer(&app, &app.client, submission, virtually).await.status(), 200);
    let event = view_at(&app, &app.client, "sculc-2025").await;
    assert_eq!(event["mine"]["mode"], "virtual");
    let live: i64 = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM registrations WHERE state = 'registered'")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert_eq!(live, 2, "the attendee and the presenter, once each");
}

/// An accepted author (ada@example.org) signs in on the app's own client
/// (the admin's session ends) and confirms they present, in person; the
/// submission.
async fn presenter_confirms(app: &TestApp) -> Uuid {
    let submission = crate::attendance::accepted_author(app, "ada@example.org").await;
    let confirmed =
        crate::attendance::answer(app, &app.client, submission, crate::attendance::confirming("Tone sandhi"))
            .await;
    assert_eq!(confirmed.status(), 200, "{}", confirmed.text().await.unwrap());
    submission
}

async fn view_at(app: &TestApp, client: &Client, slug: &str) -> Value {
    client.get(app.url(&format!("/api/events/{slug}"))).send().await.unwrap().json().await.unwrap()
}

/// The admins' side (issue 26 item 2): the events with their counts, a
/// move on the waiting list that the next offer follows, the CSV with
/// formula-safe cells, and each change in the activity log.
#[tokio::test]
async fn admins_see_the_counts_move_people_on_the_waiting_list_and_download_the_list() {
    let app = app_with_admin().await;
    event_with(&app, 1, 48).await;
    let mut members = Vec::new();
    for n in 0..4 {
        members.push(member(&app, n).await);
    }
    for (client, _) in &members {
        assert_eq!(register(&app, client, in_person()).await.status(), 201);
    }
    // A dangerous-looking answer, for the CSV.
    let (online, _) = member(&app, 9).await;
    let virtual_answer = json!({"mode": "virtual", "lunch": false, "dietary": "=HYPERLINK(\"x\")"});
    assert_eq!(register(&app, &online, virtual_answer).await.status(), 201);

    let events: Value = app.get("/api/admin/events").await.json().await.unwrap();
    assert_eq!(events[0]["slug"], SLUG);
    let summary = &events[0]["counts"];
    assert_eq!(
        [
            &summary["registered"],
            &summary["taken"],
            &summary["waiting"],
            &summary["lunches"],
            &summary["needs"]
        ],
        [&json!(2), &json!(1), &json!(3), &json!(1), &json!(2)],
        "{summary}"
    );

    // The last of the three waiting moves up twice: first in line.
    let list = admin_list(&app).await;
    let waiting: Vec<&Value> = list.iter().filter(|r| r["state"] == "waiting").collect();
    let last = waiting[2]["id"].as_str().unwrap().to_owned();
    let last_email = waiting[2]["email"].as_str().unwrap().to_owned();
    for _ in 0..2 {
        let moved = app
            .post_json(
                &format!("/api/admin/events/{SLUG}/registrations/{last}/move"),
                json!({"direction": "up"}),
            )
            .await;
        assert_eq!(moved.status(), 200);
    }
    let again = app
        .post_json(&format!("/api/admin/events/{SLUG}/registrations/{last}/move"), json!({"direction": "up"}))
        .await;
    assert_eq!(again.status(), 409);
    assert!(again.text().await.unwrap().contains("is first on the waiting list already."));
    let holder = list.iter().find(|r| r["state"] == "registered" && r["mode"] == "in_person").unwrap();
    let not_waiting = app
        .post_json(
            &format!("/api/admin/events/{SLUG}/registrations/{}/move", holder["id"].as_str().unwrap()),
            json!({"direction": "down"}),
        )
        .await;
    assert_eq!(not_waiting.status(), 404);
    let mover = members.iter().find(|(_, email)| *email == last_email).unwrap();
    assert_eq!(view(&app, &mover.0).await["mine"]["position"], 1);

    // The place that comes free goes to the one moved to the front.
    let holder_client = &members.iter().find(|(_, email)| *email == holder["email"]).unwrap().0;
    let cancelled =
        holder_client.delete(app.url(&format!("/api/events/{SLUG}/registration"))).send().await.unwrap();
    assert_eq!(cancelled.status(), 200);
    assert_eq!(offers_queued(&app).await, std::slice::from_ref(&last_email));

    let csv = app.get(&format!("/api/admin/events/{SLUG}/registrations.csv")).await;
    assert_eq!(csv.status(), 200);
    assert!(
        csv.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"sculc-2026-registrations-")
    );
    let text = csv.text().await.unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    assert_eq!(&header[3], "Status");
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 5, "the cancelled one too");
    assert!(rows.iter().any(|row| &row[7] == "'=HYPERLINK(\"x\")"), "formula made text: {text}");
    assert!(rows.iter().any(|row| &row[3] == "Offered a place" && row[2] == last_email));
    assert!(rows.iter().any(|row| &row[3] == "Cancelled"));
    // The remaining waiting person is 1st on the list now.
    assert_eq!(
        rows.iter().filter(|row| &row[3] == "Waiting").map(|row| row[4].to_owned()).collect::<Vec<_>>(),
        ["1", "2"]
    );

    // The user table shows each person's registrations.
    let mover_id: String = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar::<_, Uuid>("SELECT id FROM users WHERE email = $1")
            .bind(&last_email)
            .fetch_one(pool)
            .await
            .unwrap()
            .to_string()
    });
    let theirs: Value =
        app.get(&format!("/api/admin/users/{mover_id}/registrations")).await.json().await.unwrap();
    assert_eq!(theirs.as_array().unwrap().len(), 1);
    assert_eq!(theirs[0]["event_slug"], SLUG);
    assert_eq!(theirs[0]["state"], "offered");
    let waiter = list.iter().find(|r| r["state"] == "waiting" && r["email"] != last_email.as_str()).unwrap();
    let waiter_id: String = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar::<_, Uuid>("SELECT user_id FROM registrations WHERE id = $1")
            .bind(Uuid::parse_str(waiter["id"].as_str().unwrap()).unwrap())
            .fetch_one(pool)
            .await
            .unwrap()
            .to_string()
    });
    let waiting_one: Value =
        app.get(&format!("/api/admin/users/{waiter_id}/registrations")).await.json().await.unwrap();
    assert!(waiting_one[0]["position"].as_i64().is_some_and(|p| (1..=2).contains(&p)), "{waiting_one}");
    let member_asks = members[0]
        .0
        .get(app.url(&format!("/api/admin/users/{mover_id}/registrations")))
        .send()
        .await
        .unwrap();
    assert_eq!(member_asks.status(), 403);

    let log: Value = app.get("/api/admin/audit").await.json().await.unwrap();
    let actions: Vec<&str> =
        log["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions.iter().filter(|a| **a == "registration.moved").count(), 2, "{actions:?}");
    assert!(actions.contains(&"event.created"));
}

/// Every e-mail queued to `address`: (subject, body), oldest first (a
/// delivered one's body is gone).
async fn mail_to(app: &TestApp, address: &str) -> Vec<(String, String)> {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_as("SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY created_at, id")
            .bind(address)
            .fetch_all(pool)
            .await
            .unwrap()
    })
}

async fn ask_as_visitor(app: &TestApp, client: &Client, email: &str) -> reqwest::Response {
    client
        .post(app.url(&format!("/api/events/{SLUG}/visitors")))
        .header("x-requested-with", "colloquy")
        .json(&json!({"first_name": "Zoë", "last_name": "Visitor", "email": email, "answers": in_person()}))
        .send()
        .await
        .unwrap()
}

async fn confirm_as_visitor(app: &TestApp, client: &Client, token: &str) -> reqwest::Response {
    client
        .post(app.url(&format!("/api/events/{SLUG}/visitors/confirm")))
        .header("x-requested-with", "colloquy")
        .json(&json!({"token": token}))
        .send()
        .await
        .unwrap()
}

/// A visitor registers without a password through the e-mailed link
/// (issue 26 item 1): the link works once, makes a verified account without
/// a password, and registers it; a member's address registers the member.
#[tokio::test]
async fn a_visitor_registers_through_the_emailed_link_once_without_a_password() {
    let app = app_with_admin().await;
    event_with(&app, 5, 48).await;
    let visitor = browser();
    let current = || async {
        let answer = visitor.get(app.url("/api/registration/current")).send().await.unwrap();
        answer.json::<Value>().await.unwrap()
    };
    assert_eq!(current().await, json!({"event": null}), "the current edition has no registration yet");
    let edition: Value =
        visitor.get(app.url("/api/editions/current")).send().await.unwrap().json().await.unwrap();
    let year = edition["year"].as_i64().unwrap();
    event_at(&app, &format!("sculc-{year}"), 3, 48).await;
    let shown = current().await;
    assert_eq!(
        shown["event"]["slug"],
        format!("sculc-{year}"),
        "the current edition's registration, for visitors"
    );
    assert_eq!(shown["event"]["mine"], Value::Null);

    let asked = ask_as_visitor(&app, &visitor, "Zoe@Example.org").await;
    assert_eq!(asked.status(), 202);
    let message: Value = asked.json().await.unwrap();
    assert_eq!(
        message["message"],
        "Check your e-mail: we sent a link to confirm your registration for SCULC 2026 to zoe@example.org. It works for 24 hours."
    );
    assert!(admin_list(&app).await.is_empty(), "nothing registered before the link is followed");
    let mail = app.emails_to("zoe@example.org", 1).await;
    assert!(
        mail[0].contains("Subject: Confirm your registration for SCULC 2026\r\n\r\nHello,"),
        "{}",
        mail[0]
    );
    assert!(mail[0].contains("&event=sculc-2026"), "{}", mail[0]);
    let token = app.token_from_email("zoe@example.org", 1, "/registration/confirm").await;

    let mut altered = token.clone();
    altered.replace_range(..1, if altered.starts_with('A') { "B" } else { "A" });
    assert_eq!(confirm_as_visitor(&app, &visitor, &altered).await.status(), 410);
    let confirmed = confirm_as_visitor(&app, &visitor, &token).await;
    assert_eq!(confirmed.status(), 201);
    let answer: Value = confirmed.json().await.unwrap();
    assert_eq!(answer["mine"]["state"], "registered");
    assert_eq!(answer["places_left"], 4);
    let used = confirm_as_visitor(&app, &visitor, &token).await;
    assert_eq!(used.status(), 410, "the link works once");

    let list = admin_list(&app).await;
    assert_eq!(states(&list, "registered"), ["zoe@example.org"]);
    let (password, verified): (Option<String>, bool) = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_as(
            "SELECT password_hash, email_verified_at IS NOT NULL FROM users WHERE email = 'zoe@example.org'",
        )
        .fetch_one(pool)
        .await
        .unwrap()
    });
    assert_eq!((password, verified), (None, true), "an account without a password, its address proven");
    assert_eq!(mail_to(&app, "zoe@example.org").await.len(), 2, "then the confirmation with the ticket");

    // A member's address registers the member's own account, once.
    let (member_client, member_email) = member(&app, 1).await;
    assert_eq!(ask_as_visitor(&app, &visitor, &member_email).await.status(), 202);
    let token = app.token_from_email(&member_email, 1, "/registration/confirm").await;
    assert_eq!(confirm_as_visitor(&app, &visitor, &token).await.status(), 201);
    assert_eq!(view(&app, &member_client).await["mine"]["state"], "registered");
    assert_eq!(ask_as_visitor(&app, &visitor, &member_email).await.status(), 202);
    // The second link, after the confirmation of the first registration.
    let again = app.token_from_email(&member_email, 3, "/registration/confirm").await;
    assert_ne!(again, token);
    assert_eq!(confirm_as_visitor(&app, &visitor, &again).await.status(), 409);

    // Bad fields change nothing.
    let refused = visitor
        .post(app.url(&format!("/api/events/{SLUG}/visitors")))
        .header("x-requested-with", "colloquy")
        .json(
            &json!({"first_name": " ", "last_name": "V", "email": "not an address", "answers": in_person()}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.unwrap();
    assert!(body["fields"]["first_name"].is_array() && body["fields"]["email"].is_array(), "{body}");
}

/// Many requests at once for one inbox send at most the inbox's share: the
/// site cannot be used to flood someone's inbox, and every request gets the
/// same answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn visitor_requests_for_one_inbox_at_once_send_at_most_its_share() {
    let app = app_with_admin().await;
    event_with(&app, 5, 48).await;
    let visitor = browser();
    let answers = join_all((0..12).map(|_| ask_as_visitor(&app, &visitor, "target@example.org"))).await;
    assert!(
        answers.iter().all(|r| r.status() == 202),
        "{:?}",
        answers.iter().map(|r| r.status()).collect::<Vec<_>>()
    );
    let sent = mail_to(&app, "target@example.org").await.len();
    assert_eq!(sent, 3, "the inbox's share from one client in an hour");
}
