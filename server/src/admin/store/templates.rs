//! The decision e-mails' templates in the database.

use crate::activity::{NewEntry, record};
use crate::admin::types::{MailTemplate, TemplateText};
use crate::db::Db;
use crate::letters::store::Template;
use crate::letters::{PLACEHOLDERS, TemplateKind};
use crate::{clock, on_db};

impl From<Template> for MailTemplate {
    fn from(row: Template) -> Self {
        Self {
            kind: row.kind,
            subject: row.subject,
            body: row.body,
            placeholders: PLACEHOLDERS.iter().map(|p| format!("{{{p}}}")).collect(),
        }
    }
}

impl Db {
    pub async fn mail_templates(&self) -> sqlx::Result<Vec<MailTemplate>> {
        let rows: Vec<Template> = on_db!(self, |pool| {
            sqlx::query_as("SELECT kind, subject, body FROM mail_templates ORDER BY kind")
                .fetch_all(pool)
                .await?
        });
        Ok(rows.into_iter().map(MailTemplate::from).collect())
    }

    pub async fn mail_template(&self, kind: TemplateKind) -> sqlx::Result<Option<MailTemplate>> {
        Ok(self.letter_template(kind).await?.map(MailTemplate::from))
    }

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
