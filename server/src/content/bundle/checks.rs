//! What serde cannot check in a content document (dates, links, photos'
//! descriptions, addresses that must be unique), each problem said in the
//! editor form's own words ("Photo 1: describe the picture for people who
//! cannot see it") and tied to the field it is about, so the form can show
//! it there. The same checks run when a draft is saved, when it is
//! published and when content files are imported.

use std::collections::BTreeSet;

use super::super::model::{Block, BoardTerm, EditionPage, Embed, GalleryItem, Naclo, SiteFile, SubPage};
use super::super::origin::EmbedOrigin;
use super::srcset::check_srcset;

/// One problem of a document: `field` is where the form shows it (dotted,
/// `gallery.0.original_alt`; a key the form matches, never shown to
/// anyone), `message` what an officer reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub field: String,
    pub message: String,
}

impl Finding {
    /// A problem with `field` of the entry at `entry` (`gallery.0`, or ""
    /// for the document itself), said after the entry's place in words.
    pub fn new(entry: &str, field: &str, says: impl Into<String>) -> Self {
        let says = says.into();
        let field_key = match (entry.is_empty(), field.is_empty()) {
            (true, _) => field.to_owned(),
            (false, true) => entry.to_owned(),
            (false, false) => format!("{entry}.{field}"),
        };
        let message = match place(entry) {
            place if place.is_empty() => capitalised(&says),
            place => format!("{place}: {says}"),
        };
        Self { field: field_key, message }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// What the form calls one entry of a list (its legend is "Photo 3").
pub fn entry_word(list: &str) -> &'static str {
    match list {
        "members" => "Member",
        "description" | "intro" => "Paragraph",
        "events" => "Event",
        "pages" => "Page",
        "sections" => "Section",
        "blocks" => "Block",
        "gallery" => "Photo",
        "bring" => "Thing to bring",
        "notes" => "Note",
        _ => "Item",
    }
}

/// What the form calls a group of fields.
fn group(name: &str) -> String {
    match name {
        "home" => "Home".into(),
        "footer" => "Footer".into(),
        "events" => "Events".into(),
        "sculc_blurb" => "SCULC announcement".into(),
        "event" => "Event".into(),
        "photo" => "Photo".into(),
        "link" => "Link".into(),
        "form" => "Attendance form".into(),
        other => capitalised(&other.replace('_', " ")),
    }
}

/// An entry's place in the form's words: `gallery.0` is "Photo 1",
/// `pages.1.sections.0` "Page 2, Section 1", `home.events` "Home, Events".
pub fn place(entry: &str) -> String {
    let segments: Vec<&str> = entry.split('.').filter(|s| !s.is_empty()).collect();
    let mut words = Vec::new();
    let mut at = 0;
    while at < segments.len() {
        let name = segments[at];
        match segments.get(at + 1).and_then(|index| index.parse::<usize>().ok()) {
            Some(index) => {
                words.push(format!("{} {}", entry_word(name), index + 1));
                at += 2;
            }
            None => {
                words.push(group(name));
                at += 1;
            }
        }
    }
    words.join(", ")
}

pub(super) fn check_site(site: &SiteFile) -> Vec<Finding> {
    let mut found = Vec::new();
    check_href(&site.home.events.href, "home.events", &mut found);
    check_href(&site.home.sculc_blurb.href, "home.sculc_blurb", &mut found);
    if !site.footer.email.contains('@') {
        found.push(Finding::new(
            "footer",
            "email",
            format!("“{}” is not an e-mail address", site.footer.email),
        ));
    }
    check_gallery(&site.gallery, "gallery", &mut found);
    found
}

pub(super) fn check_naclo(naclo: &Naclo) -> Vec<Finding> {
    let mut found = Vec::new();
    for (i, event) in naclo.events.iter().enumerate() {
        let at = format!("events.{i}");
        check_date(&event.date, &at, "date", &mut found);
        check_time(&event.starts, &at, "starts", &mut found);
        check_time(&event.ends, &at, "ends", &mut found);
        if let Some(arrive_by) = &event.arrive_by {
            check_time(arrive_by, &at, "arrive_by", &mut found);
        }
        if let Some(slug) = &event.event_slug {
            if !is_event_slug(slug) {
                found.push(Finding::new(
                    &at,
                    "event_slug",
                    format!(
                        "the registration's address “{slug}” may hold only lowercase letters, digits and \
                         hyphens, at most 60"
                    ),
                ));
            } else if naclo.events[..i].iter().any(|earlier| earlier.event_slug.as_ref() == Some(slug)) {
                found.push(Finding::new(
                    &at,
                    "event_slug",
                    format!("the registration's address “{slug}” is another session's too: each session has its own"),
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

pub(super) fn check_board_term(term: &BoardTerm, stem: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    if !is_board_term(&term.term) {
        found.push(Finding::new(
            "",
            "term",
            format!("the term “{}” must be two consecutive years, like 2024-2025", term.term),
        ));
    } else if term.term != stem {
        found.push(Finding::new(
            "",
            "term",
            format!("the term “{}” does not match the file's name (board/{}.toml)", term.term, term.term),
        ));
    }
    if term.members.is_empty() {
        found.push(Finding::new("", "members", "a board term needs at least one member"));
    }
    for (i, member) in term.members.iter().enumerate() {
        let at = format!("members.{i}");
        if member.role.trim().is_empty() {
            found.push(Finding::new(&at, "role", "every member needs a role"));
        }
        if member.name.trim().is_empty() {
            found.push(Finding::new(&at, "name", "every member needs a name"));
        }
        if let Some(photo) = &member.photo {
            let at = format!("{at}.photo");
            check_image_path(&photo.src, &at, "src", &mut found);
            check_srcset(photo.srcset.as_deref(), &at, &mut found);
            if photo.alt.trim().is_empty() {
                found.push(Finding::new(&at, "alt", "describe the picture for people who cannot see it"));
            }
        }
    }
    found
}

pub(super) fn check_edition(edition: &EditionPage, stem: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    if edition.year.to_string() != stem {
        found.push(Finding::new(
            "",
            "year",
            format!(
                "the year {} does not match the file's name (editions/{}.toml)",
                edition.year, edition.year
            ),
        ));
    }
    if let Some(day) = &edition.event {
        check_date(&day.date, "event", "date", &mut found);
        check_time(&day.starts, "event", "starts", &mut found);
        check_time(&day.ends, "event", "ends", &mut found);
        if day.starts >= day.ends {
            found.push(Finding::new("event", "ends", "the event must end after it starts"));
        }
    }
    if let Some(countdown_to) = &edition.countdown_to
        && countdown_to.parse::<jiff::Timestamp>().is_err()
    {
        found.push(Finding::new(
            "",
            "countdown_to",
            format!("count down to: “{countdown_to}” is not a time written like 2025-05-17T17:30:00Z"),
        ));
    }
    match edition.pages.first() {
        None => found.push(Finding::new("", "pages", "an edition needs at least one page")),
        Some(first) if !first.slug.is_empty() => {
            found.push(Finding::new("pages.0", "slug", "the first page's address part must be empty"));
        }
        Some(_) => {}
    }
    let mut slugs = BTreeSet::new();
    for (p, page) in edition.pages.iter().enumerate() {
        let at = format!("pages.{p}");
        if !slugs.insert(page.slug.as_str()) {
            found.push(Finding::new(
                &at,
                "slug",
                format!("the address part “{}” is another page's too", page.slug),
            ));
        }
        if !page.slug.chars().all(|c| c.is_ascii_lowercase()) {
            found.push(Finding::new(
                &at,
                "slug",
                format!("the address part “{}” may hold only lowercase letters a to z", page.slug),
            ));
        }
        check_page(page, &at, &mut found);
    }
    found
}

fn check_page(page: &SubPage, at: &str, found: &mut Vec<Finding>) {
    let mut ids = BTreeSet::new();
    let mut embeds = 0;
    for (s, section) in page.sections.iter().enumerate() {
        let at = format!("{at}.sections.{s}");
        let valid_id = !section.id.is_empty()
            && section.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !valid_id {
            found.push(Finding::new(
                &at,
                "id",
                format!("the anchor “{}” may hold only lowercase letters, digits and hyphens", section.id),
            ));
        }
        if !ids.insert(section.id.as_str()) {
            found.push(Finding::new(
                &at,
                "id",
                format!("the anchor “{}” is another section's too", section.id),
            ));
        }
        for (b, block) in section.blocks.iter().enumerate() {
            let at = format!("{at}.blocks.{b}");
            match block {
                Block::Link { href, .. } => check_link(href, &at, "href", found),
                Block::Embed { src, title, .. } => {
                    embeds += 1;
                    let place = format!(
                        "On the page “{}”, in the section “{}”, the embed “{title}” (embed {embeds} on the page)",
                        page.title, section.heading
                    );
                    check_src(src, &place, &format!("{at}.src"), found)
                }
                Block::Gallery { items, .. } => check_gallery(items, &format!("{at}.items"), found),
                Block::Person { link: Some(link), .. } => {
                    check_href(&link.href, &format!("{at}.link"), found)
                }
                _ => {}
            }
        }
    }
}

fn check_gallery(items: &[GalleryItem], at: &str, found: &mut Vec<Finding>) {
    for (i, item) in items.iter().enumerate() {
        let at = format!("{at}.{i}");
        check_image_path(&item.original, &at, "original", found);
        check_image_path(&item.thumbnail, &at, "thumbnail", found);
        check_srcset(item.srcset.as_deref(), &at, found);
        if item.original_alt.trim().is_empty() {
            found.push(Finding::new(
                &at,
                "original_alt",
                "describe the picture for people who cannot see it",
            ));
        }
    }
}

fn check_embed(embed: &Embed, place: &str, found: &mut Vec<Finding>) {
    check_src(&embed.src, &format!("{place} “{}”", embed.title), "form.src", found);
}

/// An embed's address: a path on this site, or an `https://` URL whose
/// origin the pages' Content-Security-Policy can list (`EmbedOrigin`).
/// `place` names the embed as an officer finds it on the page.
fn check_src(src: &str, place: &str, field: &str, found: &mut Vec<Finding>) {
    if is_site_path(src) || EmbedOrigin::of_address(src).is_some() {
        return;
    }
    let message = if is_https_url(src) {
        format!(
            "{place}: its address {src:?} cannot be embedded. After https:// must come the site's name, in \
             lowercase letters, digits, hyphens and dots (perhaps with :port), then / and the rest of the \
             address; no user name, *, quote, comma, semicolon or space."
        )
    } else {
        format!("{place}: its address {src:?} must be a path on this site (/…) or an https:// address.")
    };
    found.push(Finding { field: field.to_owned(), message });
}

/// Whether `address` is an absolute `https://` URL with a host.
fn is_https_url(address: &str) -> bool {
    url::Url::parse(address).is_ok_and(|url| url.scheme() == "https" && url.host_str().is_some())
}

/// A link's address (`href`) of the entry at `at`.
fn check_href(href: &str, at: &str, found: &mut Vec<Finding>) {
    check_link(href, at, "href", found);
}

fn check_link(href: &str, at: &str, field: &str, found: &mut Vec<Finding>) {
    let mailto = href.strip_prefix("mailto:").is_some_and(|address| address.contains('@'));
    if !(is_site_path(href) || mailto || is_https_url(href)) {
        found.push(Finding::new(
            at,
            field,
            format!(
                "the link address “{href}” must be a page of this site (starting with /), an https:// address \
                 or an e-mail address written mailto:name@example.org"
            ),
        ));
    }
}

pub(super) fn check_image_path(path: &str, at: &str, field: &str, found: &mut Vec<Finding>) {
    // An editor's uploaded photo is served from storage (`images`).
    let uploaded = path.strip_prefix(crate::images::URL_PREFIX).and_then(crate::images::parse_name).is_some();
    if !uploaded && (!path.starts_with("/images/") || path.contains("..")) {
        found.push(Finding::new(
            at,
            field,
            format!(
                "“{path}” is not a photo of this site: upload the photo here, or use a file under /images/"
            ),
        ));
    }
}

fn is_site_path(path: &str) -> bool {
    path.starts_with('/') && !path.starts_with("//") && !path.contains('\\')
}

fn check_date(value: &str, at: &str, field: &str, found: &mut Vec<Finding>) {
    if jiff::civil::Date::strptime("%Y-%m-%d", value).is_err() || value.len() != 10 {
        found.push(Finding::new(
            at,
            field,
            format!("write the date “{value}” as year-month-day, like 2026-02-14"),
        ));
    }
}

fn check_time(value: &str, at: &str, field: &str, found: &mut Vec<Finding>) {
    if jiff::civil::Time::strptime("%H:%M", value).is_err() || value.len() != 5 {
        found.push(Finding::new(
            at,
            field,
            format!("write the time “{value}” as hours and minutes on the 24-hour clock, like 09:30"),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_read_as_the_form_names_its_entries() {
        assert_eq!(place("gallery.0"), "Photo 1");
        assert_eq!(place("pages.1.sections.0.blocks.2.items.0"), "Page 2, Section 1, Block 3, Item 1");
        assert_eq!(place("home.events"), "Home, Events");
        assert_eq!(place("members.6.photo"), "Member 7, Photo");
        assert_eq!(
            Finding::new("gallery.0", "original_alt", "describe the picture for people who cannot see it"),
            Finding {
                field: "gallery.0.original_alt".into(),
                message: "Photo 1: describe the picture for people who cannot see it".into()
            }
        );
        assert_eq!(
            Finding::new("", "pages", "an edition needs at least one page").message,
            "An edition needs at least one page"
        );
    }
}
