//! Through a real SMTP server on loopback (aiosmtpd): delivery, the MIME
//! encoding, a server that refuses and recovers, and instances racing.

use std::time::Duration;

use mail_parser::{MessageParser, MimeHeaders};
use serde_json::json;

use super::race::second_instance;
use super::{SmtpSink, outbox_drained, queue_emails};
use crate::accounts::PASSWORD;
use crate::helpers::{TestApp, link_token, readable, spawn_app_with};

async fn app_sending_to(sink: &SmtpSink) -> TestApp {
    let url = sink.url();
    spawn_app_with(Default::default(), move |config| {
        config.smtp_url = Some(url.into());
        config.mail_from = "Société de Linguistique <no-reply@example.edu>".into();
    })
    .await
}

/// Waits until the sink has accepted `count` messages; returns them raw.
async fn received(sink: &SmtpSink, count: usize, within: Duration) -> Vec<Vec<u8>> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let messages = sink.raw_messages();
        if messages.len() >= count {
            return messages;
        }
        assert!(tokio::time::Instant::now() < deadline, "the SMTP server got {} of {count}", messages.len());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn register(app: &TestApp, email: &str) {
    let registered = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": "Zoë", "last_name": "Ñúñez", "email": email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(registered.status(), 202);
}

#[tokio::test]
async fn a_verification_email_goes_through_smtp_as_mime_and_its_link_works() {
    let Some(sink) = SmtpSink::start(0, 0).await else { return };
    let app = app_sending_to(&sink).await;
    register(&app, "zoe@example.edu").await;
    let raw = received(&sink, 1, Duration::from_secs(10)).await.remove(0);
    assert!(raw.is_ascii(), "7-bit clean on the wire");
    let email = MessageParser::default().parse(&raw).expect("a MIME message");
    assert_eq!(email.mime_version().as_text().map(str::trim), Some("1.0"));
    let content_type = email.content_type().expect("a Content-Type");
    assert_eq!((content_type.ctype(), content_type.subtype()), ("text", Some("plain")));
    assert_eq!(content_type.attribute("charset").map(str::to_lowercase).as_deref(), Some("utf-8"));
    let from = email.from().and_then(|from| from.first()).expect("a sender");
    assert_eq!(from.name(), Some("Société de Linguistique"));
    assert_eq!(email.to().and_then(|to| to.first()).and_then(|to| to.address()), Some("zoe@example.edu"));
    assert_eq!(email.subject(), Some("Verify your e-mail address"));
    let text = readable(&raw).unwrap();
    let token = link_token(&text, "/verify-email").expect("a link");
    let verified = app.post_json("/api/accounts/verify-email", json!({"token": token})).await;
    assert_eq!(verified.status(), 200);
    // Nothing went to the file outbox.
    assert!(crate::helpers::outbox_files(&app.state.config.data_dir.join("outbox")).is_empty());
}

async fn refused_then_delivered_once(code: u16) {
    let Some(sink) = SmtpSink::start(2, code).await else { return };
    let app = app_sending_to(&sink).await;
    register(&app, "zoe@example.edu").await;
    // Refused twice (after 2 s, then 4 s of backoff), accepted the third time.
    let messages = received(&sink, 1, Duration::from_secs(30)).await;
    outbox_drained(&app, Duration::from_secs(5)).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(sink.raw_messages().len(), 1, "delivered exactly once");
    assert!(String::from_utf8_lossy(&messages[0]).contains("zoe@example.edu"));
    let counters = app.state.mailer.counters();
    assert_eq!((counters.failed(), counters.sent()), (2, 1));
}

#[tokio::test]
async fn a_mail_server_that_says_try_later_then_recovers_gets_the_email_exactly_once() {
    refused_then_delivered_once(451).await;
}

#[tokio::test]
async fn a_mail_server_that_refuses_then_recovers_gets_the_email_exactly_once() {
    refused_then_delivered_once(550).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_sending_one_outbox_through_smtp_deliver_each_email_exactly_once() {
    const EMAILS: usize = 100;
    let Some(sink) = SmtpSink::start(0, 0).await else { return };
    let app = app_sending_to(&sink).await;
    let other = second_instance(&app).await;
    queue_emails(&app, EMAILS).await;
    app.state.mailer.wake();
    other.mailer.wake();
    let messages = received(&sink, EMAILS, Duration::from_secs(120)).await;
    outbox_drained(&app, Duration::from_secs(10)).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut subjects: Vec<String> = sink
        .raw_messages()
        .iter()
        .map(|raw| MessageParser::default().parse(raw).unwrap().subject().unwrap().to_owned())
        .collect();
    subjects.sort();
    let mut expected: Vec<String> = (0..EMAILS).map(|n| format!("Letter {n}")).collect();
    expected.sort();
    assert_eq!(subjects, expected, "{} messages", messages.len());
    let (here, there) = (app.state.mailer.counters().sent(), other.mailer.counters().sent());
    assert!(here > 0 && there > 0, "both instances took part: {here} and {there}");
}
