//! Several instances on one database share one outbox: each e-mail is
//! delivered by exactly one of them.

use std::time::Duration;

use tokio::net::TcpListener;

use super::{emails_in, outbox_drained, queue_emails, subjects_in};
use crate::helpers::{TestApp, serve_in_background, spawn_app};

const EMAILS: usize = 200;

/// A second instance of `app`'s site: its own process state and sender
/// loop, the same database and data folder.
pub async fn second_instance(app: &TestApp) -> colloquy::AppState {
    let state = colloquy::prepare((*app.state.config).clone()).await.expect("a second instance starts");
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    serve_in_background(listener, state.clone(), axum::Router::new());
    state
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_racing_over_one_outbox_deliver_each_email_exactly_once() {
    let app = spawn_app().await;
    let other = second_instance(&app).await;
    queue_emails(&app, EMAILS).await;
    // Both loops set off at once, as after a burst on a busy site.
    app.state.mailer.wake();
    other.mailer.wake();

    let dir = app.state.config.data_dir.join("outbox");
    emails_in(&dir, EMAILS, Duration::from_secs(60)).await;
    outbox_drained(&app, Duration::from_secs(10)).await;
    // Anything delivered twice would have been written by now.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut expected: Vec<String> = (0..EMAILS).map(|n| format!("Letter {n}")).collect();
    expected.sort();
    assert_eq!(subjects_in(&dir), expected);
    let (here, there) = (app.state.mailer.counters().sent(), other.mailer.counters().sent());
    assert_eq!(here + there, EMAILS as u64);
    assert!(here > 0 && there > 0, "both instances took part: {here} and {there}");
}
