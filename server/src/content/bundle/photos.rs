//! The images a document shows, each with the entry and field that name
//! it, so a photo gone from the site is reported next to its photo.

use super::super::model::{Block, BoardTerm, EditionPage, GalleryItem, SiteFile};
use super::checks::Finding;
use super::srcset::srcset_paths;

/// One image a document shows: the entry (`gallery.0`), the field
/// (`original`, `srcset`) and the image's path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub entry: String,
    pub field: &'static str,
    pub path: String,
}

fn gallery(at: &str, items: &[GalleryItem], found: &mut Vec<Image>) {
    for (i, item) in items.iter().enumerate() {
        let entry = format!("{at}.{i}");
        found.push(Image { entry: entry.clone(), field: "original", path: item.original.clone() });
        found.push(Image { entry: entry.clone(), field: "thumbnail", path: item.thumbnail.clone() });
        for path in srcset_paths(item.srcset.as_deref()) {
            found.push(Image { entry: entry.clone(), field: "srcset", path });
        }
    }
}

pub fn site_images(site: &SiteFile) -> Vec<Image> {
    let mut found = Vec::new();
    gallery("gallery", &site.gallery, &mut found);
    found
}

pub fn edition_images(edition: &EditionPage) -> Vec<Image> {
    let mut found = Vec::new();
    for (p, page) in edition.pages.iter().enumerate() {
        for (s, section) in page.sections.iter().enumerate() {
            for (b, block) in section.blocks.iter().enumerate() {
                if let Block::Gallery { items, .. } = block {
                    gallery(&format!("pages.{p}.sections.{s}.blocks.{b}.items"), items, &mut found);
                }
            }
        }
    }
    found
}

pub fn term_images(term: &BoardTerm) -> Vec<Image> {
    let mut found = Vec::new();
    for (i, member) in term.members.iter().enumerate() {
        if let Some(photo) = &member.photo {
            let entry = format!("members.{i}.photo");
            found.push(Image { entry: entry.clone(), field: "src", path: photo.src.clone() });
            for path in srcset_paths(photo.srcset.as_deref()) {
                found.push(Image { entry: entry.clone(), field: "srcset", path });
            }
        }
    }
    found
}

/// The problem of an image the site does not serve (`exists` tells).
pub fn missing(image: Image, exists: impl Fn(&str) -> bool) -> Option<Finding> {
    (!exists(&image.path)).then(|| {
        Finding::new(
            &image.entry,
            image.field,
            format!("the photo “{}” is no longer on the site: upload it again", image.path),
        )
    })
}
