//! The shape of the content files under `content/` and of the API that
//! serves them. One set of types for both: what a file may say is exactly
//! what the web app receives. `deny_unknown_fields` everywhere, so a typo in
//! a content file is an import error naming the file, not a silent gap.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

/// The society's name, the footer, the home page and its carousel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SiteFile {
    pub society_name: String,
    pub footer: Footer,
    pub home: Home,
    /// The home page's carousel.
    pub gallery: Vec<GalleryItem>,
}

/// What `GET /api/content/site` answers: the site file plus the editions
/// the nav's SCULC dropdown lists.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Site {
    pub society_name: String,
    pub footer: Footer,
    pub home: Home,
    pub gallery: Vec<GalleryItem>,
    /// Years of the editions for the SCULC dropdown, newest first: those
    /// with content and those created by `colloquy edition call` or an admin.
    pub nav_editions: Vec<i32>,
    /// The edition the SCULC page points to (null: none yet).
    #[schema(required = true)]
    pub current_edition: Option<CurrentEdition>,
    /// What the banner above every page says now (null: nothing).
    #[schema(required = true)]
    pub banner: Option<Banner>,
}

/// The current (newest) edition, as the frame shows it. Opening a new
/// edition changes these, and the web app follows without a code change.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CurrentEdition {
    pub year: i32,
    /// "SCULC 2026": the content's title, or the plain name before there is content.
    pub title: String,
    /// Its page, `/sculc-{year}`.
    pub path: String,
    /// Whether abstracts are accepted right now.
    pub call_open: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Footer {
    pub location: String,
    pub email: String,
    /// The year after ©. Left empty, the footer shows the current year.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copyright_year: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Home {
    pub hero_title: String,
    pub hero_text: String,
    /// Paragraphs describing the society.
    pub description: Vec<String>,
    pub events: LinkTarget,
    pub sculc_blurb: SculcBlurb,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkTarget {
    pub label: String,
    /// A page of this site (/naclo), an https:// address, or an e-mail
    /// address written mailto:name@example.org.
    pub href: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SculcBlurb {
    pub title: String,
    pub text: String,
    pub link_label: String,
    pub href: String,
}

/// A photo of a carousel: the picture, its description for people who
/// cannot see it, and a caption if it has one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GalleryItem {
    pub original: String,
    pub thumbnail: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub original_alt: String,
    pub thumbnail_alt: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sizes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub srcset: Option<String>,
    /// The largest version's size in pixels, so the page can reserve room.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
}

/// A single image (a board member's photo).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Image {
    pub src: String,
    pub alt: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub srcset: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sizes: Option<String>,
}

/// `GET /api/content/board`: every term, newest first; the first is the
/// current board.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Board {
    pub terms: Vec<BoardTerm>,
}

/// One board term: its members, in the order the board page shows them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardTerm {
    /// Two consecutive years, e.g. "2024-2025".
    pub term: String,
    /// A note shown with the term (e.g. that its entries are samples).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub members: Vec<BoardMember>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardMember {
    pub role: String,
    pub name: String,
    pub pronouns: String,
    pub major_minor: String,
    pub class_year: String,
    pub favourite_area: String,
    pub favourite_drink: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo: Option<Image>,
}

/// The NACLO page: its introduction, sessions and attendance form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Naclo {
    pub title: String,
    pub intro: Vec<String>,
    pub events: Vec<NacloEvent>,
    /// What to bring to the open round.
    pub bring: Vec<String>,
    /// The attendance form.
    pub form: Embed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NacloEvent {
    pub name: String,
    /// Year-month-day, like 2026-02-14 (Pacific time).
    pub date: String,
    /// Hours and minutes on the 24-hour clock, like 09:30 (Pacific time).
    pub starts: String,
    pub ends: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrive_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub notes: Vec<String>,
    /// The address of the session's registration on this site, e.g.
    /// naclo-open-round-2026 (lowercase letters, digits and hyphens). Once
    /// an admin opens registration at that address, the session shows
    /// Register, or where the person stands, and the attendance form is
    /// left out when every session has its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_slug: Option<String>,
}

/// A frame showing a form, slides, a PDF or a video.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Embed {
    /// The frame's title (what screen readers announce).
    pub title: String,
    /// A page or file of this site (/…), or an https:// address: the site
    /// lets pages show frames from that address's site.
    pub src: String,
    pub kind: EmbedKind,
    /// Shown behind a button that opens it.
    #[serde(default)]
    #[schema(required = true)]
    pub expandable: bool,
    /// Its height on the page, in pixels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EmbedKind {
    Pdf,
    Slides,
    Form,
    Video,
}

