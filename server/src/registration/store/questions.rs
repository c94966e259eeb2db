//! An event's own questions and their answers (migration
//! `20261201000901_registration_questions`). Changes to the questions take
//! the event's turn (`arrive`), so two admins adding at once cannot pass the
//! bound on live questions, and a registration never sees half a change.

use std::collections::HashMap;

use time::OffsetDateTime;
use uuid::Uuid;

use super::super::types::{AdminQuestion, MoveDirection, Question, QuestionAnswer, QuestionText};
use super::admin::{Order, move_in_order};
use super::arrive;
use crate::activity::{NewEntry, record};
use crate::db::{Db, Tx};
use crate::{on_db, on_tx};

/// The most questions an event asks at once.
pub const MAX_LIVE_QUESTIONS: i64 = 10;
/// The most questions an event ever has, retired ones too (each is a
/// column of its CSV).
pub const MAX_QUESTIONS: i64 = 40;

/// Why a question could not change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuestionRefusal {
    /// Not a question of this event.
    NoQuestion,
    /// Retired already: no longer asked, nor changed.
    Retired,
    /// The event asks `MAX_LIVE_QUESTIONS` already (or has had
    /// `MAX_QUESTIONS`).
    TooMany,
    /// First (moving up) or last (moving down) already.
    AtTheEnd,
}

/// Whether a question is live, retired, or not the event's.
async fn question_state(tx: &mut Tx, event_id: Uuid, id: Uuid) -> sqlx::Result<Result<i32, QuestionRefusal>> {
    let row: Option<(i32, bool)> = on_tx!(tx, |conn| {
        sqlx::query_as(
            "SELECT position, retired_at IS NOT NULL FROM registration_questions WHERE id = $1 AND event_id = $2",
        )
        .bind(id)
        .bind(event_id)
        .fetch_optional(&mut **conn)
        .await?
    });
    Ok(match row {
        None => Err(QuestionRefusal::NoQuestion),
        Some((_, true)) => Err(QuestionRefusal::Retired),
        Some((position, false)) => Ok(position),
    })
}

