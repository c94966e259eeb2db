//! Password hashing with argon2id on a small, bounded pool of threads.
//!
//! argon2 is slow and memory-hard on purpose: each hash fills 19 MiB. Run
//! one per request on the blocking pool and a burst of sign-ins (or bogus
//! reset requests) costs hundreds of threads and gigabytes that the
//! allocator keeps. Here a fixed number of workers (one per core by
//! default) each own one block of argon2 memory, reused for every hash; a
//! short queue absorbs bursts, and past it the answer is an immediate 503
//! with `Retry-After`. Memory stays at workers × 19 MiB however many
//! requests arrive, and the pool still hashes as fast as the cores allow.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::{Context, anyhow, bail};
use argon2::password_hash::phc::{Output, ParamsString, Salt};
use argon2::{Algorithm, Argon2, Block, Params, PasswordHash, Version};
use tokio::sync::oneshot;

use super::fields::NewPassword;
use crate::config::Config;
use crate::error::{ApiError, ErrorBody};

/// Why a password could not be hashed or checked.
#[derive(Debug, thiserror::Error)]
pub enum HashingError {
    /// Every worker is busy and the queue is full: try again shortly (503).
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
    /// `workers` threads (at least one) and room for `queue` waiting jobs.
    pub fn new(workers: usize, queue: usize) -> Self {
        Self(Arc::new(Pool::start(workers.max(1), queue)))
    }

    /// The pool the configuration asks for: one worker per core and
    /// `DEFAULT_QUEUE` unless set.
    pub fn from_config(config: &Config) -> Self {
        let workers = config
            .password_workers
            .filter(|n| *n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        Self::new(workers, config.password_queue.unwrap_or(DEFAULT_QUEUE))
    }

    /// The PHC string (`$argon2id$v=19$…`) of a new password, with a fresh salt.
    pub async fn hash(&self, password: &NewPassword) -> Result<String, HashingError> {
        let password = password.expose().to_owned();
        self.0.run(move |memory| hash_with(memory, password.as_bytes())).await
    }

    /// Password checks queued for a worker right now.
    pub fn waiting(&self) -> usize {
        self.0.waiting.load(Ordering::Relaxed)
    }

    /// Whether `password` matches `stored`. With no stored hash (unknown
    /// account, or one that only signs in with Google) a dummy hash is
    /// checked instead, on the same pool, so the answer takes as long either
    /// way and reveals nothing.
    pub async fn verify(&self, password: &str, stored: Option<String>) -> Result<bool, HashingError> {
        let password = password.to_owned();
        self.0
            .run(move |memory| {
                let known = stored.is_some();
                let matches =
                    verify_with(memory, password.as_bytes(), stored.as_deref().unwrap_or(DUMMY_HASH))?;
                Ok(matches && known)
            })
            .await
    }
}

/// The argon2id hash of a random password nobody knows.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Hh0Dk3A8H2CFLe8nWzJwBt6j0R9W0qSuJ0YQ8kJZb6o";

/// How many queued hashes may wait for a worker by default: with 2 workers
/// and ~30 ms a hash (release build), the last in line waits about half a
/// second. Queued requests hold no argon2 memory.
pub const DEFAULT_QUEUE: usize = 32;

/// A hash to compute with a worker's memory.
type Job = Box<dyn FnOnce(&mut Vec<Block>) + Send>;

struct Pool {
    jobs: SyncSender<Job>,
    /// Jobs queued and not yet taken by a worker (the metrics' queue depth).
    waiting: Arc<AtomicUsize>,
}

impl Pool {
    fn start(workers: usize, queue: usize) -> Self {
        let (jobs, waiting) = mpsc::sync_channel::<Job>(queue);
        let waiting = Arc::new(Mutex::new(waiting));
        for n in 0..workers {
            let waiting = Arc::clone(&waiting);
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || work(&waiting))
                .expect("the system can start a password hashing thread");
        }
        tracing::info!(workers, queue, "password hashing pool started");
        Self { jobs, waiting: Arc::new(AtomicUsize::new(0)) }
    }

    /// Queues `compute` unless the queue is full; waits for its result.
    async fn run<T: Send + 'static>(
        &self,
        compute: impl FnOnce(&mut Vec<Block>) -> anyhow::Result<T> + Send + 'static,
    ) -> Result<T, HashingError> {
        let (reply, result) = oneshot::channel();
        let waiting = Arc::clone(&self.waiting);
        waiting.fetch_add(1, Ordering::Relaxed);
        let taken = Arc::clone(&waiting);
        let job: Job = Box::new(move |memory| {
            taken.fetch_sub(1, Ordering::Relaxed);
            // The client went away while this waited: spare the work.
            if !reply.is_closed() {
                let _ = reply.send(compute(memory));
            }
        });
        self.jobs
            .try_send(job)
            .inspect_err(|_| {
                waiting.fetch_sub(1, Ordering::Relaxed);
            })
            .map_err(|error| match error {
                TrySendError::Full(_) => HashingError::Busy,
                TrySendError::Disconnected(_) => anyhow!("the password hashing threads have stopped").into(),
            })?;
        Ok(result.await.context("a password hashing job was dropped")??)
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
    async fn a_stored_hash_that_wants_more_memory_is_refused_not_computed() {
        let greedy = "$argon2id$v=19$m=4194304,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$Hh0Dk3A8H2CFLe8nWzJwBt6j0R9W0qSuJ0YQ8kJZb6o";
        assert!(matches!(passwords().verify("x", Some(greedy.into())).await, Err(HashingError::Failed(_))));
    }
}
