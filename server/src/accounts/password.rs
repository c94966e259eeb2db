//! Password hashing with argon2id on a small, bounded pool of threads.
//!
//! argon2 is slow and memory-hard on purpose: each hash fills 19 MiB. Run
//! one per request on the blocking pool and a burst of sign-ins (or bogus
//! reset requests) costs hundreds of threads and gigabytes that the
//! allocator keeps. Here a fixed number of workers (one per core by
//! default) each own one block of argon2 memory, reused for every hash.
//! Memory stays at workers × 19 MiB however many requests arrive, and the
//! pool still hashes as fast as the cores allow.
//!
//! Requests wait for their turn by time, not by count: a lecture hall
//! signing in at once (192 sign-ins, ~3 s of hashing on two cores) all get
//! in, where a queue of 32 turned half of them away. A waiting request is
//! an idle future on a semaphore, a few hundred bytes; it is answered 503
//! with `Retry-After` only once it has waited longer than the wait bound
//! (`COLLOQUY_PASSWORD_WAIT_SECS`, 10 s), or when the count of waiting
//! requests reaches its own, much larger bound (`COLLOQUY_PASSWORD_QUEUE`,
//! 4096), which caps what a flood can hold.
//!
//! A turn is taken before the caller's rate limits are checked (`turn`), so
//! that the password attempts past those checks and not yet decided are
//! those being hashed, two per worker, however many wait.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use argon2::password_hash::phc::{Output, ParamsString, Salt};
use argon2::{Algorithm, Argon2, Block, Params, PasswordHash, Version};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, oneshot};

use super::fields::NewPassword;
use crate::config::Config;
use crate::error::{ApiError, ErrorBody};

