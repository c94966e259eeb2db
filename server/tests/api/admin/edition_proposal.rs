//! Editions proposed from today (issue 39 item 4): the guided form offers
//! the first edition whose call is not over, on last year's weekdays;
//! creating or announcing a call that is already over is refused with the
//! reason until the chair confirms; a public page never calls a closed
//! call open.

use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;
use time::{OffsetDateTime, Weekday};

use super::editions::spec_2025;
use super::{admin, json, put_json};
use crate::helpers::{browser, spawn_app};

fn at(value: &Value) -> OffsetDateTime {
    OffsetDateTime::parse(value.as_str().unwrap(), &Rfc3339).unwrap()
}

fn day(value: &Value) -> time::Date {
    time::Date::parse(value.as_str().unwrap(), &time::macros::format_description!("[year]-[month]-[day]"))
        .unwrap()
}

#[tokio::test]
async fn the_form_proposes_the_first_edition_still_ahead_on_last_years_weekdays() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    assert_eq!(browser().get(app.url("/api/admin/editions/proposal")).send().await.unwrap().status(), 401);
    // Signing in opened every call (see `sign_in_as`): put 2025's back.
    assert_eq!(put_json(&app, "/api/admin/editions/2025", spec_2025()).await.status(), 200);
    let now = OffsetDateTime::now_utc();
    let proposal = json(app.get("/api/admin/editions/proposal").await).await;
    let year = proposal["year"].as_i64().unwrap() as i32;
    assert_eq!(proposal["announced_at"], Value::Null);
    // Its call is still ahead, and the year before would have been over.
    assert!(at(&proposal["call_closes_at"]) > now, "{proposal}");
    let a_year_earlier = at(&proposal["call_closes_at"]) - time::Duration::weeks(52);
    assert!(year == 2026 || a_year_earlier <= now, "the first year still ahead: {proposal}");
    // Saturday 17 May 2025 stays a Saturday; 11:59 PM Friday 21 March stays
    // 11:59 PM on a Friday, the same weeks before the day.
    let conference = day(&proposal["conference_on"]);
    assert_eq!((conference.weekday(), conference.year()), (Weekday::Saturday, year));
    let closes = at(&proposal["call_closes_at"]);
    let closes_pacific = closes.to_offset(time::macros::offset!(-7));
    assert_eq!(
        (closes_pacific.weekday(), closes_pacific.hour(), closes_pacific.minute()),
        (Weekday::Friday, 23, 59)
    );
    assert_eq!(conference - closes_pacific.date(), time::Duration::days(57), "8 weeks and a day, as in 2025");
    assert_eq!(
        proposal["confirmation_form_url"],
        format!("https://forms.example.org/sculc-{year}-confirm-attendance")
    );

    // Created with nothing but the year, the edition takes the proposal.
    let created = app.post_json("/api/admin/editions", json!({ "year": year })).await;
    assert_eq!(created.status(), 201);
    assert_eq!(json(created).await, proposal, "the proposal is what creating makes");
}

#[tokio::test]
async fn a_call_already_over_is_refused_with_the_reason_until_the_chair_confirms() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    assert_eq!(put_json(&app, "/api/admin/editions/2025", spec_2025()).await.status(), 200);
    // SCULC 2026 on 2025's weekdays: its call closed on Friday 20 March 2026.
    let refused = app.post_json("/api/admin/editions", json!({ "year": 2026 })).await;
    assert_eq!(refused.status(), 409);
    let error = json(refused).await;
    assert_eq!(error["code"], "call_over");
    let reason = error["error"].as_str().unwrap();
    assert!(
        reason.contains("closes on March 20, 2026 at 11:59 PM PDT, which has already passed"),
        "{reason}"
    );
    let editions = json(app.get("/api/admin/editions").await).await;
    assert_eq!(editions[0]["year"], 2025, "nothing was created");

    let confirmed =
        app.post_json("/api/admin/editions", json!({ "year": 2026, "call_over_confirmed": true })).await;
    assert_eq!(confirmed.status(), 201);
    assert_eq!(json(confirmed).await["conference_on"], "2026-05-16", "a Saturday, as 17 May 2025");

    // Announcing asks the same question.
    let refused = app.post_json("/api/admin/editions/2026/announce", json!({})).await;
    assert_eq!(refused.status(), 409);
    assert_eq!(json(refused).await["code"], "call_over");
    let page = browser().get(app.url("/api/content/editions/2026")).send().await.unwrap();
    assert_eq!(page.status(), 404, "not announced");
    let announced =
        app.post_json("/api/admin/editions/2026/announce?call_over_confirmed=true", json!({})).await;
    assert_eq!(announced.status(), 200);

    // The public page says the call closed, and offers no way to submit.
    let page = json(browser().get(app.url("/api/content/editions/2026")).send().await.unwrap()).await;
    let text = page.to_string();
    assert!(
        text.contains("The call for abstracts for SCULC 2026 closed on March 20, 2026 at 11:59 PM PDT."),
        "{text}"
    );
    assert!(!text.contains("is open"), "{text}");
    assert!(!text.contains("Submit an Abstract"), "{text}");
}

#[tokio::test]
async fn a_call_still_ahead_is_created_and_announced_without_a_question() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    assert_eq!(put_json(&app, "/api/admin/editions/2025", spec_2025()).await.status(), 200);
    let proposal = json(app.get("/api/admin/editions/proposal").await).await;
    let year = proposal["year"].as_i64().unwrap();
    assert_eq!(app.post_json("/api/admin/editions", proposal.clone()).await.status(), 201);
    let announced = app.post_json(&format!("/api/admin/editions/{year}/announce"), json!({})).await;
    assert_eq!(announced.status(), 200);
    let page =
        json(browser().get(app.url(&format!("/api/content/editions/{year}"))).send().await.unwrap()).await;
    let text = page.to_string();
    // Opening in the future or open now: never "closed", and the button
    // only while abstracts are accepted.
    assert!(!text.contains("closed on"), "{text}");
    let open = at(&proposal["call_opens_at"]) <= OffsetDateTime::now_utc();
    assert_eq!(text.contains("Submit an Abstract"), open, "{text}");
}
