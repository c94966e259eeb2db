//! What a decision letter is written from: the template of its kind and
//! the submission's author.

use uuid::Uuid;

use super::{Addressee, TemplateKind};
use crate::db::Db;
use crate::on_db;

/// A decision e-mail's template; its kind is read strictly.
#[derive(Debug, sqlx::FromRow)]
pub struct Template {
    pub kind: TemplateKind,
    pub subject: String,
    pub body: String,
}

impl Db {
    pub async fn letter_template(&self, kind: TemplateKind) -> sqlx::Result<Option<Template>> {
        on_db!(self, |pool| {
            sqlx::query_as("SELECT kind, subject, body FROM mail_templates WHERE kind = $1")
                .bind(kind.as_str())
                .fetch_optional(pool)
                .await
        })
    }

    /// Submission `id`'s author and title, if there is such a submission.
    pub async fn letter_addressee(&self, id: Uuid) -> sqlx::Result<Option<Addressee>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT s.title, u.email, u.first_name, u.last_name
                 FROM submissions s JOIN users u ON u.id = s.user_id WHERE s.id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await
        })
    }
}