/// Why a password could not be hashed or checked.
#[derive(Debug, thiserror::Error)]
pub enum HashingError {
    /// The request waited past the wait bound, or too many wait already:
    /// try again shortly (503).
    #[error("too many passwords are waiting to be hashed")]
    Busy,
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

impl From<HashingError> for ApiError {
    fn from(error: HashingError) -> Self {
        match error {
            HashingError::Busy => ApiError::Busy,
            HashingError::Failed(cause) => ApiError::Internal(cause),
        }
    }
}

/// The OpenAPI answer of every endpoint that hashes a password when the
/// pool is full: add `HashingBusy` to its `responses(...)`.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 503,
    description = "Too many passwords are being checked right now (code `busy`); try again after `Retry-After` seconds",
    headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))
)]
pub struct HashingBusy(#[allow(dead_code)] ErrorBody);

/// The app's password hashing: a handle on its pool of workers. Each app
/// has its own, so two apps in one process (tests, benchmarks) never queue
/// behind each other; the workers stop when the last handle is dropped.
#[derive(Clone)]
pub struct Passwords(Arc<Pool>);

impl Passwords {
    /// `workers` threads (at least one); at most `queue` requests wait for
    /// a turn, each at most `DEFAULT_WAIT`.
    pub fn new(workers: usize, queue: usize) -> Self {
        Self::with_wait(workers, queue, DEFAULT_WAIT)
    }

    /// As `new`, each request waiting at most `wait` for its turn.
    pub fn with_wait(workers: usize, queue: usize, wait: Duration) -> Self {
        Self(Arc::new(Pool::start(workers.max(1), queue, wait)))
    }

    /// The pool the configuration asks for: one worker per core and
    /// `DEFAULT_QUEUE` unless set.
    pub fn from_config(config: &Config) -> Self {
        let workers = config
            .password_workers
            .filter(|n| *n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        Self::with_wait(workers, config.password_queue.unwrap_or(DEFAULT_QUEUE), config.password_wait())
    }

    /// Waits for a turn to hash: `Busy` past the wait bound or when too
    /// many wait already. Dropping the turn unused gives it back.
    pub async fn turn(&self) -> Result<Turn, HashingError> {
        let pool = &self.0;
        if pool.waiting.fetch_add(1, Ordering::AcqRel) >= pool.max_waiting {
            pool.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(HashingError::Busy);
        }
        // Counted down however the wait ends (a client that went away too).
        let _waiting = Waiting(&pool.waiting);
        match tokio::time::timeout(pool.max_wait, Arc::clone(&pool.turns).acquire_owned()).await {
            Ok(Ok(permit)) => Ok(Turn { pool: Arc::clone(pool), permit }),
            Ok(Err(_closed)) => Err(anyhow!("the password hashing pool has stopped").into()),
            Err(_waited_too_long) => Err(HashingError::Busy),
        }
    }

    /// The PHC string (`$argon2id$v=19$…`) of a new password, with a fresh salt.
    pub async fn hash(&self, password: &NewPassword) -> Result<String, HashingError> {
        self.turn().await?.hash(password).await
    }

    /// Whether `password` matches `stored` (see `Turn::verify`).
    pub async fn verify(&self, password: &str, stored: Option<String>) -> Result<bool, HashingError> {
        self.turn().await?.verify(password, stored).await
    }

    /// Requests waiting for a turn right now.
    pub fn waiting(&self) -> usize {
        self.0.waiting.load(Ordering::Relaxed)
    }
}

/// One request's turn on the pool: a worker is free for its hash.
pub struct Turn {
    pool: Arc<Pool>,
    permit: OwnedSemaphorePermit,
}

impl Turn {
    /// The PHC string (`$argon2id$v=19$…`) of a new password, with a fresh salt.
    pub async fn hash(self, password: &NewPassword) -> Result<String, HashingError> {
        let password = password.expose().to_owned();
        self.run(move |memory| hash_with(memory, password.as_bytes())).await
    }

    /// Whether `password` matches `stored`. With no stored hash (unknown
    /// account, or one that only signs in with Google) a dummy hash is
    /// checked instead, on the same pool, so the answer takes as long either
    /// way and reveals nothing.
    pub async fn verify(self, password: &str, stored: Option<String>) -> Result<bool, HashingError> {
        let password = password.to_owned();
        self.run(move |memory| {
            let known = stored.is_some();
            let matches = verify_with(memory, password.as_bytes(), stored.as_deref().unwrap_or(DUMMY_HASH))?;
            Ok(matches && known)
        })
        .await
    }

    /// Hands `compute` to a worker and waits for its result. The turn ends
    /// when the worker is done, even if the client went away meanwhile.
    async fn run<T: Send + 'static>(
        self,
        compute: impl FnOnce(&mut Vec<Block>) -> anyhow::Result<T> + Send + 'static,
    ) -> Result<T, HashingError> {
        let (reply, result) = oneshot::channel();
        let permit = self.permit;
        let job: Job = Box::new(move |memory| {
            // The client went away while this waited: spare the work.
            if !reply.is_closed() {
                let _ = reply.send(compute(memory));
            }
            drop(permit);
        });
        // Never full: a job is sent only with a permit, and there are as
        // many places as permits.
        self.pool.jobs.try_send(job).map_err(|error| match error {
            TrySendError::Full(_) => anyhow!("the password hashing channel is full"),
            TrySendError::Disconnected(_) => anyhow!("the password hashing threads have stopped"),
        })?;
        Ok(result.await.context("a password hashing job was dropped")??)
    }
}

/// Counts a request out of the waiting ones when its wait ends.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The argon2id hash of a random password nobody knows.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Hh0Dk3A8H2CFLe8nWzJwBt6j0R9W0qSuJ0YQ8kJZb6o";

/// How many requests may wait for a turn at once by default: far more than
/// a lecture hall, and still little memory (each is an idle request).
pub const DEFAULT_QUEUE: usize = 4096;

/// The longest a request waits for its turn by default (the configuration's
/// default, which config owns).
pub const DEFAULT_WAIT: Duration = Duration::from_secs(crate::config::PASSWORD_WAIT_SECS);

/// Turns per worker: the second lets a request do its database work while
/// the worker hashes for another, so no worker waits on a round trip.
const TURNS_PER_WORKER: usize = 2;

/// A hash to compute with a worker's memory.
type Job = Box<dyn FnOnce(&mut Vec<Block>) + Send>;

struct Pool {
    jobs: SyncSender<Job>,
    /// One permit per hash in a worker's hands or next in line for one.
    turns: Arc<Semaphore>,
    /// Requests waiting for a turn (the metrics' queue depth).
    waiting: AtomicUsize,
    max_waiting: usize,
    max_wait: Duration,
}

impl Pool {
    fn start(workers: usize, queue: usize, wait: Duration) -> Self {
        let turns = workers * TURNS_PER_WORKER;
        let (jobs, waiting) = mpsc::sync_channel::<Job>(turns);
        let waiting = Arc::new(Mutex::new(waiting));
        for n in 0..workers {
            let waiting = Arc::clone(&waiting);
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || work(&waiting))
                .expect("the system can start a password hashing thread");
        }
        tracing::info!(workers, queue, wait_secs = wait.as_secs_f64(), "password hashing pool started");
        Self {
            jobs,
            turns: Arc::new(Semaphore::new(turns)),
            waiting: AtomicUsize::new(0),
            max_waiting: queue,
            max_wait: wait,
        }
    }
}

