//! The S3-compatible server the S3 tests run against (`scripts/with-s3.sh`:
//! moto; `scripts/with-s3s-fs.sh`: s3s-fs), seen from the outside: signed
//! requests straight to it, and a proxy in front of it that refuses a part
//! of every multipart upload on demand.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, Request, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use object_store::aws::{AwsAuthorizer, AwsCredential};
use object_store::client::HttpRequestBody;
use tokio::sync::{Notify, watch};

use super::held::body_halted_halfway;

/// The server `TEST_S3_BUCKET` and the `AWS_*` variables name.
pub struct S3 {
    pub endpoint: String,
    pub bucket: String,
    credential: AwsCredential,
    region: String,
}

impl S3 {
    /// The server, or `None` (and a note) when the tests run without one.
    pub fn from_env() -> Option<Self> {
        let Ok(bucket) = std::env::var("TEST_S3_BUCKET") else {
            eprintln!(
                "skipped: TEST_S3_BUCKET is not set (run through scripts/with-s3.sh, as `make test` does)"
            );
            return None;
        };
        let var =
            |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("{name} is set with TEST_S3_BUCKET"));
        Some(Self {
            endpoint: var("AWS_ENDPOINT_URL").trim_end_matches('/').to_owned(),
            bucket,
            credential: AwsCredential {
                key_id: var("AWS_ACCESS_KEY_ID"),
                secret_key: var("AWS_SECRET_ACCESS_KEY"),
                token: None,
            },
            region: var("AWS_REGION"),
        })
    }

    /// A request signed as the server's clients sign them; `path_and_query`
    /// starts after the bucket.
    async fn send(&self, method: Method, path_and_query: &str) -> (StatusCode, String) {
        let url = format!("{}/{}{path_and_query}", self.endpoint, self.bucket);
        let mut request =
            Request::builder().method(method.clone()).uri(&url).body(HttpRequestBody::empty()).unwrap();
        AwsAuthorizer::new(&self.credential, "s3", &self.region).try_authorize(&mut request, None).unwrap();
        let response = reqwest::Client::new()
            .request(method, &url)
            .headers(request.headers().clone())
            .send()
            .await
            .expect("the S3 server answers");
        let status = response.status();
        (status, response.text().await.unwrap())
    }

    /// The keys of the objects under `prefix`.
    pub async fn objects(&self, prefix: &str) -> Vec<String> {
        let (status, body) = self.send(Method::GET, &format!("?list-type=2&prefix={prefix}")).await;
        assert_eq!(status, 200, "ListObjectsV2: {body}");
        xml_values(&body, "Key")
    }

    /// The keys of the multipart uploads begun and neither completed nor
    /// aborted under `prefix`; `None` where the server cannot list them
    /// (s3s-fs answers 501 Not Implemented).
    pub async fn uploads_in_progress(&self, prefix: &str) -> Option<Vec<String>> {
        let (status, body) = self.send(Method::GET, &format!("?uploads&prefix={prefix}")).await;
        if status == StatusCode::NOT_IMPLEMENTED {
            return None;
        }
        assert_eq!(status, 200, "ListMultipartUploads: {body}");
        // Other tests share the bucket: only this prefix counts.
        Some(xml_values(&body, "Key").into_iter().filter(|key| key.starts_with(prefix)).collect())
    }

    /// How many parts the server keeps of multipart upload `upload_id`: none
    /// once it is aborted (moto then says NoSuchUpload, s3s-fs lists none).
    pub async fn parts_kept(&self, key: &str, upload_id: &str) -> usize {
        let (status, body) = self.send(Method::GET, &format!("/{key}?uploadId={upload_id}")).await;
        match status {
            StatusCode::NOT_FOUND if body.contains("NoSuchUpload") => 0,
            StatusCode::OK => xml_values(&body, "PartNumber").len(),
            other => panic!("ListParts answered {other}: {body}"),
        }
    }
}

/// The text of every `<tag>` element, in order.
fn xml_values(xml: &str, tag: &str) -> Vec<String> {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    xml.split(&open)
        .skip(1)
        .filter_map(|rest| rest.split_once(&close).map(|(value, _)| value.to_owned()))
        .collect()
}

/// A proxy in front of the S3 server that passes every request on, but can
/// refuse one part of each multipart upload as a server can (a 400, which
/// clients do not retry) or hold it back until told, and notes the
/// multipart uploads begun through it.
pub struct FaultyS3 {
    pub endpoint: String,
    state: Arc<Proxy>,
}

struct Proxy {
    upstream: String,
    client: reqwest::Client,
    /// The part number refused; 0 refuses none.
    refused_part: AtomicU32,
    /// The part number held back until `released`; 0 holds none.
    held_part: AtomicU32,
    held: Notify,
    released: watch::Sender<bool>,
    /// The part number whose second half is held back until the next abort
    /// of a multipart upload has been answered (or `DELAY_AT_MOST` passed);
    /// 0 holds none.
    delayed_part: AtomicU32,
    /// Multipart uploads aborted so far.
    aborts: watch::Sender<usize>,
    /// Parts refused so far while a part is delayed, and delayed parts
    /// begun at the server: the nth refusal waits for the nth late part.
    refusals: AtomicUsize,
    late_parts_begun: watch::Sender<usize>,
    /// (key, upload id) of every multipart upload begun.
    begun: Mutex<Vec<(String, String)>>,
}

