//! Time limits on request bodies: a body that sends nothing for the idle
//! timeout, or is not complete by the deadline, ends its request with 408.
//!
//! A client trickling an upload one byte at a time otherwise kept its
//! connection, its handler and its temp file for as long as it liked. The
//! handler sees a read error and returns (dropping its temp file); this
//! layer then answers 408 and closes the connection, whose remaining bytes
//! are no longer a request.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body::{Body as _, Frame, SizeHint};
use tokio::time::{Instant, Sleep};

use crate::error::ApiError;

#[derive(Debug, Clone, Copy)]
pub struct BodyTimeouts {
    /// Longest wait for the client's next bytes.
    pub idle: Duration,
    /// Longest time for the whole body, from the start of the request.
    pub deadline: Duration,
}

/// Wraps every request body in the limits, and answers 408 when one ran out.
pub async fn limit(State(limits): State<BodyTimeouts>, request: Request, next: Next) -> Response {
    // Most requests (every GET) have no body: nothing to time.
    if http_body::Body::is_end_stream(request.body()) {
        return next.run(request).await;
    }
    let timed_out = Arc::new(AtomicBool::new(false));
    let request =
        request.map(|body| Body::new(Watched::new(body, TimedBody::new(limits, timed_out.clone()))));
    let response = next.run(request).await;
    if !timed_out.load(Ordering::Acquire) {
        return response;
    }
    let mut response = ApiError::coded(
        StatusCode::REQUEST_TIMEOUT,
        "request_timeout",
        "The request took too long to arrive. Please check your connection and try again.",
    )
    .into_response();
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Why a body was cut off (what the handler's read fails with).
#[derive(Debug, thiserror::Error)]
pub enum BodyTimedOut {
    #[error("the client sent nothing for {0:?}")]
    Idle(Duration),
    #[error("the request body was not complete within {0:?}")]
    Deadline(Duration),
}

/// A request body with something watching its frames: the time limits
/// here, whether it was read to its end (`unread_body`).
pub(crate) struct Watched<W> {
    inner: Body,
    watch: W,
}

impl<W: Watch> Watched<W> {
    pub(crate) fn new(inner: Body, watch: W) -> Self {
        Self { inner, watch }
    }
}

/// A body's next frame, as polled.
pub(crate) type Polled = Poll<Option<Result<Frame<Bytes>, axum::Error>>>;

/// What watches a request body.
pub(crate) trait Watch: Send + Unpin + 'static {
    /// Polls `inner` for its next frame (or answers in its place).
    fn poll(&mut self, inner: &mut Body, cx: &mut Context<'_>) -> Polled;

    /// Is told each answer to whether the body has ended.
    fn saw_end(&self, _ended: bool) {}
}

impl<W: Watch> http_body::Body for Watched<W> {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        this.watch.poll(&mut this.inner, cx)
    }

    fn is_end_stream(&self) -> bool {
        let ended = self.inner.is_end_stream();
        self.watch.saw_end(ended);
        ended
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

struct TimedBody {
    limits: BodyTimeouts,
    /// The timers start with the first wait on the client: a body that is
    /// already here needs none.
    timers: Option<Timers>,
    /// Whether the idle timer runs (we are waiting on the client).
    waiting: bool,
    deadline: Instant,
    timed_out: Arc<AtomicBool>,
}

struct Timers {
    idle: Pin<Box<Sleep>>,
    deadline: Pin<Box<Sleep>>,
}

impl TimedBody {
    fn new(limits: BodyTimeouts, timed_out: Arc<AtomicBool>) -> Self {
        let deadline = Instant::now() + limits.deadline;
        Self { limits, timers: None, waiting: false, deadline, timed_out }
    }

    fn fail(&self, reason: BodyTimedOut) -> Polled {
        self.timed_out.store(true, Ordering::Release);
        Poll::Ready(Some(Err(axum::Error::new(reason))))
    }
}

impl Watch for TimedBody {
    fn poll(&mut self, inner: &mut Body, cx: &mut Context<'_>) -> Polled {
        match Pin::new(inner).poll_frame(cx) {
            Poll::Pending => {
                let idle_until = Instant::now() + self.limits.idle;
                let deadline = self.deadline;
                let timers = self.timers.get_or_insert_with(|| Timers {
                    idle: Box::pin(tokio::time::sleep_until(idle_until)),
                    deadline: Box::pin(tokio::time::sleep_until(deadline)),
                });
                // The idle time counts while we wait on the client, not
                // while the handler is busy with what it already has.
                if !self.waiting {
                    self.waiting = true;
                    timers.idle.as_mut().reset(idle_until);
                }
                if timers.deadline.as_mut().poll(cx).is_ready() {
                    return self.fail(BodyTimedOut::Deadline(self.limits.deadline));
                }
                if timers.idle.as_mut().poll(cx).is_ready() {
                    return self.fail(BodyTimedOut::Idle(self.limits.idle));
                }
                Poll::Pending
            }
            ready => {
                self.waiting = false;
                ready
            }
        }
    }
}