/// One conference edition's pages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EditionPage {
    pub year: i32,
    pub title: String,
    /// The conference day, for the "Add to calendar" file (absent for
    /// editions whose day is not recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<ConferenceDay>,
    /// What the banner counts down to, when it is not the event's start:
    /// a time written like 2025-05-17T17:30:00Z (in UTC).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub countdown_to: Option<String>,
    /// The first page is the edition's own address (/sculc-2026); each
    /// other page adds its address part (/sculc-2026-program).
    pub pages: Vec<SubPage>,
}

/// When and where the conference takes place, Pacific time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConferenceDay {
    pub summary: String,
    /// Year-month-day, like 2026-05-16.
    pub date: String,
    /// Hours and minutes on the 24-hour clock, like 09:30.
    pub starts: String,
    pub ends: String,
    pub location: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubPage {
    /// Empty for the edition's first page, else lowercase letters
    /// ("program").
    pub slug: String,
    /// Its label in the edition's sub-navigation.
    pub nav_label: String,
    pub title: String,
    pub sections: Vec<Section>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// The section's anchor in the page's address, like "event-details".
    pub id: String,
    pub heading: String,
    /// Its label in the page's side menu; sections without one are not listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub menu_label: Option<String>,
    pub blocks: Vec<Block>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Fact {
    pub label: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduleItem {
    pub time: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LinkStyle {
    Button,
}

/// One piece of a section: a paragraph, facts, a list, a link, a frame,
/// photos, a person, a timetable.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Block {
    Paragraph {
        text: String,
    },
    /// Labelled facts: date, time, place, dress code, parking, lunch, price.
    Facts {
        items: Vec<Fact>,
    },
    List {
        items: Vec<String>,
    },
    Link {
        label: String,
        href: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        style: Option<LinkStyle>,
        /// The page's own registration link (a check-in form, an RSVP).
        /// While the edition takes registrations on this site, the page
        /// shows its registration (Register, or where the person stands)
        /// here instead, unless the admins keep the external links.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        registration: bool,
    },
    Embed {
        title: String,
        src: String,
        kind: EmbedKind,
        #[serde(default)]
        #[schema(required = true)]
        expandable: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        height: Option<u32>,
    },
    Gallery {
        items: Vec<GalleryItem>,
        #[serde(default)]
        #[schema(required = true)]
        thumbnails: bool,
        #[serde(default)]
        #[schema(required = true)]
        bullets: bool,
        #[serde(default)]
        #[schema(required = true)]
        fullscreen: bool,
        #[serde(default)]
        #[schema(required = true)]
        play_button: bool,
        #[serde(default)]
        #[schema(required = true)]
        autoplay: bool,
    },
    /// A person, e.g. the keynote speaker.
    Person {
        name: String,
        role: String,
        bio: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        link: Option<LinkTarget>,
    },
    /// Rows of a timetable; the 2025 program's are also the program PDF.
    Schedule {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        heading: Option<String>,
        items: Vec<ScheduleItem>,
    },
    /// Where the "Add to calendar" link goes.
    Calendar {
        label: String,
    },
    /// Where the 'View Submission Status' button goes.
    SubmissionStatus,
}

/// Which of its messages the banner shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BannerState {
    /// Abstracts are accepted now; `at` is the deadline (null: none).
    CallOpen,
    /// The call has a date to open on (`at`) and has not opened yet.
    CallOpens,
    /// The call is over and the day lies ahead; `at` is what the countdown
    /// counts to.
    Countdown,
    /// The conference is under way; `at` is when the day ends.
    OnTheDay,
    /// The day ended less than `JUST_CONCLUDED_FOR` ago.
    Concluded,
}

/// What `GET /api/content/site` says the banner shows (null: nothing).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Banner {
    /// The edition it is about.
    pub year: i32,
    pub title: String,
    /// That edition's page, `/sculc-{year}`; the banner links to it except on it.
    pub path: String,
    pub state: BannerState,
    /// The time the state names (see `BannerState`); null when concluded or
    /// when an open call has no deadline.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(required = true, value_type = Option<String>, format = DateTime)]
    pub at: Option<OffsetDateTime>,
}
