//! Where a workflow crosses features against their order (ARCHITECTURE.md,
//! "Which way dependencies point"): the earlier feature calls a hook inside
//! its own transaction, and the wiring (`lib.rs`) puts the later feature's
//! part there at start. The earlier feature never names the later one.

use std::future::Future;
use std::pin::Pin;

use uuid::Uuid;

use crate::activity::Actor;
use crate::db::{Db, Tx};

/// A hook's work inside the caller's transaction.
pub type InTx<'a> = Pin<Box<dyn Future<Output = sqlx::Result<()>> + Send + 'a>>;

/// What happens, in the same transaction, when an author changes a
/// submission's details (review's part: `review::store::withdraw`).
#[derive(Clone, Copy)]
pub struct DetailsChanged {
    /// First of all, before the submission's row is locked (the order in
    /// which the later feature's own writes take their locks).
    pub before: for<'a> fn(&'a Db, &'a mut Tx) -> InTx<'a>,
    /// Once the details are written: what they change there, for
    /// submission `id`, as `actor`'s.
    pub after: for<'a> fn(&'a Db, &'a mut Tx, Uuid, &'a Actor) -> InTx<'a>,
}

/// Every hook, as the wiring sets them.
#[derive(Clone, Copy)]
pub struct Hooks {
    pub details_changed: DetailsChanged,
}
