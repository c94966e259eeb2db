//! Issue 37 item 4: the desk works inside the event's check-in window (12
//! hours before its start to 12 hours after its day), a queued scan by the
//! time it was made; an admin may override it, which is logged and shown;
//! no one checks themselves in; the search needs two characters and never
//! lists needs.

use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime};

use crate::admin::admin;
use crate::check_in::{
    SLUG, answers, attendee, json_of, open_event_at, people, person, register_at, scan, scan_as,
};
use crate::helpers::{TestApp, spawn_app};

/// The app's own now (its clock moves in these tests).
async fn now(app: &TestApp) -> OffsetDateTime {
    app.state.clock.clone().scope(async { colloquy::clock::now() }).await
}

/// An app whose own client is an admin, Edward Sapir, with SCULC 2026
/// starting `r#in`.
async fn app_with_event_in(r#in: Duration) -> TestApp {
    let app = spawn_app().await;
    let id = admin(&app, "admin@example.org").await;
    crate::review::rename(&app, id, "Edward", "Sapir").await;
    open_event_at(&app, &app.client, SLUG, "SCULC 2026", 10, r#in).await;
    app
}

async fn audit(app: &TestApp) -> String {
    app.get("/api/admin/audit").await.text().await.unwrap()
}

#[tokio::test]
async fn check_ins_before_and_after_the_window_are_refused_and_an_admins_override_is_logged_and_shown() {
    // The window opens 12 hours before the start: two hours from now.
    let app = app_with_event_in(Duration::hours(14)).await;
    let desk = person(&app, "door@example.edu", "Grace", "Hopper", Some("check_in")).await;
    let (_, ada) = attendee(&app, "ada@example.edu", "Ada", "Lovelace").await;
    let shown = json_of(desk.get(app.url(&format!("/api/check-in/{SLUG}"))).send().await.unwrap(), 200).await;
    let at = |field: &str| OffsetDateTime::parse(shown[field].as_str().unwrap(), &Rfc3339).unwrap();
    assert_eq!(at("check_in_opens_at"), at("starts_at") - Duration::hours(12), "{shown}");
    // Whole seconds pass while the people sign up: the opening is two
    // hours from now, give or take those.
    let from_now = at("check_in_opens_at") - now(&app).await;
    assert!(from_now > Duration::minutes(119) && from_now <= Duration::hours(2), "{shown}");
    assert_eq!(shown["may_override"], false);

    let early = json_of(scan(&app, &desk, &ada, None).await, 409).await;
    assert_eq!(early["code"], "outside_check_in_window");
    let message = early["error"].as_str().unwrap();
    assert!(
        message.starts_with("Check-in for SCULC 2026 opens on ") && message.contains("too early"),
        "{early}"
    );

    // Inside the window it goes through.
    app.state.clock.advance(Duration::hours(3));
    assert_eq!(json_of(scan(&app, &desk, &ada, None).await, 200).await["outcome"], "checked_in");

    // Days later, the desk is closed: to a new check-in, and to one undone and done again.
    let (_, alan) = attendee(&app, "alan@example.edu", "Alan", "Turing").await;
    app.state.clock.advance(Duration::days(3));
    let late = json_of(scan(&app, &desk, &alan, None).await, 409).await;
    assert_eq!(late["code"], "outside_check_in_window");
    assert!(late["error"].as_str().unwrap().starts_with("Check-in for SCULC 2026 closed on "), "{late}");
    // A volunteer cannot override it.
    let overridden = json!({"token": alan, "override_window": true});
    let refused = json_of(scan_as(&app, &desk, &overridden).await, 403).await;
    assert_eq!(refused["error"], "Only an admin can check someone in outside the check-in window.");
    assert_eq!(checked_in(&app).await, 1, "only Ada, in the window");

    // An admin can: logged, and shown at the desk and in the search.
    let desk_view = json_of(app.get(&format!("/api/check-in/{SLUG}")).await, 200).await;
    assert_eq!(desk_view["may_override"], true);
    let done = json_of(scan_as(&app, &app.client, &overridden).await, 200).await;
    assert_eq!(done["outcome"], "checked_in");
    assert_eq!(done["person"]["outside_window"], true);
    assert!(done["message"].as_str().unwrap().contains("outside the check-in window"), "{done}");
    let log = audit(&app).await;
    assert_eq!(
        log.matches("Checked in Alan Turing at SCULC 2026 outside the check-in window (admin override)")
            .count(),
        1,
        "{log}"
    );
    assert_eq!(log.matches("Checked in Ada Lovelace at SCULC 2026").count(), 1, "{log}");
    let found = people(&app, &desk, "tur").await;
    assert_eq!(found[0]["outside_window"], true, "{found:#?}");
    assert_eq!(people(&app, &desk, "lov").await[0]["outside_window"], false);
}

async fn checked_in(app: &TestApp) -> i64 {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM registrations WHERE checked_in_at IS NOT NULL")
            .fetch_one(pool)
            .await
            .unwrap()
    })
}

