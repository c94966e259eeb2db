//! Reading a content folder: parse every file, check what serde cannot
//! (dates, links, file names that must match their contents), and collect
//! every problem with the file it is in. Nothing is stored here: a bundle is
//! either entirely valid or not imported at all.

use std::collections::BTreeSet;
use std::fmt;

use include_dir::{Dir, include_dir};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::model::{Block, BoardTerm, EditionPage, Embed, GalleryItem, Naclo, SiteFile, SubPage};
use super::origin::EmbedOrigin;
use srcset::{check_srcset, srcset_paths};

/// The repository's `content/` folder, built into the binary so a release
/// started anywhere has the site's content at first start.
static BUNDLED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../content");

/// One parsed, valid content file and the digest of its source.
#[derive(Debug, Clone)]
pub struct Document<T> {
    pub value: T,
    pub source_sha256: String,
}

/// Every content file of a folder, all valid.
#[derive(Debug, Clone)]
pub struct Bundle {
    pub site: Document<SiteFile>,
    pub naclo: Document<Naclo>,
    /// Newest term first.
    pub board: Vec<Document<BoardTerm>>,
    /// Newest edition first.
    pub editions: Vec<Document<EditionPage>>,
}

/// A problem in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Relative to the content folder, e.g. `editions/2025.toml`.
    pub file: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

