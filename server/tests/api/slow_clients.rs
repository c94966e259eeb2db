//! Slow and idle clients against the real server on real sockets: half-sent
//! headers, trickled uploads, responses nobody reads, more connections than
//! the cap, and a graceful stop.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::routing::get;
use colloquy::AppState;
use colloquy::connections::Accepted;
use futures_util::future::join_all;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::accounts::{PASSWORD, login, verified_account};
use crate::helpers::{TestApp, TestDatabase, spawn_app_with};
use crate::submissions::{make_pdf, stored_files, submission_count};

/// How long a test waits for something that must happen after a timeout of
/// a second or two: generous, so a busy machine does not fail it.
const PATIENCE: Duration = Duration::from_secs(20);

fn socket_address(app: &TestApp) -> String {
    app.address.strip_prefix("http://").unwrap().to_owned()
}

/// Reads until the server closes the connection; what it sent, or None if it
/// did not close within `PATIENCE`.
async fn read_until_closed(stream: &mut TcpStream) -> Option<Vec<u8>> {
    let mut received = Vec::new();
    let reading = async {
        let mut buffer = [0u8; 8192];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    };
    tokio::time::timeout(PATIENCE, reading).await.ok()?;
    Some(received)
}

#[tokio::test]
async fn half_sent_headers_are_closed_after_the_header_timeout_and_others_are_served() {
    let app = spawn_app_with(Router::new(), |config| config.header_timeout_secs = 1).await;
    let address = socket_address(&app);
    let mut sockets = Vec::new();
    for _ in 0..100 {
        let mut socket = TcpStream::connect(&address).await.unwrap();
        socket.write_all(b"GET /api/health HTTP/1.1\r\nHost: colloquy\r\nX-Slow: ").await.unwrap();
        sockets.push(socket);
    }
    // While they hang, everyone else is served.
    assert_eq!(app.get("/api/health").await.status(), 200);

    let closed = join_all(sockets.iter_mut().map(read_until_closed)).await;
    let still_open = closed.iter().filter(|outcome| outcome.is_none()).count();
    assert_eq!(still_open, 0, "{still_open} of 100 half-sent requests still had their connection");
    for answer in closed.into_iter().flatten() {
        let answer = String::from_utf8_lossy(&answer);
        assert!(!answer.starts_with("HTTP/1.1 200"), "a half-sent request was answered: {answer}");
    }
    // A new visitor on a new connection: the test client's kept-alive one
    // has idled past the same timeout and may be closing at this moment.
    let answer = reqwest::get(app.url("/api/health")).await.expect("the request is answered");
    assert_eq!(answer.status(), 200);
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed_after_the_header_timeout() {
    let app = spawn_app_with(Router::new(), |config| config.header_timeout_secs = 1).await;
    let mut socket = TcpStream::connect(socket_address(&app)).await.unwrap();
    socket.write_all(b"GET /api/health HTTP/1.1\r\nHost: colloquy\r\n\r\n").await.unwrap();
    let answer = read_until_closed(&mut socket).await.expect("the idle connection is closed");
    assert!(String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"), "the request itself was answered");
}

/// A signed-in applicant's session cookie (`name=value`), with the call open.
async fn applicant_cookie(app: &TestApp, email: &str) -> String {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET call_opens_at = NULL, call_closes_at = NULL")
            .execute(pool)
            .await
            .unwrap();
    });
    verified_account(app, email).await;
    let response = login(app, email, PASSWORD).await;
    assert_eq!(response.status(), 200);
    let cookie = response.headers()["set-cookie"].to_str().unwrap();
    cookie.split(';').next().unwrap().to_owned()
}