/// Adds questions after the event's last, in the caller's transaction (in
/// the event's turn).
pub(super) async fn add_questions(
    tx: &mut Tx,
    event_id: Uuid,
    questions: &[QuestionText],
    now: OffsetDateTime,
) -> sqlx::Result<Result<(), QuestionRefusal>> {
    on_tx!(tx, |conn| {
        let (live, all, last): (i64, i64, i32) = sqlx::query_as(
            "SELECT COUNT(*) FILTER (WHERE retired_at IS NULL), COUNT(*), COALESCE(MAX(position), 0)
             FROM registration_questions WHERE event_id = $1",
        )
        .bind(event_id)
        .fetch_one(&mut **conn)
        .await?;
        let adding = questions.len() as i64;
        if live + adding > MAX_LIVE_QUESTIONS || all + adding > MAX_QUESTIONS {
            return Ok(Err(QuestionRefusal::TooMany));
        }
        for (question, position) in questions.iter().zip(last + 1..) {
            sqlx::query(
                "INSERT INTO registration_questions (id, event_id, label, required, position, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(Uuid::now_v7())
            .bind(event_id)
            .bind(&question.label)
            .bind(question.required)
            .bind(position)
            .bind(now)
            .execute(&mut **conn)
            .await?;
        }
        Ok(Ok(()))
    })
}

/// Whose answers these are: a registration's, or a visitor's request's
/// (under the hash of its token) until its link is followed.
#[derive(Debug, Clone, Copy)]
pub(super) enum Answering<'a> {
    Registration(Uuid),
    Request(&'a str),
}

/// Keeps answers to the event's live questions, in the caller's
/// transaction; an answer to a question retired meanwhile is dropped.
pub(super) async fn insert_answers(
    tx: &mut Tx,
    event_id: Uuid,
    whose: Answering<'_>,
    answers: &[QuestionAnswer],
) -> sqlx::Result<()> {
    let (table, key) = match whose {
        Answering::Registration(_) => ("registration_answers", "registration_id"),
        Answering::Request(_) => ("registration_request_answers", "token_hash"),
    };
    let sql = format!(
        "INSERT INTO {table} ({key}, question_id, answer)
         SELECT $1, id, $3 FROM registration_questions
         WHERE id = $2 AND event_id = $4 AND retired_at IS NULL"
    );
    for answer in answers {
        on_tx!(&mut *tx, |conn| {
            let query = sqlx::query(&sql);
            let query = match whose {
                Answering::Registration(id) => query.bind(id),
                Answering::Request(token_hash) => query.bind(token_hash),
            };
            query.bind(answer.question_id).bind(&answer.answer).bind(event_id).execute(&mut **conn).await?;
        });
    }
    Ok(())
}

/// An event's questions, in the order they are asked (see `Order`).
const QUESTIONS: Order = Order {
    before: "SELECT id, position FROM registration_questions
             WHERE event_id = $1 AND retired_at IS NULL AND (position < $2 OR (position = $2 AND id < $3))
             ORDER BY position DESC, id DESC LIMIT 1",
    after: "SELECT id, position FROM registration_questions
            WHERE event_id = $1 AND retired_at IS NULL AND (position > $2 OR (position = $2 AND id > $3))
            ORDER BY position, id LIMIT 1",
    set_place: "UPDATE registration_questions SET position = $2 WHERE id = $1",
};

/// What becomes of a live question.
enum QuestionChange<'a> {
    /// Its label and whether it needs an answer.
    Reword(&'a QuestionText),
    /// No longer asked, from then.
    Retire(OffsetDateTime),
}

impl Db {
    /// The event's live questions, in the order they are asked.
    pub async fn live_questions(&self, event_id: Uuid) -> sqlx::Result<Vec<Question>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT id, label, required FROM registration_questions
                 WHERE event_id = $1 AND retired_at IS NULL ORDER BY position, id",
            )
            .bind(event_id)
            .fetch_all(pool)
            .await
        })
    }

    /// Every question the event has had, in order, retired ones too.
    pub async fn event_questions(&self, event_id: Uuid) -> sqlx::Result<Vec<AdminQuestion>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT id, label, required, retired_at IS NOT NULL AS retired FROM registration_questions
                 WHERE event_id = $1 ORDER BY position, id",
            )
            .bind(event_id)
            .fetch_all(pool)
            .await
        })
    }

    /// A registration's answers to the event's live questions, in order.
    pub async fn live_answers(&self, registration_id: Uuid) -> sqlx::Result<Vec<QuestionAnswer>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT a.question_id, a.answer FROM registration_answers a
                 JOIN registration_questions q ON q.id = a.question_id
                 WHERE a.registration_id = $1 AND q.retired_at IS NULL ORDER BY q.position, q.id",
            )
            .bind(registration_id)
            .fetch_all(pool)
            .await
        })
    }

    /// Every answer given at the event, retired questions' too, by
    /// registration.
    pub async fn event_answers(&self, event_id: Uuid) -> sqlx::Result<HashMap<Uuid, Vec<QuestionAnswer>>> {
        let rows: Vec<(Uuid, Uuid, String)> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT a.registration_id, a.question_id, a.answer FROM registration_answers a
                 JOIN registration_questions q ON q.id = a.question_id
                 WHERE q.event_id = $1 ORDER BY q.position, q.id",
            )
            .bind(event_id)
            .fetch_all(pool)
            .await?
        });
        let mut answers: HashMap<Uuid, Vec<QuestionAnswer>> = HashMap::new();
        for (registration_id, question_id, answer) in rows {
            answers.entry(registration_id).or_default().push(QuestionAnswer { question_id, answer });
        }
        Ok(answers)
    }

    /// Adds a question after the event's last, with its log entry.
    pub async fn add_question(
        &self,
        event_id: Uuid,
        question: &QuestionText,
        now: OffsetDateTime,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Result<(), QuestionRefusal>> {
        let mut tx = self.begin().await?;
        arrive(&mut tx, event_id).await?;
        if let Err(refusal) = add_questions(&mut tx, event_id, std::slice::from_ref(question), now).await? {
            return Ok(Err(refusal));
        }
        on_tx!(&mut tx, |conn| record!(&mut **conn, entry))?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Starts the event's turn (`arrive`) for a change to its live
    /// question `id`: the transaction and the question's position, or why
    /// the question cannot change (nothing kept).
    async fn question_turn(
        &self,
        event_id: Uuid,
        id: Uuid,
    ) -> sqlx::Result<Result<(Tx, i32), QuestionRefusal>> {
        let mut tx = self.begin().await?;
        arrive(&mut tx, event_id).await?;
        Ok(question_state(&mut tx, event_id, id).await?.map(|position| (tx, position)))
    }

    /// Rewords or retires a live question, with its log entry; its answers
    /// stay.
    async fn alter_question(
        &self,
        event_id: Uuid,
        id: Uuid,
        change: QuestionChange<'_>,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Result<(), QuestionRefusal>> {
        let (mut tx, _) = match self.question_turn(event_id, id).await? {
            Ok(turn) => turn,
            Err(refusal) => return Ok(Err(refusal)),
        };
        on_tx!(&mut tx, |conn| {
            let query = match change {
                QuestionChange::Reword(question) => {
                    sqlx::query("UPDATE registration_questions SET label = $2, required = $3 WHERE id = $1")
                        .bind(id)
                        .bind(&question.label)
                        .bind(question.required)
                }
                QuestionChange::Retire(now) => {
                    sqlx::query("UPDATE registration_questions SET retired_at = $2 WHERE id = $1")
                        .bind(id)
                        .bind(now)
                }
            };
            query.execute(&mut **conn).await?;
            record!(&mut **conn, entry)?;
        });
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Rewords a live question or changes whether it needs an answer, with
    /// its log entry. Answers already given stay.
    pub async fn change_question(
        &self,
        event_id: Uuid,
        id: Uuid,
        question: &QuestionText,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Result<(), QuestionRefusal>> {
        self.alter_question(event_id, id, QuestionChange::Reword(question), entry).await
    }

    /// Swaps a live question with its live neighbour (the one asked before
    /// it for `Up`), with its log entry.
    pub async fn move_question(
        &self,
        event_id: Uuid,
        id: Uuid,
        direction: MoveDirection,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Result<(), QuestionRefusal>> {
        let (mut tx, position) = match self.question_turn(event_id, id).await? {
            Ok(turn) => turn,
            Err(refusal) => return Ok(Err(refusal)),
        };
        // Equal positions (never written, but harmless) still swap.
        let swap = |other, other_position| {
            let (mine, theirs) = if other_position == position {
                (position + 1, position)
            } else {
                (other_position, position)
            };
            vec![(id, mine), (other, theirs)]
        };
        if !move_in_order(&mut tx, &QUESTIONS, event_id, (id, position), direction, swap, entry).await? {
            return Ok(Err(QuestionRefusal::AtTheEnd));
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Stops asking a question, with its log entry; its answers stay.
    pub async fn retire_question(
        &self,
        event_id: Uuid,
        id: Uuid,
        now: OffsetDateTime,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Result<(), QuestionRefusal>> {
        self.alter_question(event_id, id, QuestionChange::Retire(now), entry).await
    }

    /// Replaces the person's answers to the event's live questions on their
    /// live registration (answers to retired questions stay); `false` when
    /// they have none, or when it is not `only` (a link's registration: a
    /// newer one of the same person is not the link's).
    pub async fn change_answers(
        &self,
        event_id: Uuid,
        user_id: Uuid,
        only: Option<Uuid>,
        answers: &[QuestionAnswer],
    ) -> sqlx::Result<bool> {
        let mut tx = self.begin().await?;
        arrive(&mut tx, event_id).await?;
        let registration: Option<Uuid> = on_tx!(&mut tx, |conn| {
            let id: Option<Uuid> = sqlx::query_scalar(
                "SELECT id FROM registrations
                 WHERE event_id = $1 AND user_id = $2 AND state IN ('registered', 'waiting', 'offered')
                 AND id = COALESCE($3, id)",
            )
            .bind(event_id)
            .bind(user_id)
            .bind(only)
            .fetch_optional(&mut **conn)
            .await?;
            if let Some(id) = id {
                sqlx::query(
                    "DELETE FROM registration_answers WHERE registration_id = $1 AND question_id IN
                         (SELECT id FROM registration_questions WHERE event_id = $2 AND retired_at IS NULL)",
                )
                .bind(id)
                .bind(event_id)
                .execute(&mut **conn)
                .await?;
            }
            id
        });
        let Some(registration) = registration else { return Ok(false) };
        insert_answers(&mut tx, event_id, Answering::Registration(registration), answers).await?;
        tx.commit().await?;
        Ok(true)
    }
}
