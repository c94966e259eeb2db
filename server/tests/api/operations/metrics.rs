//! Prometheus metrics on their own listener (`COLLOQUY_METRICS_LISTEN`), and
//! JSON logs (`COLLOQUY_LOG_FORMAT=json`), from the real binary.

use std::io::Read;
use std::process::Stdio;

use super::{Server, colloquy, serve_with};
use crate::helpers::TestDatabase;

/// `colloquy serve` with `env`, once it has printed its address lines.
fn serve(database: &TestDatabase, env: &[(&str, &str)], lines: usize) -> Server {
    let mut command = colloquy(database);
    command.stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    serve_with(command, lines)
}

async fn scrape(url: &str) -> String {
    let response = reqwest::get(url).await.unwrap();
    assert_eq!(response.status(), 200);
    response.text().await.unwrap()
}

/// The value of the sample whose line starts with `series`.
fn sample(metrics: &str, series: &str) -> Option<f64> {
    metrics
        .lines()
        .find(|line| line.starts_with(series))
        .and_then(|line| line.rsplit(' ').next()?.parse().ok())
}

/// The sum of the samples whose lines start with `prefix`.
fn total(metrics: &str, prefix: &str) -> f64 {
    metrics
        .lines()
        .filter(|line| line.starts_with(prefix))
        .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

#[tokio::test]
async fn metrics_count_requests_by_route_template_on_their_own_listener_only() {
    let database = TestDatabase::new().await;
    let server = serve(&database, &[("COLLOQUY_METRICS_LISTEN", "127.0.0.1:0")], 3);
    let metrics_url = server
        .announced
        .iter()
        .find_map(|line| line.strip_prefix("Prometheus metrics are served at "))
        .unwrap_or_else(|| panic!("no metrics address in {:?}", server.announced))
        .to_owned();

    for year in [2024, 2023, 1999] {
        reqwest::get(format!("{}/api/content/editions/{year}", server.site)).await.unwrap();
    }
    // Many different raw paths at once: each is one request of one bounded
    // series, never a series of its own.
    let client = reqwest::Client::new();
    let requests = (0..40).map(|n| {
        let (client, site) = (client.clone(), server.site.clone());
        async move {
            client.get(format!("{site}/no/such/page-{n}")).send().await.unwrap();
            client.get(format!("{site}/api/nothing-here-{n}")).send().await.unwrap();
        }
    });
    futures_util::future::join_all(requests).await;

    let metrics = scrape(&metrics_url).await;
    let editions = r#"colloquy_http_requests_total{method="GET",route="/api/content/editions/{year}""#;
    assert_eq!(sample(&metrics, &format!(r#"{editions},status="200"}}"#)), Some(2.0), "{metrics}");
    assert_eq!(sample(&metrics, &format!(r#"{editions},status="404"}}"#)), Some(1.0), "{metrics}");
    assert_eq!(
        sample(
            &metrics,
            r#"colloquy_http_request_duration_seconds_count{method="GET",route="/api/content/editions/{year}"}"#
        ),
        Some(3.0),
        "{metrics}"
    );
    assert_eq!(
        total(&metrics, r#"colloquy_http_requests_total{method="GET",route="web app","#),
        40.0,
        "{metrics}"
    );
    assert_eq!(
        sample(&metrics, r#"colloquy_http_requests_total{method="GET",route="/api/{*rest}",status="404"}"#),
        Some(40.0),
        "{metrics}"
    );
    assert!(!metrics.contains("page-") && !metrics.contains("nothing-here"), "no raw path is a label");
    for series in [
        "colloquy_uploads_total",
        "colloquy_emails_sent_total",
        "colloquy_emails_failed_total",
        "colloquy_emails_queued",
        "colloquy_password_queue_depth",
    ] {
        assert!(metrics.lines().any(|line| line.starts_with(series)), "{series} in {metrics}");
    }

    // The public listener has no metrics: /metrics is just a page of the web app.
    let public = reqwest::get(format!("{}/metrics", server.site)).await.unwrap().text().await.unwrap();
    assert!(!public.contains("colloquy_http_requests_total"));
}

#[tokio::test]
async fn without_the_setting_there_is_no_metrics_listener() {
    let database = TestDatabase::new().await;
    let server = serve(&database, &[], 2);
    assert!(server.announced.iter().all(|line| !line.contains("metrics")), "{:?}", server.announced);
}

#[tokio::test]
async fn json_logs_are_one_object_per_line() {
    let database = TestDatabase::new().await;
    let mut server = serve(&database, &[("COLLOQUY_LOG_FORMAT", "json"), ("RUST_LOG", "info")], 2);
    reqwest::get(format!("{}/api/health/live", server.site)).await.unwrap();
    let _ = server.child.kill();
    let _ = server.child.wait();
    let mut logs = String::new();
    server.child.stderr.take().unwrap().read_to_string(&mut logs).unwrap();
    let events: Vec<serde_json::Value> = logs
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line:?}")))
        .collect();
    assert!(events.iter().any(|e| e["fields"]["message"] == "ready" && e["level"] == "INFO"), "{logs}");
}