impl FaultyS3 {
    pub async fn start(s3: &S3) -> Self {
        let state = Arc::new(Proxy {
            upstream: s3.endpoint.clone(),
            client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap(),
            refused_part: AtomicU32::new(0),
            held_part: AtomicU32::new(0),
            held: Notify::new(),
            released: watch::Sender::new(false),
            delayed_part: AtomicU32::new(0),
            aborts: watch::Sender::new(0),
            refusals: AtomicUsize::new(0),
            late_parts_begun: watch::Sender::new(0),
            begun: Mutex::new(Vec::new()),
        });
        let router = axum::Router::new()
            .fallback(forward)
            .layer(axum::extract::DefaultBodyLimit::disable())
            .with_state(Arc::clone(&state));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await });
        Self { endpoint, state }
    }

    /// From now on, refuse part `number` of every multipart upload (0: none).
    pub fn refuse_part(&self, number: u32) {
        self.state.refused_part.store(number, Ordering::SeqCst);
    }

    /// From now on, hold part `number` of every multipart upload back until
    /// `release` (0: none).
    pub fn hold_part(&self, number: u32) {
        self.state.held_part.store(number, Ordering::SeqCst);
    }

    /// From now on, send the first half of part `number` of every multipart
    /// upload at once and the rest once an upload has been aborted, or after
    /// `DELAY_AT_MOST` (0: none): the part then ends after the abort, as a
    /// part sent a moment before it can on S3. A refused part waits until
    /// its upload's late part is under way.
    pub fn delay_part_until_abort(&self, number: u32) {
        self.state.delayed_part.store(number, Ordering::SeqCst);
    }

    /// Waits until a part is held back.
    pub async fn part_held(&self) {
        self.state.held.notified().await;
    }

    /// Lets the held parts go on to the server.
    pub fn release(&self) {
        self.state.released.send_replace(true);
    }

    /// (key, upload id) of the multipart uploads begun through the proxy.
    pub fn begun(&self) -> Vec<(String, String)> {
        self.state.begun.lock().unwrap().clone()
    }
}

/// How long `delay_part_until_abort` holds a part when no abort comes.
const DELAY_AT_MOST: std::time::Duration = std::time::Duration::from_secs(2);

async fn forward(
    State(proxy): State<Arc<Proxy>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    // S3 goes on with a request it has received when its client goes away;
    // so does the proxy.
    tokio::spawn(pass_on(proxy, method, uri, headers, body)).await.expect("the proxy passes requests on")
}

async fn pass_on(proxy: Arc<Proxy>, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let query = uri.query().unwrap_or_default();
    let part =
        query.split('&').find_map(|pair| pair.strip_prefix("partNumber=")).and_then(|n| n.parse().ok());
    let refused = proxy.refused_part.load(Ordering::SeqCst);
    if method == Method::PUT && refused != 0 && part == Some(refused) {
        if proxy.delayed_part.load(Ordering::SeqCst) != 0 {
            // The refusal waits until this upload's late part is under way
            // at the server, so that it is surely on its way when the
            // upload fails.
            let upload = proxy.refusals.fetch_add(1, Ordering::SeqCst) + 1;
            let mut begun = proxy.late_parts_begun.subscribe();
            let _ = tokio::time::timeout(DELAY_AT_MOST, begun.wait_for(|count| *count >= upload)).await;
        }
        let error = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>BadDigest</Code>\
                     <Message>The Content-MD5 you specified did not match what we received.</Message></Error>";
        return (StatusCode::BAD_REQUEST, [(header::CONTENT_TYPE, "application/xml")], error).into_response();
    }
    let held = proxy.held_part.load(Ordering::SeqCst);
    if method == Method::PUT && held != 0 && part == Some(held) {
        proxy.held.notify_one();
        let _ = proxy.released.subscribe().wait_for(|released| *released).await;
    }

    let mut forwarded = headers.clone();
    // The Host header stays: it is part of the signature.
    for hop in [header::CONNECTION, header::CONTENT_LENGTH, header::TRANSFER_ENCODING] {
        forwarded.remove(hop);
    }
    let delayed = proxy.delayed_part.load(Ordering::SeqCst);
    let body = if method == Method::PUT && delayed != 0 && part == Some(delayed) {
        // The server starts on the part at once (it checks the upload is
        // still there); its last bytes follow the abort.
        forwarded.insert(header::CONTENT_LENGTH, body.len().into());
        let mut aborts = proxy.aborts.subscribe();
        let proxy = Arc::clone(&proxy);
        body_halted_halfway(body, async move {
            // The first half is with the server, which has begun the part
            // (a moment for it to read the request's head).
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            proxy.late_parts_begun.send_modify(|count| *count += 1);
            let _ = tokio::time::timeout(DELAY_AT_MOST, aborts.changed()).await;
        })
    } else {
        reqwest::Body::from(body)
    };
    let url = format!("{}{}", proxy.upstream, uri.path_and_query().map(|p| p.as_str()).unwrap_or("/"));
    let answer = proxy
        .client
        .request(method.clone(), url)
        .headers(forwarded)
        .body(body)
        .send()
        .await
        .expect("the S3 server answers the proxy");
    let status = answer.status();
    let mut answer_headers = answer.headers().clone();
    for hop in [header::CONNECTION, header::CONTENT_LENGTH, header::TRANSFER_ENCODING] {
        answer_headers.remove(hop);
    }
    let answer_body = answer.bytes().await.unwrap();
    let aborts_upload =
        method == Method::DELETE && query.split('&').any(|pair| pair.starts_with("uploadId="));
    if aborts_upload && status.is_success() {
        proxy.aborts.send_modify(|count| *count += 1);
    }
    let begins_upload =
        method == Method::POST && query.split('&').any(|pair| pair == "uploads" || pair == "uploads=");
    if begins_upload && status.is_success() {
        let text = String::from_utf8_lossy(&answer_body);
        if let (Some(key), Some(id)) = (xml_values(&text, "Key").pop(), xml_values(&text, "UploadId").pop()) {
            proxy.begun.lock().unwrap().push((key, id));
        }
    }
    (status, answer_headers, answer_body).into_response()
}
