//! Active content in a PDF: JavaScript, and actions that start programs or
//! send data elsewhere, which a viewer may run when the file is opened or a
//! link followed. Every object the file holds is looked at, wherever it is
//! referenced from, so references, compressed object streams and
//! incremental updates hide nothing; names arrive decoded (`/J#53` is `/JS`).

use lopdf::{Dictionary, Document, Object};
use serde::{Deserialize, Serialize};

/// What kind of active content a file holds (the first found).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActiveContent {
    /// JavaScript: actions, the document's script name tree, XFA forms,
    /// rich media scripts, `javascript:` links.
    JavaScript,
    /// Launch actions and `file:` links: start a program or open a file.
    Launch,
    /// Form actions that send or fetch data.
    FormSubmission,
}

impl ActiveContent {
    /// Why the upload is refused, for its author.
    pub fn message(self) -> String {
        let what = match self {
            Self::JavaScript => "JavaScript",
            Self::Launch => "an action that starts a program or opens a file",
            Self::FormSubmission => "a form that sends data elsewhere",
        };
        format!(
            "The PDF contains {what}, which an abstract may not have. \
             Export it again as a plain PDF (for example with Print to PDF) and upload that."
        )
    }
}

/// Nesting deeper than this is not followed (lopdf's parser stops at 100).
const MAX_DEPTH: usize = 128;

/// The first active content among the document's objects, if any.
pub fn find(document: &Document) -> Option<ActiveContent> {
    document.objects.values().find_map(|object| in_object(object, 0))
}

fn in_object(object: &Object, depth: usize) -> Option<ActiveContent> {
    if depth > MAX_DEPTH {
        return None;
    }
    match object {
        Object::Dictionary(dictionary) => in_dictionary(dictionary, depth),
        Object::Stream(stream) => in_dictionary(&stream.dict, depth),
        Object::Array(items) => items.iter().find_map(|item| in_object(item, depth + 1)),
        _ => None,
    }
}

fn in_dictionary(dictionary: &Dictionary, depth: usize) -> Option<ActiveContent> {
    // /JS: an action's script; /JavaScript: the document's name tree of
    // scripts; /XFA: a form whose scripts Acrobat runs.
    if [b"JS".as_slice(), b"JavaScript", b"XFA"].iter().any(|key| dictionary.has(key)) {
        return Some(ActiveContent::JavaScript);
    }
    let found = match dictionary.get(b"S").and_then(Object::as_name) {
        Ok(b"JavaScript" | b"RichMediaExecute") => Some(ActiveContent::JavaScript),
        Ok(b"Launch") => Some(ActiveContent::Launch),
        Ok(b"SubmitForm" | b"ImportData") => Some(ActiveContent::FormSubmission),
        Ok(b"URI") => dictionary.get(b"URI").ok().and_then(in_link),
        _ => None,
    };
    found.or_else(|| dictionary.iter().find_map(|(_, value)| in_object(value, depth + 1)))
}

/// A link whose address runs a script or opens a local file. Browsers drop
/// tabs, line breaks and leading spaces or controls from an address, so
/// `" java\tscript:"` counts too.
fn in_link(address: &Object) -> Option<ActiveContent> {
    let Object::String(bytes, _) = address else { return None };
    let scheme: String = bytes
        .iter()
        .skip_while(|byte| **byte <= b' ')
        .filter(|byte| !matches!(byte, b'\t' | b'\n' | b'\r'))
        .take_while(|byte| **byte != b':')
        .map(|byte| char::from(byte.to_ascii_lowercase()))
        .collect();
    match scheme.as_str() {
        "javascript" | "vbscript" | "data" => Some(ActiveContent::JavaScript),
        "file" => Some(ActiveContent::Launch),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use lopdf::{Stream, dictionary};

    use super::*;

    fn one(object: impl Into<Object>) -> Option<ActiveContent> {
        let mut document = Document::with_version("1.7");
        document.add_object(object.into());
        find(&document)
    }

    fn link(address: &str) -> Option<ActiveContent> {
        one(dictionary! {"S" => "URI", "URI" => Object::string_literal(address)})
    }

    #[test]
    fn scripts_are_found_in_actions_name_trees_forms_and_stream_dictionaries() {
        assert_eq!(
            one(dictionary! {"S" => "JavaScript", "JS" => Object::string_literal("1")}),
            Some(ActiveContent::JavaScript)
        );
        assert_eq!(
            one(dictionary! {"JavaScript" => dictionary! {"Names" => vec![]}}),
            Some(ActiveContent::JavaScript)
        );
        assert_eq!(one(dictionary! {"Fields" => vec![], "XFA" => vec![]}), Some(ActiveContent::JavaScript));
        let nested = dictionary! {"Annots" => vec![Object::Dictionary(dictionary! {"A" => dictionary! {"S" => "JavaScript"}})]};
        assert_eq!(one(nested), Some(ActiveContent::JavaScript));
        assert_eq!(
            one(Stream::new(dictionary! {"AA" => dictionary! {"O" => dictionary! {"JS" => 1}}}, vec![])),
            Some(ActiveContent::JavaScript)
        );
    }

    #[test]
    fn launches_and_form_submissions_are_found() {
        assert_eq!(one(dictionary! {"S" => "Launch"}), Some(ActiveContent::Launch));
        assert_eq!(one(dictionary! {"S" => "SubmitForm"}), Some(ActiveContent::FormSubmission));
        assert_eq!(one(dictionary! {"S" => "ImportData"}), Some(ActiveContent::FormSubmission));
    }

    #[test]
    fn links_are_judged_by_their_scheme_as_a_browser_reads_it() {
        assert_eq!(link("javascript:alert(1)"), Some(ActiveContent::JavaScript));
        assert_eq!(link(" \u{1}JaVa\tScRiPt:alert(1)"), Some(ActiveContent::JavaScript));
        assert_eq!(link("data:text/html,<script>alert(1)</script>"), Some(ActiveContent::JavaScript));
        assert_eq!(link("file:///etc/passwd"), Some(ActiveContent::Launch));
        assert_eq!(link("https://example.org/javascript:"), None);
        assert_eq!(link("mailto:sculc@example.edu"), None);
    }

    #[test]
    fn ordinary_documents_have_none() {
        assert_eq!(one(dictionary! {"S" => "GoTo", "D" => vec![]}), None);
        assert_eq!(
            one(dictionary! {"Type" => "Catalog", "OpenAction" => vec![Object::Null, "Fit".into()]}),
            None
        );
        // A word in the text is not a key: only dictionaries are read.
        assert_eq!(one(Object::string_literal("/JavaScript /JS /Launch")), None);
    }
}
