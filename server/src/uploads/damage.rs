//! Whether a file that parses as a PDF can be opened: a cut-off download
//! keeps its beginning but loses its cross-reference data and the objects
//! after the cut, so a viewer finds pages or contents missing. Producers
//! that write valid files (classic tables, object and cross-reference
//! streams, incremental updates) pass.

use std::collections::HashSet;

use lopdf::xref::{XrefEntry, XrefRecovery};
use lopdf::{Document, Object, ObjectId};

/// Page trees deeper than this are not followed (real ones have a few levels).
const MAX_DEPTH: usize = 64;

/// What is wrong with the document, for the log; `None` when it can be opened.
pub fn damage(document: &Document) -> Option<String> {
    // The cross-reference data is at a file's end: unreadable, the file was
    // cut off or mangled, and whatever a reader rebuilds is a guess.
    if document.xref_recovery == Some(XrefRecovery::Reconstructed) {
        return Some("the cross-reference data is missing or unreadable".into());
    }
    if let Some(id) = unreadable_object(document) {
        return Some(format!("object {id} is listed but cannot be read"));
    }
    pages_problem(document)
}

/// An object the cross-reference data lists but that did not parse. Such an
/// object is skipped by this parser, and another reader might read it
/// differently, so nothing in the file may stay unread. (Offset 0 is how
/// some producers mark an object they left out.)
fn unreadable_object(document: &Document) -> Option<u32> {
    // The parser keeps the encryption dictionary to itself once it has
    // decrypted the rest with it.
    let encryption = document.encryption_state.as_ref().and_then(|state| state.encrypt_object_id());
    let mut listed = document.reference_table.entries.iter().filter_map(|(&id, entry)| match entry {
        XrefEntry::Normal { offset, .. } if *offset > 0 => Some(id),
        XrefEntry::Compressed { .. } => Some(id),
        _ => None,
    });
    listed.find(|&id| {
        encryption.is_none_or(|(encrypt, _)| encrypt != id)
            && document.objects.range((id, 0)..=(id, u16::MAX)).next().is_none()
    })
}

fn pages_problem(document: &Document) -> Option<String> {
    let catalog = match document.catalog() {
        Ok(catalog) => catalog,
        Err(_) => return Some("there is no catalog".into()),
    };
    let root = match catalog.get(b"Pages").and_then(Object::as_reference) {
        Ok(root) => root,
        Err(_) => return Some("the catalog names no page tree".into()),
    };
    let mut walk = Walk { document, seen: HashSet::new(), pages: 0 };
    if let Err(problem) = walk.node(root, 0) {
        return Some(problem);
    }
    if walk.pages == 0 {
        return Some("the document has no pages".into());
    }
    let counted = document.get_dictionary(root).ok().and_then(|root| root.get(b"Count").ok()?.as_i64().ok());
    match counted {
        Some(counted) if counted > walk.pages as i64 => {
            Some(format!("the page tree counts {counted} pages but holds {}", walk.pages))
        }
        _ => None,
    }
}

struct Walk<'a> {
    document: &'a Document,
    seen: HashSet<ObjectId>,
    pages: usize,
}

impl<'a> Walk<'a> {
    fn node(&mut self, id: ObjectId, depth: usize) -> Result<(), String> {
        if depth > MAX_DEPTH || !self.seen.insert(id) {
            return Err("the page tree loops or is too deep".into());
        }
        let node =
            self.document.get_dictionary(id).map_err(|_| format!("page tree node {id:?} is missing"))?;
        let is_pages = match node.get(b"Type").and_then(Object::as_name) {
            Ok(b"Pages") => true,
            Ok(b"Page") => false,
            _ => node.has(b"Kids"),
        };
        if !is_pages {
            self.pages += 1;
            return match node.get(b"Contents") {
                Ok(contents) => self.contents(contents).map_err(|problem| format!("page {id:?}: {problem}")),
                Err(_) => Ok(()),
            };
        }
        let kids = node
            .get(b"Kids")
            .and_then(|kids| self.document.dereference(kids))
            .and_then(|(_, kids)| kids.as_array())
            .map_err(|_| format!("page tree node {id:?} has no kids"))?;
        for kid in kids {
            let kid = kid
                .as_reference()
                .map_err(|_| format!("page tree node {id:?} has a kid that is no reference"))?;
            self.node(kid, depth + 1)?;
        }
        Ok(())
    }

    /// A page's contents: a stream, or an array of streams, each present.
    fn contents(&self, contents: &'a Object) -> Result<(), String> {
        let document = self.document;
        let resolve = |object: &'a Object| -> Result<&'a Object, String> {
            match object {
                Object::Reference(id) => {
                    document.get_object(*id).map_err(|_| format!("contents {id:?} are missing"))
                }
                object => Ok(object),
            }
        };
        match resolve(contents)? {
            Object::Stream(_) | Object::Null => Ok(()),
            Object::Array(parts) => parts.iter().try_for_each(|part| match resolve(part)? {
                Object::Stream(_) => Ok(()),
                _ => Err("a part of the contents is not a stream".into()),
            }),
            _ => Err("the contents are not a stream".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use lopdf::{Stream, dictionary};

    use super::*;

    /// A document of `kids` under one Pages node counting `count`.
    fn document(kids: Vec<Object>, count: i64, extra: Vec<(ObjectId, Object)>) -> Document {
        let mut document = Document::with_version("1.7");
        let pages = document.new_object_id();
        document.objects.insert(
            pages,
            Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => count}),
        );
        for (id, object) in extra {
            document.objects.insert(id, object);
        }
        let catalog = document.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages});
        document.trailer.set("Root", catalog);
        document
    }

    #[test]
    fn a_complete_page_tree_passes() {
        let page = (10, 0);
        let content = (11, 0);
        let doc = document(
            vec![page.into()],
            1,
            vec![
                (
                    page,
                    Object::Dictionary(dictionary! {"Type" => "Page", "Contents" => vec![content.into()]}),
                ),
                (content, Object::Stream(Stream::new(dictionary! {}, b"BT ET".to_vec()))),
            ],
        );
        assert_eq!(damage(&doc), None);
    }

    #[test]
    fn missing_pages_contents_and_loops_are_damage() {
        let page = (10, 0);
        let missing = document(
            vec![page.into(), (12, 0).into()],
            2,
            vec![(page, Object::Dictionary(dictionary! {"Type" => "Page"}))],
        );
        assert!(damage(&missing).unwrap().contains("missing"), "{:?}", damage(&missing));
        let short =
            document(vec![page.into()], 3, vec![(page, Object::Dictionary(dictionary! {"Type" => "Page"}))]);
        assert!(damage(&short).unwrap().contains("counts 3 pages"));
        let no_contents = document(
            vec![page.into()],
            1,
            vec![(page, Object::Dictionary(dictionary! {"Type" => "Page", "Contents" => (13, 0)}))],
        );
        assert!(damage(&no_contents).unwrap().contains("contents"));
        let looping = document(vec![(1, 0).into()], 1, vec![]);
        assert!(damage(&looping).unwrap().contains("loops"));
        assert!(damage(&document(vec![], 0, vec![])).unwrap().contains("no pages"));
    }
}
