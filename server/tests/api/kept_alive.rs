//! Refused requests on a kept-alive connection, by a client that speaks
//! HTTP/1.1 by hand: a request the server answers without reading its body
//! must not cost the client the request it sends next.

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{TestApp, spawn_app};

/// One answer: its status line's code, whether it said `Connection: close`.
struct Answer {
    status: u16,
    closes: bool,
}

/// Reads one response (headers, then a body of `Content-Length` bytes).
async fn read_answer(stream: &mut (impl AsyncRead + Unpin)) -> Answer {
    let mut received = Vec::new();
    let mut byte = [0u8; 1];
    while !received.ends_with(b"\r\n\r\n") {
        let n = stream.read(&mut byte).await.expect("the answer can be read");
        let so_far = String::from_utf8_lossy(&received);
        assert_eq!(n, 1, "the connection ended before the answer's headers: {so_far:?}");
        received.push(byte[0]);
    }
    let head = String::from_utf8(received).unwrap().to_ascii_lowercase();
    let status = head[9..12].parse().unwrap();
    let header = |name: &str| {
        head.lines().find_map(|line| line.strip_prefix(name).and_then(|v| v.strip_prefix(':')).map(str::trim))
    };
    let length: usize = header("content-length").expect("a length").parse().unwrap();
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).await.expect("the whole body");
    Answer { status, closes: header("connection") == Some("close") }
}

/// Sends `head` and `body` while reading the answer: a server that does not
/// read the body would otherwise leave the writer stuck. A write the server
/// cut short (it closed after answering) is fine.
async fn refused(stream: TcpStream, head: String, body: Vec<u8>) -> (TcpStream, Answer) {
    let (mut reader, mut writer) = stream.into_split();
    let sending = tokio::spawn(async move {
        let _ = writer.write_all(head.as_bytes()).await;
        let _ = writer.write_all(&body).await;
        writer
    });
    let answer = read_answer(&mut reader).await;
    let writer = sending.await.unwrap();
    (reader.reunite(writer).unwrap(), answer)
}

/// The three refusals, in turn: (request head, body, the status expected).
fn refusal(n: usize, host: &str) -> (String, Vec<u8>, u16) {
    match n % 3 {
        // A POST without the site's header: 403 before the body is read.
        0 => {
            let body = format!("{{\"email\":\"ada@example.edu\",\"password\":\"{}\"}}", "x".repeat(2000))
                .into_bytes();
            let head = format!(
                "POST /api/accounts/login HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len()
            );
            (head, body, 403)
        }
        // An upload of 200 KB by nobody signed in: 401.
        1 => {
            let body = vec![b'%'; 200 << 10];
            let head = format!(
                "POST /api/submissions HTTP/1.1\r\nHost: {host}\r\nX-Requested-With: colloquy\r\n\
                 Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {}\r\n\r\n",
                body.len()
            );
            (head, body, 401)
        }
        // A JSON body past the API's limit: 413.
        _ => {
            let body = format!("{{\"email\":\"{}\"}}", "a".repeat(300 << 10)).into_bytes();
            let head = format!(
                "POST /api/accounts/login HTTP/1.1\r\nHost: {host}\r\nX-Requested-With: colloquy\r\n\
                 Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len()
            );
            (head, body, 413)
        }
    }
}

fn socket_address(app: &TestApp) -> String {
    app.address.strip_prefix("http://").unwrap().to_owned()
}

#[tokio::test]
async fn a_hundred_refused_posts_each_followed_by_a_get_lose_nothing() {
    let app = spawn_app().await;
    let address = socket_address(&app);
    let get = format!("GET /api/health/live HTTP/1.1\r\nHost: {address}\r\n\r\n");
    let mut stream = TcpStream::connect(&address).await.unwrap();
    let (mut answered, mut reconnected) = (0, 0);
    for n in 0..100 {
        let (head, body, expected) = refusal(n, &address);
        let (mut kept, answer) = refused(stream, head, body).await;
        assert_eq!(answer.status, expected, "refusal {n}");
        if answer.closes {
            // Said so: the client opens a new connection for what it sends next.
            reconnected += 1;
            kept = TcpStream::connect(&address).await.unwrap();
        }
        kept.write_all(get.as_bytes()).await.expect("the next request can be sent");
        let next = read_answer(&mut kept).await;
        assert_eq!(next.status, 200, "the GET after refusal {n}");
        answered += 1;
        stream = kept;
        if next.closes {
            stream = TcpStream::connect(&address).await.unwrap();
        }
    }
    assert_eq!(answered, 100);
    // The uploads and the oversized bodies could not be kept; they said so.
    assert!(reconnected >= 66, "only {reconnected} refusals said they closed");
}
