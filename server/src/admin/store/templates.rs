//! The decision e-mails' templates in the database.

use super::audit::record;
use crate::admin::audit::NewEntry;
use crate::admin::templates::{MailTemplate, PLACEHOLDERS, TemplateKind, TemplateText};
use crate::db::Db;
use crate::{clock, on_db};

#[derive(sqlx::FromRow)]
pub struct TemplateRow {
    kind: String,
    subject: String,
    body: String,
}

impl From<TemplateRow> for MailTemplate {
    fn from(row: TemplateRow) -> Self {
        Self {
            kind: TemplateKind::parse(&row.kind).unwrap_or(TemplateKind::Acceptance),
            subject: row.subject,
            body: row.body,
            placeholders: PLACEHOLDERS.iter().map(|p| format!("{{{p}}}")).collect(),
        }
    }
}

impl Db {
    pub async fn mail_templates(&self) -> sqlx::Result<Vec<MailTemplate>> {
        let rows: Vec<TemplateRow> = on_db!(self, |pool| {
            sqlx::query_as("SELECT kind, subject, body FROM mail_templates ORDER BY kind")
                .fetch_all(pool)
                .await?
        });
        Ok(rows.into_iter().map(MailTemplate::from).collect())
    }

    pub async fn mail_template(&self, kind: TemplateKind) -> sqlx::Result<Option<MailTemplate>> {
        let row: Option<TemplateRow> = on_db!(self, |pool| {
            sqlx::query_as("SELECT kind, subject, body FROM mail_templates WHERE kind = $1")
                .bind(kind.as_str())
                .fetch_optional(pool)
                .await?
        });
        Ok(row.map(MailTemplate::from))
    }
}

impl Db {
    /// Saves the template's text and records `entry`, in one transaction.
    pub async fn update_template_audited(
        &self,
        kind: TemplateKind,
        text: &TemplateText,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            sqlx::query("UPDATE mail_templates SET subject = $1, body = $2, updated_at = $3 WHERE kind = $4")
                .bind(&text.subject)
                .bind(&text.body)
                .bind(clock::now())
                .bind(kind.as_str())
                .execute(&mut *tx)
                .await?;
            record!(&mut *tx, entry)?;
            tx.commit().await?;
        });
        Ok(())
    }
}
