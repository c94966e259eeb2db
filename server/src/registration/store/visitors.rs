//! Visitors' registration requests: kept under the hash of the e-mailed
//! token until the link is followed or runs out.

use time::OffsetDateTime;
use uuid::Uuid;

use super::super::types::{QuestionAnswer, RegistrationAnswers};
use super::questions::{Answering, insert_answers};
use crate::db::Db;
use crate::email::Email;
use crate::mail::{Letter, outbox};
use crate::{on_db, on_tx};

/// A visitor's request, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RegistrationRequest {
    pub event_id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    #[sqlx(flatten)]
    pub answers: RegistrationAnswers,
    /// The answers to the event's own questions.
    #[sqlx(skip)]
    pub question_answers: Vec<QuestionAnswer>,
}

/// What a visitor asks for, to be kept until they follow the link.
pub struct NewRequest<'a> {
    pub event_id: Uuid,
    pub email: &'a Email,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub answers: &'a RegistrationAnswers,
    pub question_answers: &'a [QuestionAnswer],
}

impl Db {
    /// Keeps the request and queues its e-mail, in one transaction: the
    /// link works exactly when its e-mail exists.
    pub async fn request_registration(
        &self,
        request: &NewRequest<'_>,
        token_hash: &str,
        now: OffsetDateTime,
        expires_at: OffsetDateTime,
        letter: &Letter,
    ) -> sqlx::Result<()> {
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, |conn| {
            sqlx::query(
                "INSERT INTO registration_requests
                     (token_hash, event_id, email, first_name, last_name, mode, lunch, dietary, access,
                      created_at, expires_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(token_hash)
            .bind(request.event_id)
            .bind(request.email.as_str())
            .bind(request.first_name)
            .bind(request.last_name)
            .bind(request.answers.mode.as_str())
            .bind(request.answers.lunch)
            .bind(&request.answers.dietary)
            .bind(&request.answers.access)
            .bind(now)
            .bind(expires_at)
            .execute(&mut **conn)
            .await?;
        });
        insert_answers(&mut tx, request.event_id, Answering::Request(token_hash), request.question_answers)
            .await?;
        outbox::enqueue(&mut tx, request.email, letter).await?;
        tx.commit().await
    }

    /// Takes the request whose link was followed (it works once), while it
    /// runs, with its answers; `None` for an unknown, used or expired token.
    pub async fn take_registration_request(
        &self,
        token_hash: &str,
        now: OffsetDateTime,
    ) -> sqlx::Result<Option<RegistrationRequest>> {
        let mut tx = self.begin().await?;
        let taken: Option<RegistrationRequest> = on_tx!(&mut tx, |conn| {
            // Read before the request goes: its answers go with it.
            let question_answers: Vec<QuestionAnswer> = sqlx::query_as(
                "SELECT a.question_id, a.answer FROM registration_request_answers a
                 JOIN registration_questions q ON q.id = a.question_id
                 WHERE a.token_hash = $1 ORDER BY q.position, q.id",
            )
            .bind(token_hash)
            .fetch_all(&mut **conn)
            .await?;
            let taken: Option<RegistrationRequest> = sqlx::query_as(
                "DELETE FROM registration_requests WHERE token_hash = $1 AND expires_at > $2
                 RETURNING event_id, email, first_name, last_name, mode, lunch, dietary, access",
            )
            .bind(token_hash)
            .bind(now)
            .fetch_optional(&mut **conn)
            .await?;
            taken.map(|taken| RegistrationRequest { question_answers, ..taken })
        });
        if taken.is_some() {
            tx.commit().await?;
        }
        Ok(taken)
    }

    /// Forgets the requests that ran out. How many.
    pub async fn delete_expired_requests(&self, now: OffsetDateTime) -> sqlx::Result<u64> {
        on_db!(self, |pool| {
            Ok(sqlx::query("DELETE FROM registration_requests WHERE expires_at <= $1")
                .bind(now)
                .execute(pool)
                .await?
                .rows_affected())
        })
    }
}
