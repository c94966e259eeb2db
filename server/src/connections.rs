//! Accepting and serving connections, with limits that slow or idle clients
//! cannot outlast.
//!
//! - A connection must deliver each request's headers within the header
//!   timeout; between requests a kept-alive connection waits as long.
//! - A response the client stops reading for the idle timeout ends the
//!   connection (request bodies have the same limit, see `request_body`).
//! - At most `max_connections` are served at once. Further connections are
//!   not accepted but wait in the kernel's backlog until one ends: a visitor
//!   who arrives during a burst is served a moment later instead of being
//!   refused, and the timeouts above make sure slots come free.
//! - `TCP_NODELAY` on every connection: hyper writes a response's headers and
//!   body separately, and with Nagle's algorithm the body of a small file
//!   waited for the client's delayed ACK (~40 ms) on a kept-alive connection.
//! - A response to a request whose body was left unread says
//!   `Connection: close` (`unread_body`), since hyper cannot keep it.
//!
//! HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which a reverse proxy
//! in front of this server ends; detecting HTTP/2 first would read the start
//! of each connection with no time limit.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use crate::config::Config;
use crate::unread_body;
use crate::web::front::Site;

/// The connection-level limits, from the configuration.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub header_timeout: Duration,
    pub idle_timeout: Duration,
    pub max_connections: usize,
}

impl From<&Config> for Limits {
    fn from(config: &Config) -> Self {
        Self {
            header_timeout: config.header_timeout(),
            idle_timeout: config.idle_timeout(),
            max_connections: config.max_connections,
        }
    }
}

/// What the server knows about the connection a request came on (every
/// request carries it as an extension, next to `ConnectInfo`).
#[derive(Debug, Clone, Copy)]
pub struct Accepted {
    pub peer: SocketAddr,
    /// `TCP_NODELAY` as the kernel reports it for the accepted socket.
    pub nodelay: bool,
}

/// Serves `router` on `listener` until `shutdown` completes, then stops
/// accepting and lets the connections finish their requests in flight
/// (idle ones close at once).
pub async fn serve(
    listener: TcpListener,
    router: Site,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    let mut shutdown = pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    wait_after_accept_error(error).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let nodelay = stream.set_nodelay(true).and_then(|()| stream.nodelay()).unwrap_or_else(|error| {
            tracing::warn!(%error, "could not set TCP_NODELAY on a connection");
            false
        });
        let accepted = Accepted { peer, nodelay };
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(accepted);
            let (request, body_end) = unread_body::track(request);
            let response = router.clone().oneshot(request);
            async move {
                let mut response = response.await?;
                body_end.close_unless_read(&mut response);
                Ok::<_, Infallible>(response)
            }
        });
        let io = TokioIo::new(StallGuard::new(stream, limits.idle_timeout));
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .serve_connection(io, service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, %peer, "connection ended with an error");
            }
            drop(slot);
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// A client that gave up before it was accepted is nothing to wait for;
/// anything else (out of file descriptors) gets a pause instead of a busy loop.
async fn wait_after_accept_error(error: io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(error.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
        return;
    }
    tracing::error!(%error, "accepting a connection failed; retrying in a second");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

/// A socket whose writes fail once they have made no progress for `limit`:
/// a client that stops reading a response cannot hold its connection.
struct StallGuard {
    stream: TcpStream,
    limit: Duration,
    timer: Pin<Box<Sleep>>,
    /// Whether the timer runs (a write is waiting on the client).
    waiting: bool,
}

impl StallGuard {
    fn new(stream: TcpStream, limit: Duration) -> Self {
        Self { stream, limit, timer: Box::pin(tokio::time::sleep(limit)), waiting: false }
    }

    /// Called when a write is pending: starts the timer, or fails once it ran out.
    fn still_waiting(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        if !self.waiting {
            self.waiting = true;
            self.timer.as_mut().reset(Instant::now() + self.limit);
        }
        if self.timer.as_mut().poll(cx).is_ready() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "the client stopped reading the response"));
        }
        Ok(())
    }

    fn guard<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match poll {
            Poll::Pending => match self.still_waiting(cx) {
                Ok(()) => Poll::Pending,
                Err(error) => Poll::Ready(Err(error)),
            },
            ready => {
                self.waiting = false;
                ready
            }
        }
    }
}

impl AsyncRead for StallGuard {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for StallGuard {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.guard(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.guard(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_flush(cx);
        this.guard(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_shutdown(cx);
        this.guard(cx, poll)
    }
}
