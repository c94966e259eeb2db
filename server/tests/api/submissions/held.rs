//! Uploads caught in the middle: the body stops halfway until the test lets
//! it go on, so the server has the upload's temp file open meanwhile.

use std::path::Path;
use std::time::Duration;

use axum::body::Bytes;
use futures_util::StreamExt;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub struct HeldUpload {
    release: Option<oneshot::Sender<()>>,
    answer: JoinHandle<reqwest::Result<reqwest::Response>>,
}

/// Starts uploading `pdf` to `url` (`…/api/submissions`) and stops halfway.
pub fn upload_held_halfway(client: &reqwest::Client, url: String, pdf: &[u8]) -> HeldUpload {
    let (release, released) = oneshot::channel::<()>();
    let body = body_halted_halfway(Bytes::copy_from_slice(pdf), async move {
        if released.await.is_err() {
            // Never released: the body never ends.
            std::future::pending::<()>().await;
        }
    });
    let part = reqwest::multipart::Part::stream_with_length(body, pdf.len() as u64)
        .file_name("held.pdf")
        .mime_str("application/pdf")
        .unwrap();
    let form = reqwest::multipart::Form::new().text("title", "Held").part("file", part);
    let request = client.post(url).multipart(form);
    HeldUpload { release: Some(release), answer: tokio::spawn(request.send()) }
}

/// A request body that sends the first half of `bytes` at once and the
/// rest once `go_on` is done.
pub fn body_halted_halfway(bytes: Bytes, go_on: impl Future<Output = ()> + Send + 'static) -> reqwest::Body {
    let (first, rest) = (bytes.slice(..bytes.len() / 2), bytes.slice(bytes.len() / 2..));
    let rest = async move {
        go_on.await;
        Ok::<_, std::io::Error>(rest)
    };
    reqwest::Body::wrap_stream(
        futures_util::stream::once(std::future::ready(Ok(first))).chain(futures_util::stream::once(rest)),
    )
}

impl HeldUpload {
    /// Sends the rest of the body and returns the server's answer.
    pub async fn finish(mut self) -> reqwest::Response {
        let _ = self.release.take().unwrap().send(());
        self.answer.await.unwrap().expect("the server answers")
    }
}

/// The upload temp files in `dir`.
pub fn temp_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(Result::ok).map(|entry| entry.path()).collect())
        .unwrap_or_default();
    files.retain(|path| path.extension().is_some_and(|extension| extension == "upload"));
    files
}

/// Waits until `dir` holds at least `count` upload temp files.
pub async fn wait_for_temp_files(dir: &Path, count: usize) {
    for _ in 0..1200 {
        if temp_files(dir).len() >= count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("{} has {} temp files, not {count}", dir.display(), temp_files(dir).len());
}
