//! Photos resized off the request path. The upload's request checks the
//! file from its header (`pipeline::inspect`: type, sides, proportions,
//! pixels, memory), so those refusals answer at once; it then records a
//! job, hands the file to a background task on this instance and answers
//! with the job. The task waits for a turn (`super::WORKERS` at once,
//! within the memory budget), resizes and stores the
//! photo (`super::store_photo`) and writes how it ended on the job's row,
//! which the editor's page reads from any instance.
//!
//! A crash or restart loses the task, and the row would wait forever: a
//! job still waiting or resizing `STALE` after its last change reads as
//! lost, and the editor is asked to upload the photo again.

use time::{Duration, OffsetDateTime};
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::{NotStored, Photo, Refusal, failed, pipeline, store_photo};
use crate::clock;
use crate::db::Db;
use crate::storage::Storage;
use crate::stored::stored_enum;
use crate::uploads::temp::TempUpload;

stored_enum! {
    /// Where a photo's job stands.
    pub enum JobState("photo job state") {
        /// Uploaded, waiting for a turn to be resized.
        Waiting = "waiting",
        Resizing = "resizing",
        /// Stored: the job's outcome holds the photo.
        Done = "done",
        /// Refused or not stored: the outcome says why.
        Failed = "failed",
    }
}

/// How a job ended, kept with it as JSON.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    Stored {
        photo: Photo,
    },
    /// The file turned out not to be a usable photo once decoded.
    Refused {
        refusal: Refusal,
    },
    /// Storing it failed (storage, database): logged; the editor may try again.
    Failed,
    /// Its server stopped before it ended (never stored: read from a stale row).
    Lost,
}

/// A job still unfinished this long after its last change was lost with its server.
pub const STALE: Duration = Duration::minutes(10);
/// Jobs are forgotten this long after their last change.
pub const KEPT: Duration = Duration::days(1);

/// A job's row.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: Uuid,
    pub file_name: String,
    pub state: JobState,
    pub outcome: Option<Outcome>,
    pub updated_at: OffsetDateTime,
}

impl Job {
    /// The job as its editor is told: one unfinished past `STALE` is lost.
    pub fn settled(self, now: OffsetDateTime) -> Self {
        let unfinished = matches!(self.state, JobState::Waiting | JobState::Resizing);
        if unfinished && now - self.updated_at > STALE {
            Self { state: JobState::Failed, outcome: Some(Outcome::Lost), ..self }
        } else {
            self
        }
    }
}

/// Checks the photo in `temp` from its header, records its job and starts
/// resizing it in the background, to be stored within the site's `quota`
/// of bytes; answers the job's id. Refusals the header shows are answered
/// here, and no job is made.
pub async fn start(
    db: &Db,
    storage: &Storage,
    background: &TaskTracker,
    editor: Uuid,
    file_name: &str,
    temp: TempUpload,
    quota: u64,
) -> Result<Uuid, NotStored> {
    let path = temp.path().to_owned();
    let inspected = tokio::task::spawn_blocking(move || pipeline::inspect(&path))
        .await
        .map_err(failed)?
        .map_err(NotStored::Refused)?;
    let id = Uuid::now_v7();
    db.create_photo_job(id, editor, file_name).await.map_err(failed)?;
    let (db, storage) = (db.clone(), storage.clone());
    // The request's clock goes with the work (tests move it on).
    background.spawn(clock::Clock::current().scope(async move {
        let started = async {
            if let Err(error) = db.set_photo_job_state(id, JobState::Resizing, None).await {
                tracing::warn!(%id, error = %error, "cannot mark a photo job as resizing");
            }
        };
        let outcome =
            match store_photo(&db, &storage, temp.path().to_owned(), inspected, quota, started).await {
                Ok(photo) => Outcome::Stored { photo },
                Err(NotStored::Refused(refusal)) => Outcome::Refused { refusal },
                Err(NotStored::Failed(error)) => {
                    tracing::error!(%id, error = %error, "a photo could not be stored");
                    Outcome::Failed
                }
            };
        drop(temp);
        let state = if matches!(outcome, Outcome::Stored { .. }) { JobState::Done } else { JobState::Failed };
        if let Err(error) = db.set_photo_job_state(id, state, Some(&outcome)).await {
            tracing::error!(%id, error = %error, "cannot record how a photo job ended");
        }
    }));
    Ok(id)
}

/// Editor `editor`'s job `id`, as they are told it (none for anyone else's).
pub async fn job(db: &Db, editor: Uuid, id: Uuid) -> sqlx::Result<Option<Job>> {
    Ok(db.photo_job(editor, id).await?.map(|job| job.settled(clock::now())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(state: JobState, minutes_ago: i64) -> Job {
        let now = clock::now();
        Job {
            id: Uuid::nil(),
            file_name: "IMG_0001.JPG".into(),
            state,
            outcome: None,
            updated_at: now - Duration::minutes(minutes_ago),
        }
    }

    #[test]
    fn an_unfinished_job_past_its_time_reads_as_lost_and_nothing_else_changes() {
        let now = clock::now();
        for state in [JobState::Waiting, JobState::Resizing] {
            assert_eq!(job(state, 9).settled(now).state, state);
            let lost = job(state, 11).settled(now);
            assert_eq!((lost.state, lost.outcome), (JobState::Failed, Some(Outcome::Lost)));
        }
        assert_eq!(job(JobState::Done, 60).settled(now).state, JobState::Done);
    }

    #[test]
    fn outcomes_read_back_as_written() {
        let refused = Outcome::Refused { refusal: Refusal::Proportions { width: 20, height: 17_000 } };
        let text = serde_json::to_string(&refused).unwrap();
        assert_eq!(serde_json::from_str::<Outcome>(&text).unwrap(), refused);
    }
}
