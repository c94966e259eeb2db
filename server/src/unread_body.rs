//! A response to a request whose body was not read to its end says
//! `Connection: close`.
//!
//! When a handler answers before reading its request's body (a 403 to a
//! POST, a 401 or 413 to an upload), hyper reads on only what has already
//! arrived; a body still on its way cannot be told from the next request,
//! so hyper closes the connection. It decides this after it has written
//! the response's headers, which therefore claimed the connection would be
//! kept: a client that sent its next request on it saw that request fail
//! (every time with a body of 100 KB or more). Said in the headers, the
//! close is one the client plans for: its next request opens a new
//! connection. Small bodies that have arrived whole are read to their end
//! by the extractors that need them, so they keep their connection.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, Request, Response, header};
use http_body::Body as _;

use crate::request_body::{Polled, Watch, Watched};

/// Whether a request's body was read to its end, known after its response.
pub struct BodyEnd(Option<Arc<AtomicBool>>);

/// Wraps `request`'s body so that its end is noticed. A request without a
/// body (every GET) is left as it is.
pub fn track<B>(request: Request<B>) -> (Request<Body>, BodyEnd)
where
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    if request.body().is_end_stream() {
        return (request.map(Body::new), BodyEnd(None));
    }
    let finished = Arc::new(AtomicBool::new(false));
    let request = request
        .map(|inner| Body::new(Watched::new(Body::new(inner), Tracked { finished: finished.clone() })));
    (request, BodyEnd(Some(finished)))
}

impl BodyEnd {
    /// Marks `response` to close its connection unless the body was read.
    pub fn close_unless_read<B>(&self, response: &mut Response<B>) {
        if self.0.as_ref().is_some_and(|finished| !finished.load(Ordering::Acquire)) {
            response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
    }
}

struct Tracked {
    finished: Arc<AtomicBool>,
}

impl Watch for Tracked {
    fn poll(&mut self, inner: &mut Body, cx: &mut Context<'_>) -> Polled {
        let poll = Pin::new(&mut *inner).poll_frame(cx);
        match &poll {
            Poll::Ready(None) => self.finished.store(true, Ordering::Release),
            // A reader may stop at the last frame without asking for more.
            Poll::Ready(Some(Ok(_))) => self.saw_end(inner.is_end_stream()),
            _ => {}
        }
        poll
    }

    fn saw_end(&self, ended: bool) {
        if ended {
            self.finished.store(true, Ordering::Release);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn response() -> Response<()> {
        Response::new(())
    }

    fn closes(end: &BodyEnd) -> bool {
        let mut response = response();
        end.close_unless_read(&mut response);
        response.headers().get(header::CONNECTION).is_some_and(|v| v == "close")
    }

    #[tokio::test]
    async fn an_unread_body_closes_and_a_read_one_keeps_the_connection() {
        let (_unread, end) = track(Request::new(Body::from("x".repeat(1000))));
        assert!(closes(&end));

        let (read, end) = track(Request::new(Body::from("x".repeat(1000))));
        axum::body::to_bytes(read.into_body(), usize::MAX).await.unwrap();
        assert!(!closes(&end));

        let (_none, end) = track(Request::new(Body::empty()));
        assert!(!closes(&end));
    }
}
