//! The e-mail a co-author gets once when a submitter names them.
//!
//! The submitter chooses the name and the title that appear in it, so the
//! subject carries none of their text, and both are checked to hold no line
//! breaks or other control characters (`details::text`): they cannot add
//! headers or pose as the society's own lines.

use crate::mail::Letter;

const SIGNATURE: &str = "Undergraduate Linguistics Society";

/// Who names co-authors, for which edition.
pub struct Naming<'a> {
    /// The submitter's full name, as their account has it.
    pub submitter: &'a str,
    pub edition_year: i32,
    /// Where a co-author who was named by mistake writes.
    pub contact_email: &'a str,
    pub site_url: &'a str,
}

pub fn coauthor_named(naming: &Naming<'_>, coauthor: &str, title: &str) -> Letter {
    let Naming { submitter, edition_year: year, contact_email, site_url } = naming;
    Letter {
        subject: format!("You were named as a co-author of an abstract for SCULC {year}"),
        body: format!(
            "Hello {coauthor},\n\n\
             {submitter} submitted an abstract to SCULC {year} and named you as a co-author:\n\n\
             \u{201c}{title}\u{201d}\n\n\
             {submitter} is the corresponding author: the organisers write to them about the abstract. \
             You do not need an account on the site, and you do not need to do anything.\n\n\
             If you did not work on this abstract, please tell the organisers at {contact_email}.\n\n\
             {site_url}\n\n\
             {SIGNATURE}\n"
        ),
    }
}