/// Why a folder cannot be imported: every problem found, not just the first.
#[derive(Debug, Clone)]
pub struct Invalid(pub Vec<Problem>);

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the content is not valid, nothing was imported:")?;
        for problem in &self.0 {
            write!(f, "\n  {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Invalid {}

/// A content file as read: its path relative to the folder and its bytes.
pub struct Source {
    pub file: String,
    pub bytes: Vec<u8>,
}

/// The content built into the binary (the repository's `content/`).
pub fn bundled() -> Bundle {
    let mut sources = Vec::new();
    collect_embedded(&BUNDLED, &mut sources);
    parse(sources).expect("the bundled content is valid (a unit test checks it)")
}

fn collect_embedded(dir: &Dir<'static>, sources: &mut Vec<Source>) {
    for file in dir.files() {
        let path = file.path().to_string_lossy().replace('\\', "/");
        if is_content_file(&path) {
            sources.push(Source { file: path, bytes: file.contents().to_vec() });
        }
    }
    for sub in dir.dirs() {
        collect_embedded(sub, sources);
    }
}

impl Bundle {
    /// Every image the content shows, as (file, field, path): each must be
    /// a file the site serves, which only the caller can tell.
    pub fn images(&self) -> Vec<(String, String, String)> {
        let mut found = Vec::new();
        let mut gallery = |file: &str, at: &str, items: &[GalleryItem]| {
            for (i, item) in items.iter().enumerate() {
                found.push((file.to_owned(), format!("{at}[{i}].original"), item.original.clone()));
                found.push((file.to_owned(), format!("{at}[{i}].thumbnail"), item.thumbnail.clone()));
                for path in srcset_paths(item.srcset.as_deref()) {
                    found.push((file.to_owned(), format!("{at}[{i}].srcset"), path));
                }
            }
        };
        gallery("site.toml", "gallery", &self.site.value.gallery);
        for edition in &self.editions {
            let file = file_of("edition", &edition.value.year.to_string());
            for (p, page) in edition.value.pages.iter().enumerate() {
                for (s, section) in page.sections.iter().enumerate() {
                    for (b, block) in section.blocks.iter().enumerate() {
                        if let Block::Gallery { items, .. } = block {
                            gallery(&file, &format!("pages[{p}].sections[{s}].blocks[{b}].items"), items);
                        }
                    }
                }
            }
        }
        for term in &self.board {
            let file = file_of("board", &term.value.term);
            for (i, member) in term.value.members.iter().enumerate() {
                if let Some(photo) = &member.photo {
                    found.push((file.clone(), format!("members[{i}].photo.src"), photo.src.clone()));
                    for path in srcset_paths(photo.srcset.as_deref()) {
                        found.push((file.clone(), format!("members[{i}].photo.srcset"), path));
                    }
                }
            }
        }
        found
    }

    /// The problems of images the site does not serve (`exists` tells).
    pub fn missing_images(&self, exists: impl Fn(&str) -> bool) -> Result<(), Invalid> {
        let problems: Vec<Problem> = self
            .images()
            .into_iter()
            .filter(|(_, _, path)| !exists(path))
            .map(|(file, at, path)| Problem {
                file,
                message: format!("{at} {path:?}: there is no such image on the site"),
            })
            .collect();
        if problems.is_empty() { Ok(()) } else { Err(Invalid(problems)) }
    }

    /// The documents, as the database and the editors hold them.
    pub fn documents(&self) -> Vec<StoredDocument> {
        let json = |value: serde_json::Result<serde_json::Value>| value.expect("content serialises to JSON");
        let mut documents = vec![
            StoredDocument {
                kind: "site".into(),
                key: String::new(),
                body: json(serde_json::to_value(&self.site.value)),
            },
            StoredDocument {
                kind: "naclo".into(),
                key: String::new(),
                body: json(serde_json::to_value(&self.naclo.value)),
            },
        ];
        documents.extend(self.board.iter().map(|term| StoredDocument {
            kind: "board".into(),
            key: term.value.term.clone(),
            body: json(serde_json::to_value(&term.value)),
        }));
        documents.extend(self.editions.iter().map(|edition| StoredDocument {
            kind: "edition".into(),
            key: edition.value.year.to_string(),
            body: json(serde_json::to_value(&edition.value)),
        }));
        documents
    }
}

/// TOML files at the top, in `board/` and in `editions/`; the generators'
/// folders (`images/`, `program/`) hold no content.
pub(super) fn is_content_file(file: &str) -> bool {
    let depth = file.matches('/').count();
    file.ends_with(".toml")
        && (depth == 0 || (depth == 1 && (file.starts_with("board/") || file.starts_with("editions/"))))
}

/// Parses and checks every source; valid only if every file is.
pub fn parse(mut sources: Vec<Source>) -> Result<Bundle, Invalid> {
    sources.sort_by(|a, b| a.file.cmp(&b.file));
    let mut problems = Vec::new();
    let mut site = None;
    let mut naclo = None;
    let mut board = Vec::new();
    let mut editions = Vec::new();
    for source in &sources {
        let file = source.file.as_str();
        let mut problem = |message: String| problems.push(Problem { file: file.to_owned(), message });
        if file == "site.toml" {
            site = read::<SiteFile>(source, &mut problem, check_site);
        } else if file == "naclo.toml" {
            naclo = read::<Naclo>(source, &mut problem, check_naclo);
        } else if let Some(stem) = file.strip_prefix("board/").and_then(|f| f.strip_suffix(".toml")) {
            board.extend(read::<BoardTerm>(source, &mut problem, |term| check_board_term(term, stem)));
        } else if let Some(stem) = file.strip_prefix("editions/").and_then(|f| f.strip_suffix(".toml")) {
            editions
                .extend(read::<EditionPage>(source, &mut problem, |edition| check_edition(edition, stem)));
        } else {
            problem(
                "is not a content file: expected site.toml, naclo.toml, board/*.toml or editions/*.toml"
                    .into(),
            );
        }
    }
    let mut missing = |file: &str, what: &str| {
        problems.push(Problem { file: file.into(), message: format!("is missing: {what}") });
    };
    if site.is_none() && !sources.iter().any(|s| s.file == "site.toml") {
        missing("site.toml", "the site's name, footer and home page are required");
    }
    if naclo.is_none() && !sources.iter().any(|s| s.file == "naclo.toml") {
        missing("naclo.toml", "the NACLO page is required");
    }
    if !sources.iter().any(|s| s.file.starts_with("board/")) {
        missing("board/", "at least one board term is required");
    }
    if !sources.iter().any(|s| s.file.starts_with("editions/")) {
        missing("editions/", "at least one conference edition is required");
    }
    match (site, naclo) {
        (Some(site), Some(naclo)) if problems.is_empty() => {
            board.sort_by(|a, b| b.value.term.cmp(&a.value.term));
            editions.sort_by_key(|e| std::cmp::Reverse(e.value.year));
            Ok(Bundle { site, naclo, board, editions })
        }
        _ => Err(Invalid(problems)),
    }
}

/// One document as the database and the editors hold it: parsed JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredDocument {
    pub kind: String,
    pub key: String,
    pub body: serde_json::Value,
}

/// Where a stored document's problems are reported: the file it would be.
pub fn file_of(kind: &str, key: &str) -> String {
    match kind {
        "site" | "naclo" => format!("{kind}.toml"),
        "board" => format!("board/{key}.toml"),
        _ => format!("editions/{key}.toml"),
    }
}

/// Checks documents edited in the browser exactly as `parse` checks files:
/// the same types (no unknown fields) and the same rules, with every
/// problem reported against the file the document would be.
pub fn from_documents(documents: &[StoredDocument]) -> Result<Bundle, Invalid> {
    let mut sources = Vec::new();
    let mut problems = Vec::new();
    for document in documents {
        let file = file_of(&document.kind, &document.key);
        // Through TOML, so what is published can always be exported.
        match toml::to_string(&without_nulls(document.body.clone())) {
            Ok(text) => sources.push(Source { file, bytes: text.into_bytes() }),
            Err(error) => {
                problems.push(Problem { file, message: format!("cannot be written as TOML: {error}") })
            }
        }
    }
    if !problems.is_empty() {
        return Err(Invalid(problems));
    }
    parse(sources)
}

/// `value` without the object members that are null: an optional field
/// left empty is absent, as in a file.
pub fn without_nulls(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Object(members) => Value::Object(
            members.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, without_nulls(v))).collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

/// Parses one file and runs its checks, reporting problems through `problem`.
fn read<T: DeserializeOwned + Serialize>(
    source: &Source,
    problem: &mut impl FnMut(String),
    check: impl FnOnce(&T) -> Vec<String>,
) -> Option<Document<T>> {
    let text = match std::str::from_utf8(&source.bytes) {
        Ok(text) => text,
        Err(_) => {
            problem("is not UTF-8 text".into());
            return None;
        }
    };
    let value: T = match toml::from_str(text) {
        Ok(value) => value,
        Err(error) => {
            problem(error.to_string().trim_end().replace('\n', "\n    "));
            return None;
        }
    };
    let mut found = check(&value);
    found.extend(super::weekdays::check_document(&serde_json::to_value(&value).expect("content serialises")));
    if !found.is_empty() {
        found.into_iter().for_each(problem);
        return None;
    }
    Some(Document { value, source_sha256: hex::encode(Sha256::digest(&source.bytes)) })
}

fn check_site(site: &SiteFile) -> Vec<String> {
    let mut found = Vec::new();
    check_href(&site.home.events.href, "home.events.href", &mut found);
    check_href(&site.home.sculc_blurb.href, "home.sculc_blurb.href", &mut found);
    if !site.footer.email.contains('@') {
        found.push(format!("footer.email {:?} is not an e-mail address", site.footer.email));
    }
    check_gallery(&site.gallery, "gallery", &mut found);
    found
}

fn check_naclo(naclo: &Naclo) -> Vec<String> {
    let mut found = Vec::new();
    for (i, event) in naclo.events.iter().enumerate() {
        let at = format!("events[{i}]");
        check_date(&event.date, &format!("{at}.date"), &mut found);
        check_time(&event.starts, &format!("{at}.starts"), &mut found);
        check_time(&event.ends, &format!("{at}.ends"), &mut found);
        if let Some(arrive_by) = &event.arrive_by {
            check_time(arrive_by, &format!("{at}.arrive_by"), &mut found);
        }
        if let Some(slug) = &event.event_slug {
            if !is_event_slug(slug) {
                found.push(format!(
                    "{at}.event_slug {slug:?} must be an event's address: lowercase letters, digits and hyphens, at most 60"
                ));
            } else if naclo.events[..i].iter().any(|earlier| earlier.event_slug.as_ref() == Some(slug)) {
                found.push(format!(
                    "{at}.event_slug {slug:?} is another session's too: each session has its own"
                ));
            }
        }
    }
    check_embed(&naclo.form, "On the NACLO page, the attendance form", &mut found);
    found
}

/// Whether `slug` can be an event's address (as registration's admins
/// open one): 1 to 60 lowercase letters, digits and hyphens.
fn is_event_slug(slug: &str) -> bool {
    (1..=60).contains(&slug.len())
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Whether `term` names a board term: two consecutive years, "2024-2025".
pub fn is_board_term(term: &str) -> bool {
    term.split_once('-')
        .and_then(|(a, b)| Some((a.parse::<i32>().ok()?, b.parse::<i32>().ok()?)))
        .is_some_and(|(a, b)| a >= 1000 && b == a + 1 && term.len() == 9)
}

fn check_board_term(term: &BoardTerm, stem: &str) -> Vec<String> {
    let mut found = Vec::new();
    if !is_board_term(&term.term) {
        found.push(format!("term {:?} must be two consecutive years, e.g. \"2024-2025\"", term.term));
    } else if term.term != stem {
        found.push(format!(
            "term {:?} does not match the file name (expected board/{}.toml)",
            term.term, term.term
        ));
    }
    if term.members.is_empty() {
        found.push("a board term needs at least one member".into());
    }
    for (i, member) in term.members.iter().enumerate() {
        if member.role.trim().is_empty() {
            found.push(format!("members[{i}].role is empty: every member has a role"));
        }
        if member.name.trim().is_empty() {
            found.push(format!("members[{i}].name is empty: every member needs a name"));
        }
        if let Some(photo) = &member.photo {
            check_image_path(&photo.src, &format!("members[{i}].photo.src"), &mut found);
            check_srcset(photo.srcset.as_deref(), &format!("members[{i}].photo.srcset"), &mut found);
        }
    }
    found
}

fn check_edition(edition: &EditionPage, stem: &str) -> Vec<String> {
    let mut found = Vec::new();
    if edition.year.to_string() != stem {
        found.push(format!(
            "year {} does not match the file name (expected editions/{}.toml)",
            edition.year, edition.year
        ));
    }
    if let Some(day) = &edition.event {
        check_date(&day.date, "event.date", &mut found);
        check_time(&day.starts, "event.starts", &mut found);
        check_time(&day.ends, "event.ends", &mut found);
        if day.starts >= day.ends {
            found.push("event.ends must be after event.starts".into());
        }
    }
    if let Some(countdown_to) = &edition.countdown_to
        && countdown_to.parse::<jiff::Timestamp>().is_err()
    {
        found.push(format!("countdown_to {countdown_to:?} is not an RFC 3339 time (2025-05-17T17:30:00Z)"));
    }
    match edition.pages.first() {
        None => found.push("an edition needs at least one page".into()),
        Some(first) if !first.slug.is_empty() => {
            found.push(format!("the first page's slug must be \"\" (it is {:?})", first.slug));
        }
        Some(_) => {}
    }
    let mut slugs = BTreeSet::new();
    for (p, page) in edition.pages.iter().enumerate() {
        if !slugs.insert(page.slug.as_str()) {
            found.push(format!("pages[{p}]: the slug {:?} is used twice", page.slug));
        }
        if !page.slug.chars().all(|c| c.is_ascii_lowercase()) {
            found.push(format!("pages[{p}].slug {:?} must be lowercase letters a-z only", page.slug));
        }
        check_page(page, &format!("pages[{p}]"), &mut found);
    }
    found
}

fn check_page(page: &SubPage, at: &str, found: &mut Vec<String>) {
    let mut ids = BTreeSet::new();
    let mut embeds = 0;
    for (s, section) in page.sections.iter().enumerate() {
        let at = format!("{at}.sections[{s}]");
        let valid_id = !section.id.is_empty()
            && section.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !valid_id {
            found.push(format!("{at}.id {:?} must be lowercase letters, digits and hyphens", section.id));
        }
        if !ids.insert(section.id.as_str()) {
            found.push(format!("{at}: the id {:?} is used twice on the page", section.id));
        }
        for (b, block) in section.blocks.iter().enumerate() {
            let at = format!("{at}.blocks[{b}]");
            match block {
                Block::Link { href, .. } => check_href(href, &format!("{at}.href"), found),
                Block::Embed { src, title, .. } => {
                    embeds += 1;
                    let place = format!(
                        "On the page “{}”, in the section “{}”, the embed “{title}” (embed {embeds} on the page)",
                        page.title, section.heading
                    );
                    check_src(src, &place, found)
                }
                Block::Gallery { items, .. } => check_gallery(items, &format!("{at}.items"), found),
                Block::Person { link: Some(link), .. } => {
                    check_href(&link.href, &format!("{at}.link.href"), found)
                }
                _ => {}
            }
        }
    }
}

fn check_gallery(items: &[GalleryItem], at: &str, found: &mut Vec<String>) {
    for (i, item) in items.iter().enumerate() {
        check_image_path(&item.original, &format!("{at}[{i}].original"), found);
        check_image_path(&item.thumbnail, &format!("{at}[{i}].thumbnail"), found);
        check_srcset(item.srcset.as_deref(), &format!("{at}[{i}].srcset"), found);
        if item.original_alt.trim().is_empty() {
            found.push(format!("{at}[{i}].original_alt must describe the image"));
        }
    }
}

fn check_embed(embed: &Embed, place: &str, found: &mut Vec<String>) {
    check_src(&embed.src, &format!("{place} “{}”", embed.title), found);
}

/// An embed's address: a path on this site, or an `https://` URL whose
/// origin the pages' Content-Security-Policy can list (`EmbedOrigin`).
/// `place` names the embed as an officer finds it on the page.
fn check_src(src: &str, place: &str, found: &mut Vec<String>) {
    if is_site_path(src) || EmbedOrigin::of_address(src).is_some() {
        return;
    }
    found.push(if is_https_url(src) {
        format!(
            "{place}: its address {src:?} cannot be embedded. After https:// must come the site's name, in \
             lowercase letters, digits, hyphens and dots (perhaps with :port), then / and the rest of the \
             address; no user name, *, quote, comma, semicolon or space."
        )
    } else {
        format!("{place}: its address {src:?} must be a path on this site (/…) or an https:// address.")
    });
}

/// Whether `address` is an absolute `https://` URL with a host.
fn is_https_url(address: &str) -> bool {
    url::Url::parse(address).is_ok_and(|url| url.scheme() == "https" && url.host_str().is_some())
}

fn check_href(href: &str, at: &str, found: &mut Vec<String>) {
    let mailto = href.strip_prefix("mailto:").is_some_and(|address| address.contains('@'));
    if !(is_site_path(href) || mailto || is_https_url(href)) {
        found.push(format!(
            "{at} {href:?} must be a path on this site (/…), an https:// URL or a mailto: link"
        ));
    }
}

fn check_image_path(path: &str, at: &str, found: &mut Vec<String>) {
    // An editor's uploaded photo is served from storage (`images`).
    let uploaded = path.strip_prefix(crate::images::URL_PREFIX).and_then(crate::images::parse_name).is_some();
    if !uploaded && (!path.starts_with("/images/") || path.contains("..")) {
        found.push(format!("{at} {path:?} must be a file under /images/ (web/public/images/)"));
    }
}

fn is_site_path(path: &str) -> bool {
    path.starts_with('/') && !path.starts_with("//") && !path.contains('\\')
}

/// The `https://` origins of every embed in the content, sorted, each once.
/// Embeds of this site's own files (the program PDF) are covered by 'self'.
pub fn frame_origins(bundle: &Bundle) -> Vec<EmbedOrigin> {
    let mut sources = vec![bundle.naclo.value.form.src.as_str()];
    for edition in &bundle.editions {
        for page in &edition.value.pages {
            for section in &page.sections {
                for block in &section.blocks {
                    if let Block::Embed { src, .. } = block {
                        sources.push(src);
                    }
                }
            }
        }
    }
    let origins: BTreeSet<EmbedOrigin> = sources.into_iter().filter_map(EmbedOrigin::of_address).collect();
    origins.into_iter().collect()
}

fn check_date(value: &str, at: &str, found: &mut Vec<String>) {
    if jiff::civil::Date::strptime("%Y-%m-%d", value).is_err() || value.len() != 10 {
        found.push(format!("{at} {value:?} is not a date written YYYY-MM-DD"));
    }
}

fn check_time(value: &str, at: &str, found: &mut Vec<String>) {
    if jiff::civil::Time::strptime("%H:%M", value).is_err() || value.len() != 5 {
        found.push(format!("{at} {value:?} is not a time written HH:MM (24-hour)"));
    }
}

mod srcset;
#[cfg(test)]
mod tests;
