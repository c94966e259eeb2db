use std::path::Path;

use super::*;
use crate::content::model::{EmbedKind, GalleryItem};

fn source(file: &str, text: &str) -> Source {
    Source { file: file.into(), bytes: text.as_bytes().to_vec() }
}

/// The bundled files, read from the repository, with `file` replaced.
fn bundled_with(file: &str, text: &str) -> Vec<Source> {
    let mut sources = Vec::new();
    collect_embedded(&BUNDLED, &mut sources);
    sources.retain(|s| s.file != file);
    sources.push(source(file, text));
    sources
}

fn bundled_text(file: &str) -> String {
    String::from_utf8(BUNDLED.get_file(file).unwrap().contents().to_vec()).unwrap()
}

fn problems(sources: Vec<Source>) -> Vec<String> {
    parse(sources).expect_err("the content is invalid").0.iter().map(Problem::to_string).collect()
}

#[test]
fn the_bundled_content_is_valid_and_complete() {
    let bundle = bundled();
    assert_eq!(bundle.site.value.gallery.len(), 4, "the home carousel has 4 images");
    let terms: Vec<_> = bundle.board.iter().map(|t| t.value.term.as_str()).collect();
    assert_eq!(terms, ["2024-2025", "2023-2024", "2022-2023"]);
    let years: Vec<_> = bundle.editions.iter().map(|e| e.value.year).collect();
    assert_eq!(years, [2025, 2024, 2023, 2022]);
    let roles: Vec<_> = bundle.board[0].value.members.iter().map(|m| m.role.as_str()).collect();
    assert_eq!(
        roles,
        [
            "President",
            "Vice President",
            "Treasurer",
            "Secretary",
            "Internal and External Event Coordinator",
            "Social Media & Marketing",
            "Campus Representative"
        ]
    );
    let slugs = |i: usize| bundle.editions[i].value.pages.iter().map(|p| p.slug.clone()).collect::<Vec<_>>();
    assert_eq!(slugs(2), ["", "program", "schedule", "presentation", "photo"]);
    assert_eq!(slugs(3), ["", "program", "presentation", "photo"]);
    let slides = bundle.editions[0].value.pages[0]
        .sections
        .iter()
        .flat_map(|s| &s.blocks)
        .filter(|b| matches!(b, Block::Embed { kind: EmbedKind::Slides, expandable: true, .. }))
        .count();
    assert_eq!(slides, 4, "SCULC 2025 has four expandable slide embeds");
}

#[test]
fn the_bundled_images_exist_in_web_public() {
    let public = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/public");
    let bundle = bundled();
    let mut items: Vec<&GalleryItem> = bundle.site.value.gallery.iter().collect();
    for edition in &bundle.editions {
        for block in edition.value.pages.iter().flat_map(|p| &p.sections).flat_map(|s| &s.blocks) {
            if let Block::Gallery { items: more, .. } = block {
                items.extend(more);
            }
        }
    }
    for item in items {
        let srcset = item.srcset.as_deref().unwrap_or_default();
        let files =
            srcset.split(", ").filter_map(|c| c.split(' ').next()).chain([&*item.original, &*item.thumbnail]);
        for file in files {
            assert!(public.join(file.trim_start_matches('/')).is_file(), "{file} is in web/public");
        }
    }
}

#[test]
fn an_unknown_field_is_an_error_naming_the_file() {
    let site = bundled_text("site.toml").replace("society_name =", "society_nam =");
    let found = problems(bundled_with("site.toml", &site));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("site.toml: "), "{found:?}");
    assert!(found[0].contains("unknown field `society_nam`"), "{found:?}");
}

#[test]
fn an_unknown_block_type_is_an_error() {
    let edition =
        bundled_text("editions/2024.toml").replacen("type = \"paragraph\"", "type = \"paragraf\"", 1);
    let found = problems(bundled_with("editions/2024.toml", &edition));
    assert!(found[0].starts_with("editions/2024.toml: ") && found[0].contains("paragraf"), "{found:?}");
}

#[test]
fn an_unknown_field_inside_a_block_is_an_error() {
    let edition = bundled_text("editions/2025.toml").replacen("expandable = true", "expandible = true", 1);
    let found = problems(bundled_with("editions/2025.toml", &edition));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("editions/2025.toml: ") && found[0].contains("expandible"), "{found:?}");
}