/// An upload whose body comes in slowly: the headers and the start of a PDF
/// at once, then one byte every `every` until the server answers. Returns
/// the server's answer.
async fn trickled_upload(app: &TestApp, cookie: &str, every: Duration) -> String {
    let pdf = make_pdf(&["a slow abstract"], None);
    let boundary = "colloquy-slow-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nA slow abstract\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"slow.pdf\"\r\n\
         Content-Type: application/pdf\r\n\r\n"
    )
    .into_bytes();
    let at_once = body.len() + 100;
    body.extend_from_slice(&pdf);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let head = format!(
        "POST /api/submissions HTTP/1.1\r\nHost: {}\r\nCookie: {cookie}\r\nX-Requested-With: colloquy\r\n\
         Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\n\r\n",
        socket_address(app),
        body.len()
    );
    let socket = TcpStream::connect(socket_address(app)).await.unwrap();
    let (mut reader, mut writer) = socket.into_split();
    writer.write_all(head.as_bytes()).await.unwrap();
    writer.write_all(&body[..at_once]).await.unwrap();
    let trickle = tokio::spawn(async move {
        for byte in &body[at_once..body.len() - 1] {
            tokio::time::sleep(every).await;
            if writer.write_all(&[*byte]).await.is_err() {
                break;
            }
        }
    });
    let mut answer = Vec::new();
    let read = tokio::time::timeout(PATIENCE, reader.read_to_end(&mut answer)).await;
    trickle.abort();
    assert!(read.is_ok(), "the trickled upload still had its connection after {PATIENCE:?}");
    String::from_utf8_lossy(&answer).into_owned()
}

fn temp_files(app: &TestApp) -> usize {
    std::fs::read_dir(app.state.config.data_dir.join("tmp")).map(|dir| dir.count()).unwrap_or(0)
}

