//! The e-mail a reviewer gets when abstracts are assigned to them: one per
//! batch, listing the new codes and titles (never the authors).

use crate::mail::Letter;

/// The letter for `codes_and_titles`, assigned in one batch.
pub fn assignment_letter(
    site_url: &str,
    year: i32,
    reviewer_name: &str,
    codes_and_titles: &[(String, String)],
) -> Letter {
    let count = codes_and_titles.len();
    let subject = if count == 1 {
        format!("SCULC {year}: an abstract to review")
    } else {
        format!("SCULC {year}: {count} abstracts to review")
    };
    let list: String = codes_and_titles.iter().map(|(code, title)| format!("  {code}  {title}\n")).collect();
    let body = format!(
        "Hello {reviewer_name},\n\n\
         You have been asked to review {} for SCULC {year}:\n\n{list}\n\
         Read and score them at {site_url}/review\n\n\
         If you know who wrote one of them, please abstain from it there, with a reason.\n",
        if count == 1 { "this abstract".to_owned() } else { "these abstracts".to_owned() },
    );
    Letter { subject, body }
}