#[test]
fn dates_times_and_links_are_checked() {
    let naclo =
        bundled_text("naclo.toml").replace("2025-01-23", "23 Jan 2025").replace("\"08:30\"", "\"8:30AM\"");
    let found = problems(bundled_with("naclo.toml", &naclo));
    assert_eq!(
        found,
        [
            "naclo.toml: Event 2: write the date “23 Jan 2025” as year-month-day, like 2026-02-14",
            "naclo.toml: Event 2: write the time “8:30AM” as hours and minutes on the 24-hour clock, like 09:30",
        ]
    );
    let edition = bundled_text("editions/2025.toml").replace("https://zoom.us/", "javascript://zoom.us/");
    let found = problems(bundled_with("editions/2025.toml", &edition));
    assert_eq!(found.len(), 1);
    assert!(
        found[0].contains("must be a page of this site (starting with /), an https:// address"),
        "{found:?}"
    );
}

#[test]
fn file_names_must_match_what_the_files_say() {
    let term = bundled_text("board/2023-2024.toml");
    let mut sources = bundled_with("board/2023-2024.toml", &term);
    sources.push(source("board/2021-2022.toml", &term));
    let found = problems(sources);
    assert_eq!(
        found,
        ["board/2021-2022.toml: The term “2023-2024” does not match the file's name (board/2023-2024.toml)"]
    );
    let found = problems(bundled_with("editions/2030.toml", &bundled_text("editions/2022.toml")));
    assert_eq!(
        found,
        ["editions/2030.toml: The year 2022 does not match the file's name (editions/2022.toml)"]
    );
}

#[test]
fn pages_need_unique_slugs_and_section_ids() {
    let edition = bundled_text("editions/2023.toml").replace("slug = \"schedule\"", "slug = \"program\"");
    let found = problems(bundled_with("editions/2023.toml", &edition));
    assert_eq!(found, ["editions/2023.toml: Page 3: the address part “program” is another page's too"]);
}

#[test]
fn a_new_edition_is_only_data() {
    let next = bundled_text("editions/2022.toml").replace("2022", "2026");
    let bundle = parse(bundled_with("editions/2026.toml", &next)).unwrap();
    assert_eq!(bundle.editions[0].value.year, 2026);
    assert_eq!(bundle.editions[0].value.pages[1].title, "SCULC 2026 Programs");
}

#[test]
fn missing_and_stray_files_are_reported() {
    let found = problems(vec![source("notes.toml", "")]);
    assert_eq!(
        found,
        [
            "notes.toml: is not a content file: expected site.toml, naclo.toml, board/*.toml or editions/*.toml",
            "site.toml: is missing: the site's name, footer and home page are required",
            "naclo.toml: is missing: the NACLO page is required",
            "board/: is missing: at least one board term is required",
            "editions/: is missing: at least one conference edition is required",
        ]
    );
}

#[test]
fn only_toml_files_in_the_content_folders_are_read() {
    assert!(is_content_file("site.toml") && is_content_file("board/2024-2025.toml"));
    assert!(!is_content_file("images/make_images.py") && !is_content_file("images/palette.toml"));
    assert!(!is_content_file("board/old/2019-2020.toml") && !is_content_file("README.md"));
}

#[test]
fn an_embed_whose_origin_could_rewrite_the_csp_is_refused_naming_the_page_and_embed() {
    let talk = "https://docs.google.com/presentation/d/SAMPLE-REPLACE-SCULC-2025-TALK-2/embed";
    for attack in ["https://a;frame-ancestors/x", "https://a;sandbox", "https://*/x", "https://a'b/x"] {
        let edition = bundled_text("editions/2025.toml").replace(talk, attack);
        let found = problems(bundled_with("editions/2025.toml", &edition));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with(&format!(
                "editions/2025.toml: On the page “SCULC 2025”, in the section “Presentations”, the embed \
                 “Presentation 2 (sample): slides” (embed 3 on the page): its address {attack:?} cannot be embedded."
            )),
            "{found:?}"
        );
        assert!(!found[0].contains("blocks["), "no paths of the file's structure: {found:?}");
    }
    let naclo = bundled_text("naclo.toml").replace("https://docs.google.com/forms", "https://*/forms");
    let found = problems(bundled_with("naclo.toml", &naclo));
    assert!(
        found[0].starts_with(
            "naclo.toml: On the NACLO page, the attendance form “NACLO attendance form”: its address"
        ),
        "{found:?}"
    );
    // An international name is written as the browser writes it.
    let edition = bundled_text("editions/2025.toml").replace(talk, "https://bücher.example/slides");
    let bundle = parse(bundled_with("editions/2025.toml", &edition)).expect("an international name is fine");
    let origins: Vec<String> = frame_origins(&bundle).iter().map(ToString::to_string).collect();
    assert_eq!(origins, ["https://docs.google.com", "https://xn--bcher-kva.example"]);
}