#[tokio::test]
async fn no_one_checks_themselves_in_admins_included() {
    let app = app_with_event_in(Duration::hours(2)).await;
    let grace = person(&app, "grace@example.edu", "Grace", "Hopper", Some("check_in")).await;
    register_at(&app, &grace, SLUG, answers("in_person", true, "", "")).await;
    let alan = person(&app, "alan@example.edu", "Alan", "Turing", Some("check_in")).await;
    let grace_ticket = crate::check_in::ticket_of(&app, &grace, SLUG).await;

    let own = json_of(scan(&app, &grace, &grace_ticket, None).await, 403).await;
    assert_eq!(own["code"], "own_check_in");
    assert_eq!(own["error"], "You cannot check yourself in. Please ask another volunteer to do it.");
    // Not by name either, nor by an admin's override.
    let id = people(&app, &grace, "hopper").await[0]["registration_id"].as_str().unwrap().to_owned();
    let by_name = app.url(&format!("/api/check-in/{SLUG}/registrations/{id}"));
    let refused = grace.post(&by_name).json(&json!({"override_window": true})).send().await.unwrap();
    assert_eq!(refused.status(), 403);

    // The admin registered too: not even an admin checks themselves in.
    register_at(&app, &app.client, SLUG, answers("virtual", false, "", "")).await;
    let admin_id = people(&app, &alan, "sapir").await;
    let admin_id = admin_id[0]["registration_id"].as_str().unwrap().to_owned();
    let path = format!("/api/check-in/{SLUG}/registrations/{admin_id}");
    let own = app.client.post(app.url(&path)).json(&json!({"override_window": true})).send().await.unwrap();
    assert_eq!(json_of(own, 403).await["code"], "own_check_in");
    assert_eq!(checked_in(&app).await, 0);

    // Another volunteer checks each of them in.
    assert_eq!(json_of(scan(&app, &alan, &grace_ticket, None).await, 200).await["outcome"], "checked_in");
    let by_alan = alan.post(app.url(&path)).json(&json!({})).send().await.unwrap();
    assert_eq!(json_of(by_alan, 200).await["outcome"], "checked_in");
    assert_eq!(checked_in(&app).await, 2);
}

#[tokio::test]
async fn an_offline_scan_made_before_the_window_is_refused_by_its_own_time() {
    // The window opened ten hours ago.
    let app = app_with_event_in(Duration::hours(2)).await;
    let desk = person(&app, "door@example.edu", "Grace", "Hopper", Some("check_in")).await;
    let (_, ada) = attendee(&app, "ada@example.edu", "Ada", "Lovelace").await;
    let (_, alan) = attendee(&app, "alan@example.edu", "Alan", "Turing").await;
    let now = now(&app).await;

    // Within the day an offline scan's time is believed, but before the window.
    let early = json_of(scan(&app, &desk, &ada, Some(now - Duration::hours(11))).await, 409).await;
    assert_eq!(early["code"], "outside_check_in_window");
    assert!(early["error"].as_str().unwrap().starts_with("This check-in was made on "), "{early}");
    let kept = json_of(scan(&app, &desk, &alan, Some(now - Duration::hours(9))).await, 200).await;
    assert_eq!(kept["outcome"], "checked_in");
    assert_eq!(checked_in(&app).await, 1);
}

#[tokio::test]
async fn the_search_needs_two_characters_and_never_lists_needs() {
    let app = app_with_event_in(Duration::hours(2)).await;
    let desk = person(&app, "door@example.edu", "Grace", "Hopper", Some("check_in")).await;
    for (n, (first, last)) in [("Ada", "Lovelace"), ("Alan", "Turing"), ("Kat", "Johnson")].iter().enumerate()
    {
        let client = person(&app, &format!("p{n}@example.edu"), first, last, None).await;
        register_at(&app, &client, SLUG, answers("in_person", true, "Nut allergy", "Wheelchair user")).await;
    }
    for short in ["", "a", " a ", "%20"] {
        let url = format!("/api/check-in/{SLUG}/people?q={short}");
        let refused = json_of(desk.get(app.url(&url)).send().await.unwrap(), 422).await;
        assert_eq!(
            refused["error"], "Type at least two characters of a name or an e-mail address.",
            "{short:?}"
        );
    }
    let found = people(&app, &desk, "an").await;
    assert_eq!(found.len(), 1, "{found:#?}");
    let text = serde_json::to_string(&found).unwrap();
    for need in ["dietary", "access", "Nut allergy", "Wheelchair"] {
        assert!(!text.contains(need), "{need} listed: {text}");
    }
    assert_eq!(found[0]["lunch"], true);
    // The one person checked in shows them, for the door.
    let id = found[0]["registration_id"].as_str().unwrap();
    let done = desk.post(app.url(&format!("/api/check-in/{SLUG}/registrations/{id}"))).json(&json!({}));
    let done: Value = json_of(done.send().await.unwrap(), 200).await;
    assert_eq!(
        (&done["person"]["dietary"], &done["person"]["access"]),
        (&json!("Nut allergy"), &json!("Wheelchair user"))
    );
}
