//! A PDF's document metadata: the Info dictionary (Title, Author, Subject,
//! Keywords, Creator, Producer, any other key) and XMP metadata streams
//! (the catalog's, and any object's own). The anonymity check reads all of
//! it for the authors' names; reviewers get a copy without any of it.
//! Runs only in the inspector's child process (see `pdf`): these files are
//! untrusted.

use std::collections::BTreeSet;
use std::path::Path;

use lopdf::{Dictionary, Document, Object, ObjectId};

/// The most metadata text read from one document; a name past it is not
/// looked for (the copy reviewers get has none of it either way).
const MAX_PROPERTIES_BYTES: usize = 4 << 20;

/// Every text the document's properties hold, one value a line: each string
/// of the Info dictionary, and the text of every XMP stream (element and
/// attribute values alike).
pub fn properties_text(document: &Document) -> String {
    let mut text = String::new();
    if let Some(info) = info(document) {
        for (_, value) in info.iter() {
            if let Object::String(bytes, _) = resolved(document, value) {
                text.push_str(&decode_text_string(bytes));
                text.push('\n');
            }
        }
    }
    for id in metadata_streams(document) {
        if text.len() >= MAX_PROPERTIES_BYTES {
            break;
        }
        if let Ok(Object::Stream(stream)) = document.get_object(id) {
            let content = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
            let content = &content[..content.len().min(MAX_PROPERTIES_BYTES - text.len())];
            text.push_str(&xml_text(&String::from_utf8_lossy(content)));
            text.push('\n');
        }
    }
    text
}

/// Removes every piece of document metadata: the trailer's Info (and its
/// object), every /Metadata entry (and the streams they name), any other
/// XMP stream, and the object and cross-reference streams lopdf has
/// already unpacked (they may hold older copies of the same).
pub fn strip(document: &mut Document) {
    let mut dropped: BTreeSet<ObjectId> = BTreeSet::new();
    if let Ok(Object::Reference(id)) = document.trailer.get(b"Info") {
        dropped.insert(*id);
    }
    document.trailer.remove(b"Info");
    for (id, object) in document.objects.iter_mut() {
        if let Object::Stream(stream) = object
            && [&b"Metadata"[..], b"ObjStm", b"XRef"].iter().any(|kind| stream.dict.has_type(kind))
        {
            dropped.insert(*id);
        }
        strip_object(object, &mut dropped);
    }
    for id in dropped {
        document.objects.remove(&id);
    }
    // An older Info dictionary (left by an incremental save under another
    // number) is reachable from nothing once the trailer forgets it: drop
    // every object the document no longer refers to.
    document.prune_objects();
}

/// Loads `file`, strips its metadata and writes the copy to `stripped`.
pub fn write_stripped(file: &Path, stripped: &Path) -> Result<(), String> {
    let mut document = Document::load(file).map_err(|e| format!("not a readable PDF: {e}"))?;
    strip(&mut document);
    document.save(stripped).map(|_| ()).map_err(|e| format!("cannot write the copy: {e}"))
}

/// Removes /Metadata (and /PieceInfo, an application's private data) from
/// every dictionary within `object`, noting the objects they named.
fn strip_object(object: &mut Object, dropped: &mut BTreeSet<ObjectId>) {
    match object {
        Object::Dictionary(dict) => strip_dictionary(dict, dropped),
        Object::Stream(stream) => strip_dictionary(&mut stream.dict, dropped),
        Object::Array(items) => items.iter_mut().for_each(|item| strip_object(item, dropped)),
        _ => {}
    }
}

fn strip_dictionary(dict: &mut Dictionary, dropped: &mut BTreeSet<ObjectId>) {
    for key in [&b"Metadata"[..], b"PieceInfo"] {
        if let Ok(Object::Reference(id)) = dict.get(key) {
            dropped.insert(*id);
        }
        dict.remove(key);
    }
    for (_, value) in dict.iter_mut() {
        strip_object(value, dropped);
    }
}

/// The Info dictionary, if the trailer has one.
fn info(document: &Document) -> Option<&Dictionary> {
    resolved(document, document.trailer.get(b"Info").ok()?).as_dict().ok()
}

/// `object`, or what it refers to (one step; a dangling reference is null).
fn resolved<'a>(document: &'a Document, object: &'a Object) -> &'a Object {
    match object {
        Object::Reference(id) => document.get_object(*id).unwrap_or(&Object::Null),
        other => other,
    }
}

/// The XMP streams: those named by any /Metadata entry and those typed /Metadata.
fn metadata_streams(document: &Document) -> BTreeSet<ObjectId> {
    let mut found = BTreeSet::new();
    for (id, object) in &document.objects {
        let dict = match object {
            Object::Dictionary(dict) => dict,
            Object::Stream(stream) => {
                if stream.dict.has_type(b"Metadata") {
                    found.insert(*id);
                }
                &stream.dict
            }
            _ => continue,
        };
        if let Ok(Object::Reference(metadata)) = dict.get(b"Metadata") {
            found.insert(*metadata);
        }
    }
    found
}

/// The text of an XML document: markup characters become spaces (so
/// attribute values count as much as element text), entities are decoded.
fn xml_text(xml: &str) -> String {
    let spaced: String =
        xml.chars().map(|c| if matches!(c, '<' | '>' | '"' | '\'' | '=') { ' ' } else { c }).collect();
    let mut text = String::with_capacity(spaced.len());
    let mut rest = spaced.as_str();
    while let Some(start) = rest.find('&') {
        text.push_str(&rest[..start]);
        rest = &rest[start..];
        let entity = rest.find(';').filter(|&end| end <= 10).map(|end| (&rest[1..end], end));
        let decoded = entity.and_then(|(name, end)| Some((entity_char(name)?, end)));
        match decoded {
            Some((c, end)) => {
                text.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                text.push('&');
                rest = &rest[1..];
            }
        }
    }
    text.push_str(rest);
    text
}

fn entity_char(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let number = name.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

/// A PDF text string: UTF-16BE with a byte order mark, else (close enough to
/// PDFDocEncoding) Latin-1.
pub fn decode_text_string(bytes: &[u8]) -> String {
    match bytes.strip_prefix(&[0xFE, 0xFF]) {
        Some(utf16) => {
            let units: Vec<u16> =
                utf16.chunks_exact(2).map(|pair| u16::from_be_bytes([pair[0], pair[1]])).collect();
            String::from_utf16_lossy(&units)
        }
        None => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xmp_text_keeps_element_and_attribute_values_and_decodes_entities() {
        let xmp = r#"<rdf:Description pdf:Author="Ada Lovelace"><dc:creator><rdf:Seq><rdf:li>Zo&#235; N&#xFA;&#241;ez &amp; co</rdf:li></rdf:Seq></dc:creator>"#;
        let text = xml_text(xmp);
        assert!(text.contains(" Ada Lovelace "), "{text}");
        assert!(text.contains("Zoë Núñez & co"), "{text}");
        assert_eq!(xml_text("a &bogus; b &"), "a &bogus; b &");
    }

    #[test]
    fn pdf_text_strings_decode_utf16_and_latin1() {
        assert_eq!(decode_text_string(&[0xFE, 0xFF, 0x00, 0x41, 0x00, 0xE9]), "Aé");
        assert_eq!(decode_text_string(b"Ada Lovelace"), "Ada Lovelace");
    }
}
