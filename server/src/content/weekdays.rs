//! Dates written out in content text ("Saturday 17 May 2025", "Saturday,
//! May 17, 2025") must fall on the weekday they name: a page copied from
//! last year with only the year changed would otherwise announce the
//! conference on a day that does not exist.

use jiff::civil::{Date, Weekday};

const WEEKDAYS: [(&str, Weekday); 7] = [
    ("monday", Weekday::Monday),
    ("tuesday", Weekday::Tuesday),
    ("wednesday", Weekday::Wednesday),
    ("thursday", Weekday::Thursday),
    ("friday", Weekday::Friday),
    ("saturday", Weekday::Saturday),
    ("sunday", Weekday::Sunday),
];

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

fn weekday(word: &str) -> Option<Weekday> {
    let word = word.to_ascii_lowercase();
    WEEKDAYS
        .iter()
        .find(|(name, _)| *name == word || (word.len() == 3 && name.starts_with(&word)))
        .map(|w| w.1)
}

fn month(word: &str) -> Option<i8> {
    let word = word.to_ascii_lowercase();
    let found =
        MONTHS.iter().position(|name| *name == word || (word.len() == 3 && name.starts_with(&word)))?;
    i8::try_from(found + 1).ok()
}

fn day(word: &str) -> Option<i8> {
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

fn year(word: &str) -> Option<i16> {
    (word.len() == 4 && word.bytes().all(|b| b.is_ascii_digit())).then(|| word.parse().ok()).flatten()
}

/// Each date in `text` that names the wrong weekday, or no such day, as a
/// sentence for the editor: `"Saturday 17 May 2026" is a Sunday`.
pub fn mismatches(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|word| word.trim_matches(|c: char| matches!(c, '.' | '(' | ')' | ';' | ':')))
        .filter(|word| !word.is_empty())
        .collect();
    let mut found = Vec::new();
    for (at, word) in words.iter().enumerate() {
        let Some(named) = weekday(word) else { continue };
        let [a, b, c] = match words.get(at + 1..at + 4) {
            Some(&[a, b, c]) => [a, b, c],
            _ => continue,
        };
        // "17 May 2026" or "May 17 2026".
        let parts = match (day(a), month(b), month(a), day(b), year(c)) {
            (Some(d), Some(m), _, _, Some(y)) | (_, _, Some(m), Some(d), Some(y)) => (y, m, d),
            _ => continue,
        };
        let written = format!("{word} {a} {b} {c}");
        match Date::new(parts.0, parts.1, parts.2) {
            Ok(date) if date.weekday() == named => {}
            Ok(date) => found.push(format!("\"{written}\" is a {:?}", date.weekday())),
            Err(_) => found.push(format!("\"{written}\" is not a date")),
        }
    }
    found
}

/// Every string in a document, with the path of the field that holds it.
pub fn strings(value: &serde_json::Value, at: &str, out: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::String(text) => out.push((at.to_owned(), text.clone())),
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                strings(item, &format!("{at}.{i}"), out);
            }
        }
        serde_json::Value::Object(members) => {
            for (name, member) in members {
                let path = if at.is_empty() { name.clone() } else { format!("{at}.{name}") };
                strings(member, &path, out);
            }
        }
        _ => {}
    }
}

/// The mismatched dates of a whole document, each as (entry, field,
/// what is wrong): `("pages.0.sections.0.blocks.0.items.0", "value", …)`.
pub fn check_document(value: &serde_json::Value) -> Vec<(String, String, String)> {
    let mut texts = Vec::new();
    strings(value, "", &mut texts);
    texts
        .into_iter()
        .flat_map(|(at, text)| {
            let (entry, field) = at.rsplit_once('.').unwrap_or(("", &at));
            let (entry, field) = (entry.to_owned(), field.to_owned());
            mismatches(&text).into_iter().map(move |problem| (entry.clone(), field.clone(), problem))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_on_its_weekday_passes_in_either_order() {
        assert!(mismatches("Saturday 17 May 2025, 10:30 to 16:00").is_empty());
        assert!(mismatches("Join us on Saturday, May 17, 2025.").is_empty());
        assert!(mismatches("Sat 17 May 2025").is_empty());
        assert!(mismatches("No date here, only Saturday.").is_empty());
    }

    #[test]
    fn a_copied_date_on_the_wrong_weekday_is_named() {
        assert_eq!(mismatches("Saturday 17 May 2026"), ["\"Saturday 17 May 2026\" is a Sunday"]);
        assert_eq!(mismatches("Friday, February 30, 2026"), ["\"Friday February 30 2026\" is not a date"]);
    }

    #[test]
    fn every_string_of_a_document_is_read_with_its_field() {
        let document = serde_json::json!({"pages": [{"sections": [{"blocks": [
            {"type": "facts", "items": [{"label": "Date", "value": "Saturday 17 May 2026"}]}
        ]}]}]});
        assert_eq!(
            check_document(&document),
            [(
                "pages.0.sections.0.blocks.0.items.0".to_owned(),
                "value".to_owned(),
                "\"Saturday 17 May 2026\" is a Sunday".to_owned()
            )]
        );
    }
}
