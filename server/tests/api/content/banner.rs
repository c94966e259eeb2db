//! The banner follows the current edition's settings on the app's clock:
//! the call (with its deadline), the countdown, the day, "just concluded"
//! for four weeks, then the next edition or nothing. Each boundary is tried
//! a minute either side (the real time keeps running under the moved clock).

use serde_json::{Value, json};
use time::macros::datetime;
use time::{Duration, OffsetDateTime};

use crate::helpers::{TestApp, spawn_app};

/// The site's banner with the app's clock moved to `at`.
async fn banner_at(app: &TestApp, at: OffsetDateTime) -> Value {
    let now = app.state.clock.clone().scope(async { colloquy::clock::now() }).await;
    app.state.clock.advance(at - now);
    let response = app.get("/api/content/site").await;
    assert_eq!(response.status().as_u16(), 200);
    response.json::<Value>().await.unwrap()["banner"].clone()
}

fn sculc_2025(state: &str, at: Option<&str>) -> Value {
    json!({"year": 2025, "title": "SCULC 2025", "path": "/sculc-2025", "state": state, "at": at})
}

const MINUTE: Duration = Duration::minutes(1);

#[tokio::test]
async fn sculc_2025_goes_from_its_call_to_the_countdown_the_day_the_thanks_and_silence() {
    let app = spawn_app().await;
    let closes = datetime!(2025-03-22 06:59 UTC);
    // The spec's countdown target, 17 May 2025 09:30 "PST"; the day ends at 5:30 PM PDT.
    let target = datetime!(2025-05-17 17:30 UTC);
    let ends = datetime!(2025-05-18 00:30 UTC);
    let steps = [
        (closes - MINUTE, sculc_2025("call_open", Some("2025-03-22T06:59:00Z"))),
        (closes + MINUTE, sculc_2025("countdown", Some("2025-05-17T17:30:00Z"))),
        (target - MINUTE, sculc_2025("countdown", Some("2025-05-17T17:30:00Z"))),
        (target + MINUTE, sculc_2025("on_the_day", Some("2025-05-18T00:30:00Z"))),
        (ends - MINUTE, sculc_2025("on_the_day", Some("2025-05-18T00:30:00Z"))),
        (ends + MINUTE, sculc_2025("concluded", None)),
        (ends + Duration::weeks(4) - MINUTE, sculc_2025("concluded", None)),
        (ends + Duration::weeks(4) + MINUTE, Value::Null),
    ];
    for (at, expected) in steps {
        assert_eq!(banner_at(&app, at).await, expected, "at {at}");
    }
}

#[tokio::test]
async fn an_open_call_is_announced_with_its_deadline_even_after_the_day() {
    let app = spawn_app().await;
    // The command: `colloquy edition call 2025 --from 2025-01-01T00:00:00Z --until 2099-01-01T00:00:00Z`.
    let until = datetime!(2099-01-01 00:00 UTC);
    app.state.db.set_call_window(2025, Some(datetime!(2025-01-01 00:00 UTC)), Some(until)).await.unwrap();

    let after_the_day = datetime!(2025-05-20 00:00 UTC);
    assert_eq!(banner_at(&app, after_the_day).await, sculc_2025("call_open", Some("2099-01-01T00:00:00Z")));
    assert_eq!(banner_at(&app, until + MINUTE).await, Value::Null);
}

#[tokio::test]
async fn the_next_edition_follows_the_thanks_with_its_call() {
    let app = spawn_app().await;
    let opens = datetime!(2025-09-01 07:00 UTC);
    let closes = datetime!(2026-03-21 06:59 UTC);
    app.state.db.set_call_window(2026, Some(opens), Some(closes)).await.unwrap();
    let sculc_2026 = |state: &str, at: &str| json!({"year": 2026, "title": "SCULC 2026", "path": "/sculc-2026", "state": state, "at": at});
    let thanks_end = datetime!(2025-05-18 00:30 UTC) + Duration::weeks(4);

    // 2026's call to come waits until 2025's thanks are over.
    assert_eq!(banner_at(&app, thanks_end - MINUTE).await, sculc_2025("concluded", None));
    assert_eq!(banner_at(&app, thanks_end + MINUTE).await, sculc_2026("call_opens", "2025-09-01T07:00:00Z"));
    assert_eq!(banner_at(&app, opens - MINUTE).await, sculc_2026("call_opens", "2025-09-01T07:00:00Z"));
    assert_eq!(banner_at(&app, opens + MINUTE).await, sculc_2026("call_open", "2026-03-21T06:59:00Z"));
    assert_eq!(banner_at(&app, closes - MINUTE).await, sculc_2026("call_open", "2026-03-21T06:59:00Z"));
    // Closed, and no day known until 2026's content names one: nothing.
    assert_eq!(banner_at(&app, closes + MINUTE).await, Value::Null);
}
