//! The current edition as the frame shows it, and the editions the nav
//! lists, from the data: the editions table (which `colloquy edition call`
//! and admins add to) and the imported content. Opening SCULC 2026 is data,
//! not code: its year joins the dropdown and the banner at once, and its
//! page is a short announcement until its content is imported.

use super::calendar;
use super::editions::{Edition, pacific};
use super::model::{Block, CurrentEdition, EditionPage, LinkStyle, Section, SubPage};
use super::store::EDITION;
use crate::db::Db;

impl Db {
    /// The years the SCULC dropdown lists, newest first: editions with
    /// content or with a row (a call for abstracts) or both.
    pub async fn nav_editions(&self) -> sqlx::Result<Vec<i32>> {
        let mut years = self.edition_years().await?;
        years.extend(self.content_keys(EDITION).await?.iter().filter_map(|year| year.parse::<i32>().ok()));
        years.sort_unstable_by(|a, b| b.cmp(a));
        years.dedup();
        Ok(years)
    }

    /// The newest edition's facts for the banner and the SCULC page.
    pub async fn current_edition_facts(&self) -> anyhow::Result<Option<CurrentEdition>> {
        let Some(edition) = self.current_edition().await? else { return Ok(None) };
        let year = edition.year;
        let page: Option<EditionPage> = self.content_document(EDITION, &year.to_string()).await?;
        let countdown_to = match page.as_ref() {
            Some(EditionPage { countdown_to: Some(at), .. }) => Some(at.clone()),
            Some(EditionPage { event: Some(day), .. }) => Some(calendar::starts_at(day)?.to_string()),
            _ => None,
        };
        Ok(Some(CurrentEdition {
            year,
            title: page.map_or_else(|| format!("SCULC {year}"), |page| page.title),
            path: format!("/sculc-{year}"),
            countdown_to,
            call_open: edition.call_open,
        }))
    }
}

/// The page of an edition that has a call for abstracts but no content yet:
/// the call's window, the way to submit, and the status button.
pub fn announcement(edition: &Edition) -> EditionPage {
    let year = edition.year;
    let call = match (edition.call_opens_at, edition.call_closes_at) {
        (Some(opens), Some(closes)) => format!(
            "The call for abstracts for SCULC {year} is open from {} to {}.",
            pacific(opens),
            pacific(closes)
        ),
        (None, Some(closes)) => {
            format!("The call for abstracts for SCULC {year} is open until {}.", pacific(closes))
        }
        (Some(opens), None) => {
            format!("The call for abstracts for SCULC {year} opens on {}.", pacific(opens))
        }
        (None, None) => format!("The call for abstracts for SCULC {year} is open."),
    };
    let title = format!("SCULC {year}");
    EditionPage {
        year,
        title: title.clone(),
        event: None,
        countdown_to: None,
        pages: vec![SubPage {
            slug: String::new(),
            nav_label: "Home".into(),
            title,
            sections: vec![Section {
                id: "call-for-abstracts".into(),
                heading: "Call for Abstracts".into(),
                menu_label: None,
                blocks: vec![
                    Block::Paragraph { text: call },
                    Block::Link {
                        label: "Submit an Abstract".into(),
                        href: "/sculc/submit-abstract".into(),
                        style: Some(LinkStyle::Button),
                    },
                    Block::SubmissionStatus,
                ],
            }],
        }],
    }
}