#[tokio::test]
async fn trickled_uploads_are_cut_with_408_and_leave_no_temp_file_and_nothing_stored() {
    let app = spawn_app_with(Router::new(), |config| config.idle_timeout_secs = 1).await;
    let cookie = applicant_cookie(&app, "ada@example.edu").await;
    // Five at once, one byte every 2 s each: what the review saw hold on.
    let uploads = join_all((0..5).map(|_| trickled_upload(&app, &cookie, Duration::from_secs(2))));
    let saw_temp_file = async {
        loop {
            if temp_files(&app) > 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    let (answers, saw) = tokio::join!(uploads, tokio::time::timeout(PATIENCE, saw_temp_file));
    assert!(saw.is_ok(), "the uploads got as far as their temp files");
    for answer in answers {
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        assert!(answer.contains("\"code\":\"request_timeout\""), "{answer}");
    }
    assert_eq!(temp_files(&app), 0, "every temp file went with its request");
    assert_eq!(submission_count(&app).await, 0);
    assert!(stored_files(&app).is_empty());
}

#[tokio::test]
async fn an_upload_that_keeps_trickling_is_cut_at_the_deadline() {
    let app = spawn_app_with(Router::new(), |config| {
        config.idle_timeout_secs = 10;
        config.body_deadline_secs = 2;
    })
    .await;
    let cookie = applicant_cookie(&app, "ada@example.edu").await;
    // Never idle for long, but never done either.
    let answer = trickled_upload(&app, &cookie, Duration::from_millis(200)).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert_eq!(temp_files(&app), 0);
    assert_eq!(submission_count(&app).await, 0);
    assert!(stored_files(&app).is_empty());
}

#[tokio::test]
async fn a_json_body_that_stalls_is_cut_too() {
    let app = spawn_app_with(Router::new(), |config| config.idle_timeout_secs = 1).await;
    let mut socket = TcpStream::connect(socket_address(&app)).await.unwrap();
    let head = "POST /api/accounts/login HTTP/1.1\r\nHost: colloquy\r\nX-Requested-With: colloquy\r\n\
                Content-Type: application/json\r\nContent-Length: 60\r\n\r\n{\"email\": ";
    socket.write_all(head.as_bytes()).await.unwrap();
    let answer = read_until_closed(&mut socket).await.expect("the stalled request is cut");
    assert!(String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 408"));
}

/// 64 MiB of zeros, far more than the kernel's socket buffers hold.
const LARGE: usize = 64 << 20;

async fn large_response() -> Body {
    let chunk = bytes::Bytes::from(vec![0u8; 1 << 20]);
    let chunks = (0..LARGE >> 20).map(move |_| Ok::<_, std::io::Error>(chunk.clone()));
    Body::from_stream(futures_util::stream::iter(chunks))
}

#[tokio::test]
async fn a_client_that_stops_reading_a_response_loses_its_connection() {
    let routes = Router::<AppState>::new().route("/api/test/large", get(large_response));
    let app = spawn_app_with(routes, |config| config.idle_timeout_secs = 1).await;
    let mut socket = TcpStream::connect(socket_address(&app)).await.unwrap();
    socket.write_all(b"GET /api/test/large HTTP/1.1\r\nHost: colloquy\r\n\r\n").await.unwrap();
    let mut start = [0u8; 1024];
    socket.read_exact(&mut start).await.unwrap();
    // The client stops reading; the server's writes stall.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let rest = read_until_closed(&mut socket).await.expect("the connection ends");
    assert!(
        start.len() + rest.len() < LARGE,
        "the whole response waited for a reader that had stopped ({} bytes)",
        start.len() + rest.len()
    );
}

async fn accepted(axum::Extension(accepted): axum::Extension<Accepted>) -> axum::Json<serde_json::Value> {
    axum::Json(json!({ "nodelay": accepted.nodelay, "peer": accepted.peer.to_string() }))
}

#[tokio::test]
async fn every_accepted_connection_has_tcp_nodelay_set() {
    // Nagle's algorithm held back the body of a small file until the client's
    // delayed ACK, ~40 ms per response on a kept-alive connection.
    let routes = Router::<AppState>::new().route("/api/test/accepted", get(accepted));
    let app = spawn_app_with(routes, |_| {}).await;
    for _ in 0..3 {
        let client = reqwest::Client::new();
        let answer: serde_json::Value =
            client.get(app.url("/api/test/accepted")).send().await.unwrap().json().await.unwrap();
        assert_eq!(answer["nodelay"], true, "{answer}");
        assert!(answer["peer"].as_str().unwrap().starts_with("127.0.0.1:"));
    }
}

#[tokio::test]
async fn connections_over_the_cap_wait_until_one_ends() {
    let app = spawn_app_with(Router::new(), |config| config.max_connections = 4).await;
    // Four kept-alive connections, each answered once, hold every slot.
    let mut holders = Vec::new();
    for _ in 0..4 {
        let mut socket = TcpStream::connect(socket_address(&app)).await.unwrap();
        socket.write_all(b"GET /api/health HTTP/1.1\r\nHost: colloquy\r\n\r\n").await.unwrap();
        let mut answer = [0u8; 12];
        socket.read_exact(&mut answer).await.unwrap();
        assert_eq!(&answer, b"HTTP/1.1 200");
        holders.push(socket);
    }
    let waiting: Vec<_> = (0..8)
        .map(|_| {
            let url = app.url("/api/health");
            tokio::spawn(async move { reqwest::Client::new().get(url).send().await.map(|r| r.status()) })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let answered = waiting.iter().filter(|request| request.is_finished()).count();
    assert_eq!(answered, 0, "requests beyond the cap wait for a free connection");

    drop(holders);
    for request in waiting {
        let status = tokio::time::timeout(PATIENCE, request).await.expect("served once slots are free");
        assert_eq!(status.unwrap().unwrap(), 200);
    }
}

async fn slow() -> &'static str {
    tokio::time::sleep(Duration::from_secs(1)).await;
    "finished"
}

#[tokio::test]
async fn a_graceful_stop_finishes_requests_in_flight_and_closes_idle_connections() {
    let mut database = TestDatabase::new().await;
    database.config.web_dir = Some(database.data_dir.path().join("no-web-app"));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let state = colloquy::prepare(database.config.clone()).await.unwrap();
    let limits = colloquy::Limits::from(state.config.as_ref());
    let router = colloquy::router_with(state, Router::new().route("/api/test/slow", get(slow)));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(colloquy::serve(listener, router, limits, async {
        let _ = stopped.await;
    }));

    let mut idle = TcpStream::connect(address).await.unwrap();
    idle.write_all(b"GET /api/health HTTP/1.1\r\nHost: colloquy\r\n\r\n").await.unwrap();
    let in_flight = tokio::spawn(reqwest::get(format!("http://{address}/api/test/slow")));
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.send(()).unwrap();

    let response = in_flight.await.unwrap().expect("the request in flight is answered");
    assert_eq!(response.status(), 200);
    assert_eq!(response.text().await.unwrap(), "finished");
    let answer = read_until_closed(&mut idle).await.expect("the idle connection is closed");
    assert!(String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"));
    let result = tokio::time::timeout(PATIENCE, server).await.expect("the server stops");
    assert!(result.unwrap().is_ok());
    assert!(TcpStream::connect(address).await.is_err(), "no new connections after the stop");
}