/// One worker: takes jobs one at a time and lends them its memory.
fn work(waiting: &Mutex<Receiver<Job>>) {
    let mut memory = Vec::new();
    loop {
        // The lock is held only while waiting for the next job.
        let next = waiting.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(job) = next else { return };
        // A panic drops the job's reply (its request gets a 500); the worker
        // and its memory stay.
        let _ = catch_unwind(AssertUnwindSafe(|| job(&mut memory)));
    }
}

/// The worker's memory, sized for `params`. Every stored hash was made with
/// the default parameters, so it is allocated once; a hash that asks for
/// more is refused rather than allowed to grow the process.
fn blocks<'m>(memory: &'m mut Vec<Block>, params: &Params) -> anyhow::Result<&'m mut [Block]> {
    let needed = params.block_count();
    if needed > Params::DEFAULT.block_count() {
        bail!("a stored password hash asks for {} KiB of memory", params.m_cost());
    }
    if memory.len() < needed {
        memory.resize(needed, Block::default());
    }
    Ok(&mut memory[..needed])
}

fn hash_with(memory: &mut Vec<Block>, password: &[u8]) -> anyhow::Result<String> {
    let argon2 = Argon2::default();
    let params = argon2.params();
    let salt = argon2::password_hash::try_generate_salt().context("no randomness for a salt")?;
    let mut output = [0u8; Params::DEFAULT_OUTPUT_LEN];
    argon2
        .hash_password_into_with_memory(password, &salt, &mut output, blocks(memory, params)?)
        .map_err(|error| anyhow!("hashing a password failed: {error}"))?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(params).map_err(|error| anyhow!("argon2 parameters: {error}"))?,
        salt: Some(Salt::new(&salt).map_err(|error| anyhow!("salt: {error}"))?),
        hash: Some(Output::new(&output).map_err(|error| anyhow!("hash output: {error}"))?),
    };
    Ok(phc.to_string())
}