#[test]
fn every_image_of_a_srcset_is_checked_like_src() {
    let good = "/images/sculc-2024/program-1-480.webp 480w, /images/sculc-2024/program-1-960.webp 960w";
    let edition = bundled_text("editions/2024.toml");
    let srcset = edition.lines().find(|line| line.starts_with("srcset = ")).unwrap().to_owned();
    let with = |value: &str| edition.replacen(&srcset, &format!("srcset = {value:?}"), 1);
    let bundle = parse(bundled_with("editions/2024.toml", &with(good))).expect("a srcset of site images");
    let images = bundle.images();
    assert!(
        images.iter().any(|(_, image)| image.field == "srcset" && image.path.ends_with("program-1-960.webp"))
    );
    for (bad, says) in [
        ("https://evil.example/x.webp 480w", "“https://evil.example/x.webp” is not a photo of this site"),
        (
            "/images/a.webp 480w, //evil.example/x.webp 960w",
            "“//evil.example/x.webp” is not a photo of this site",
        ),
        ("/images/../admin 480w", "“/images/../admin” is not a photo of this site"),
        ("/images/a.webp 480w 2x", "the photo's sizes “/images/a.webp 480w 2x” cannot be read"),
        ("/images/a.webp 480w,", "the photo's sizes “” cannot be read"),
        ("/images/a.webp -1w", "cannot be read"),
    ] {
        let found = problems(bundled_with("editions/2024.toml", &with(bad)));
        assert!(found.iter().any(|p| p.contains(says)), "{bad}: {found:?}");
    }
    // A board member's photo: the last member's, added to the file.
    let photo = |srcset: &str| {
        let photo =
            format!("\n[members.photo]\nsrc = \"/images/a.webp\"\nalt = \"A\"\nsrcset = {srcset:?}\n");
        bundled_with("board/2024-2025.toml", &(bundled_text("board/2024-2025.toml") + &photo))
    };
    let bundle = parse(photo("/images/a-480.webp 480w, /images/a-960.webp 2x")).expect("a good srcset");
    assert!(bundle.images().iter().any(|(_, image)| image.entry == "members.6.photo"
        && image.field == "srcset"
        && image.path == "/images/a-960.webp"));
    let found = problems(photo("/images/a-480.webp 480w, https://evil.example/a.webp 960w"));
    assert_eq!(
        found,
        [
            "board/2024-2025.toml: Member 7, Photo: “https://evil.example/a.webp” is not a photo of this site: upload the photo here, or use a file under /images/"
        ]
    );
}

#[test]
fn a_naclo_session_names_an_events_address_of_its_own() {
    let naclo = bundled_text("naclo.toml").replace("\"naclo-training-2025\"", "\"NACLO training\"");
    let found = problems(bundled_with("naclo.toml", &naclo));
    assert_eq!(
        found,
        [
            "naclo.toml: Event 1: the registration's address “NACLO training” may hold only lowercase letters, digits and hyphens, at most 60"
        ]
    );
    let naclo = bundled_text("naclo.toml").replace("naclo-training-2025", "naclo-open-round-2025");
    let found = problems(bundled_with("naclo.toml", &naclo));
    assert_eq!(
        found,
        [
            "naclo.toml: Event 2: the registration's address “naclo-open-round-2025” is another session's too: each session has its own"
        ]
    );
    let without: Vec<String> = bundled_text("naclo.toml")
        .lines()
        .filter(|line| !line.starts_with("event_slug"))
        .map(String::from)
        .collect();
    let bundle = parse(bundled_with("naclo.toml", &without.join("\n"))).expect("a session may name no event");
    assert!(bundle.naclo.value.events.iter().all(|event| event.event_slug.is_none()));
}