/// Recomputes the hash with the stored parameters and salt, and compares the
/// outputs in constant time (`Output`'s equality).
fn verify_with(memory: &mut Vec<Block>, password: &[u8], stored: &str) -> anyhow::Result<bool> {
    let malformed = |error: &dyn std::fmt::Display| anyhow!("a stored password hash is malformed: {error}");
    let parsed = PasswordHash::new(stored).map_err(|e| malformed(&e))?;
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        bail!("a stored password hash has no salt or no output");
    };
    let algorithm = Algorithm::try_from(parsed.algorithm.as_str()).map_err(|e| malformed(&e))?;
    let version = parsed.version.map(Version::try_from).transpose().map_err(|e| malformed(&e))?;
    let params = Params::try_from(&parsed).map_err(|e| malformed(&e))?;
    let argon2 = Argon2::new(algorithm, version.unwrap_or_default(), params.clone());
    let mut output = vec![0u8; expected.len()];
    argon2
        .hash_password_into_with_memory(password, salt, &mut output, blocks(memory, &params)?)
        .map_err(|error| anyhow!("checking a password failed: {error}"))?;
    Ok(Output::new(&output).map_err(|e| malformed(&e))? == *expected)
}

#[cfg(test)]
mod tests {
    use argon2::{PasswordHasher, PasswordVerifier};

    use super::*;

    fn passwords() -> Passwords {
        Passwords::new(1, 4)
    }

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let password = NewPassword::parse("correct horse").unwrap();
        let stored = passwords().hash(&password).await.unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(passwords().verify("correct horse", Some(stored.clone())).await.unwrap());
        assert!(!passwords().verify("wrong horse", Some(stored)).await.unwrap());
        assert!(!passwords().verify("anything", None).await.unwrap());
    }

    /// Hashes stored before the pool (made by argon2's own `hash_password`)
    /// still sign in, and the pool's hashes are ones argon2 itself accepts.
    #[tokio::test]
    async fn hashes_agree_with_the_argon2_crate_both_ways() {
        let old = Argon2::default().hash_password(b"correct horse").unwrap().to_string();
        assert!(passwords().verify("correct horse", Some(old.clone())).await.unwrap());
        assert!(!passwords().verify("correct horsf", Some(old)).await.unwrap());

        let new = passwords().hash(&NewPassword::parse("correct horse").unwrap()).await.unwrap();
        let parsed = PasswordHash::new(&new).unwrap();
        assert!(Argon2::default().verify_password(b"correct horse", &parsed).is_ok());
        assert!(Argon2::default().verify_password(b"correct horsf", &parsed).is_err());
    }

    #[tokio::test]
    async fn a_request_waits_for_its_turn_and_is_busy_only_past_the_wait_bound() {
        let pool = Passwords::with_wait(1, 100, Duration::from_millis(300));
        let held = [pool.turn().await.unwrap(), pool.turn().await.unwrap()];
        assert!(matches!(pool.turn().await, Err(HashingError::Busy)), "both turns held past the bound");
        let waiting = tokio::spawn({
            let pool = pool.clone();
            async move { pool.turn().await.is_ok() }
        });
        drop(held);
        assert!(waiting.await.unwrap(), "a turn given back within the bound is taken");
        assert_eq!(pool.waiting(), 0);
    }

    #[tokio::test]
    async fn past_the_count_of_waiting_requests_the_answer_is_busy_at_once() {
        let pool = Passwords::with_wait(1, 2, Duration::from_secs(60));
        let held = [pool.turn().await.unwrap(), pool.turn().await.unwrap()];
        let waiting: Vec<_> = (0..2)
            .map(|_| {
                let pool = pool.clone();
                tokio::spawn(async move { pool.turn().await.is_ok() })
            })
            .collect();
        while pool.waiting() < 2 {
            tokio::task::yield_now().await;
        }
        assert!(matches!(pool.turn().await, Err(HashingError::Busy)));
        drop(held);
        for waiter in waiting {
            assert!(waiter.await.unwrap());
        }
    }

    #[tokio::test]
    async fn a_stored_hash_that_wants_more_memory_is_refused_not_computed() {
        let greedy = "$argon2id$v=19$m=4194304,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$Hh0Dk3A8H2CFLe8nWzJwBt6j0R9W0qSuJ0YQ8kJZb6o";
        assert!(matches!(passwords().verify("x", Some(greedy.into())).await, Err(HashingError::Failed(_))));
    }
}
