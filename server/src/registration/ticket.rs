//! Tickets (issue 26 item 3): what a registered person shows at the door.
//! A ticket is the registration's id signed with HMAC-SHA256 under the
//! site's ticket key (32 random bytes made once and kept in the database,
//! `store/tickets.rs`): `base64url(id) "." base64url(first 16 bytes of
//! HMAC(key, "ticket:" + id))`. Whoever holds the key can make one; nobody
//! else can, and a changed byte fails the check, which runs in constant
//! time. The ticket names no event: the check-in desk looks the
//! registration up and refuses another event's. It is drawn as a QR code
//! (SVG on the page, PNG in the confirmation e-mail, with the event's
//! calendar entry). This file knows nothing of HTTP or SQL.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use qrcode::QrCode;
use sha2::Sha256;
use time::OffsetDateTime;
use uuid::Uuid;

use super::types::EventPlace;
use super::types::{EventRow, RegistrationState};
use crate::content::calendar::{Event, vcalendar};
use crate::content::editions::pacific;
use crate::mail::{Attachment, Letter};
use crate::presenting::Mode;

/// The ticket key's length in bytes.
pub const KEY_BYTES: usize = 32;
/// How much of the HMAC a ticket carries: 128 bits, as unguessable as the
/// key is secret, and a QR code small enough to scan from a cracked phone.
const TAG_BYTES: usize = 16;

/// What a signed token is for: the door, or managing the registration
/// (the link in its e-mails). A token made for one is refused as the other.
#[derive(Debug, Clone, Copy)]
enum Purpose {
    Ticket,
    Manage,
}

fn tag(key: &[u8], purpose: Purpose, id: Uuid) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(match purpose {
        Purpose::Ticket => b"ticket:",
        Purpose::Manage => b"manage:",
    });
    mac.update(id.as_bytes());
    mac
}

fn signed(key: &[u8], purpose: Purpose, id: Uuid) -> String {
    let tag = tag(key, purpose, id).finalize().into_bytes();
    format!("{}.{}", URL_SAFE_NO_PAD.encode(id.as_bytes()), URL_SAFE_NO_PAD.encode(&tag[..TAG_BYTES]))
}

fn verified(key: &[u8], purpose: Purpose, token: &str) -> Option<Uuid> {
    let (id, signature) = token.trim().split_once('.')?;
    let id = Uuid::from_slice(&URL_SAFE_NO_PAD.decode(id).ok()?).ok()?;
    let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
    if signature.len() != TAG_BYTES {
        return None;
    }
    // `verify_truncated_left` compares in constant time.
    tag(key, purpose, id).verify_truncated_left(&signature).ok().map(|()| id)
}

/// The ticket of registration `id`.
pub fn token(key: &[u8], id: Uuid) -> String {
    signed(key, Purpose::Ticket, id)
}

/// The registration a ticket names, if it was made with `key` and not
/// changed; None for anything else.
pub fn verify(key: &[u8], token: &str) -> Option<Uuid> {
    verified(key, Purpose::Ticket, token)
}

/// The token of registration `id`'s own link (`/registration/manage`): its
/// holder sees the registration, takes a place offered and cancels, without
/// signing in (visitors have no password). Sent only to the registered
/// address, in the confirmation and the offer.
pub fn manage_token(key: &[u8], id: Uuid) -> String {
    signed(key, Purpose::Manage, id)
}

/// The registration a link's token names; None for a ticket or anything else.
pub fn verify_manage(key: &[u8], token: &str) -> Option<Uuid> {
    verified(key, Purpose::Manage, token)
}

/// The address of a registration's own link, with its `manage_token`. The
/// token is in the fragment, so no server log or `Referer` carries it.
pub fn manage_link(site_url: &str, token: &str) -> String {
    format!("{site_url}registration/manage#{token}")
}

fn qr(token: &str) -> QrCode {
    QrCode::new(token.as_bytes()).expect("a ticket is far shorter than a QR code holds")
}

/// The ticket as an SVG QR code.
pub fn svg(token: &str) -> String {
    qr(token).render::<qrcode::render::svg::Color<'_>>().min_dimensions(240, 240).build()
}

/// The ticket as a PNG QR code: 8 pixels a module, with the four-module
/// quiet zone readers need.
pub fn png(token: &str) -> Vec<u8> {
    const SCALE: u32 = 8;
    const QUIET: u32 = 4;
    let code = qr(token);
    let width = u32::try_from(code.width()).expect("a QR code is at most 177 modules wide");
    let colors = code.to_colors();
    let side = (width + 2 * QUIET) * SCALE;
    let picture = image::GrayImage::from_fn(side, side, |x, y| {
        let (column, row) = ((x / SCALE).wrapping_sub(QUIET), (y / SCALE).wrapping_sub(QUIET));
        let dark =
            column < width && row < width && colors[(row * width + column) as usize] == qrcode::Color::Dark;
        image::Luma([if dark { 0 } else { 255 }])
    });
    let mut bytes = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut bytes, image::ImageFormat::Png).expect("a PNG is written to memory");
    bytes.into_inner()
}

/// The event as a calendar entry, with its place and end.
pub fn calendar_entry(event: &EventRow, place: &EventPlace, stamp: OffsetDateTime) -> String {
    use crate::content::calendar::stored_utc;
    vcalendar(&Event {
        uid: format!("{}@colloquy", event.slug),
        stamp: stored_utc(stamp),
        starts: stored_utc(event.starts_at),
        ends: Some(stored_utc(place.calendar_end(event))),
        summary: event.title.clone(),
        location: place.location.clone(),
        description: None,
    })
}

/// Who a confirmation is for.
pub struct Holder<'a> {
    pub first_name: &'a str,
    pub mode: Mode,
}

/// The e-mail confirming a place: the ticket as `ticket.png` and the event
/// as `event.ics`, with the registration's own link (`manage`) to see or
/// cancel it without signing in.
pub fn confirmation(
    event: &EventRow,
    place: &EventPlace,
    holder: &Holder<'_>,
    token: &str,
    manage: &str,
    now: OffsetDateTime,
) -> (Letter, Vec<Attachment>) {
    let greeting = crate::text::greeting(holder.first_name);
    let title = &event.title;
    let how = match holder.mode {
        Mode::InPerson => "in person",
        Mode::Virtual => "virtually",
    };
    let letter = Letter {
        subject: format!("You are registered for {title}"),
        body: format!(
            "{greeting}\n\n\
             You are registered for {title}, {how}. It starts on {}.\n\n\
             Your ticket is attached (ticket.png): show its QR code at the door, \
             on your phone or on paper.\n\n\
             The event is attached for your calendar (event.ics).\n\n\
             If you can no longer come, please cancel, so that your place goes to \
             the next person on the waiting list: {manage}\n\n\
             Undergraduate Linguistics Society\n",
            pacific(event.starts_at)
        ),
    };
    let attachments = vec![
        Attachment { filename: "ticket.png".into(), content_type: "image/png".into(), content: png(token) },
        calendar_attachment(event, place, now),
    ];
    (letter, attachments)
}

/// The event's calendar entry as the attachment `event.ics`.
fn calendar_attachment(event: &EventRow, place: &EventPlace, now: OffsetDateTime) -> Attachment {
    Attachment {
        filename: "event.ics".into(),
        content_type: "text/calendar; charset=utf-8".into(),
        content: calendar_entry(event, place, now).into_bytes(),
    }
}

/// The e-mail telling someone registered, offered a place or waiting that
/// the event moved: its new start and place, with the new calendar entry
/// (the same UID, so a calendar updates the entry it has), and the
/// registration's own link (`manage`) to cancel if they can no longer come.
pub fn change_notice(
    event: &EventRow,
    place: &EventPlace,
    first_name: &str,
    manage: &str,
    now: OffsetDateTime,
) -> (Letter, Vec<Attachment>) {
    let greeting = crate::text::greeting(first_name);
    let title = &event.title;
    let at = match place.location.as_str() {
        "" => String::new(),
        location => format!(" at {location}"),
    };
    let letter = Letter {
        subject: format!("{title} has moved: new date or place"),
        body: format!(
            "{greeting}\n\n\
             {title} has changed: it now starts on {}{at}.\n\n\
             The event is attached again for your calendar (event.ics); opening it \
             updates the entry you have.\n\n\
             If you can no longer come, please cancel, so that your place goes to \
             someone else: {manage}\n\n\
             Undergraduate Linguistics Society\n",
            pacific(event.starts_at)
        ),
    };
    (letter, vec![calendar_attachment(event, place, now)])
}

/// The e-mail to someone who joined the waiting list: no place yet, what
/// happens when one comes free, and the registration's own link
/// (`manage`) to see their place in line or leave it without signing in.
pub fn waiting_notice(event: &EventRow, first_name: &str, manage: &str) -> Letter {
    let greeting = crate::text::greeting(first_name);
    let title = &event.title;
    Letter {
        subject: format!("You are on the waiting list for {title}"),
        body: format!(
            "{greeting}\n\n\
             In-person places at {title} are full, so you are on its waiting list, \
             in the order people registered. If a place comes free, we will e-mail \
             you and keep it for you for {} hours.\n\n\
             To see your place in line, or to leave the list: {manage}\n\n\
             Undergraduate Linguistics Society\n",
            event.offer_hours
        ),
    }
}

/// The e-mail confirming a cancellation: what was given up, and where to
/// register again (a member's answers are offered again there).
pub fn cancellation_notice(
    event: &EventRow,
    first_name: &str,
    before: RegistrationState,
    site_url: &str,
) -> Letter {
    let greeting = crate::text::greeting(first_name);
    let title = &event.title;
    let what = match before {
        RegistrationState::Waiting => format!("You have left the waiting list for {title}"),
        RegistrationState::Offered => format!("You have declined the place offered to you at {title}"),
        _ => format!("Your registration for {title} is cancelled"),
    };
    let page = format!("{site_url}events/{}", event.slug);
    Letter {
        subject: what.clone(),
        body: format!(
            "{greeting}\n\n\
             {what}, as you asked. {title} starts on {}.\n\n\
             If you change your mind while registration is open, you can register again \
             on the event's page: {page}\n\n\
             Undergraduate Linguistics Society\n",
            pacific(event.starts_at)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: [u8; KEY_BYTES] = [7; KEY_BYTES];

    #[test]
    fn a_ticket_names_its_registration_under_its_key_only() {
        let id = Uuid::now_v7();
        let ticket = token(&KEY, id);
        assert_eq!(verify(&KEY, &ticket), Some(id));
        assert_eq!(verify(&[8; KEY_BYTES], &ticket), None);
        assert_eq!(ticket.len(), 22 + 1 + 22);
    }

    #[test]
    fn a_changed_character_anywhere_fails() {
        let ticket = token(&KEY, Uuid::now_v7());
        for at in 0..ticket.len() {
            let mut changed = ticket.clone().into_bytes();
            changed[at] = if changed[at] == b'A' { b'B' } else { b'A' };
            let changed = String::from_utf8(changed).unwrap();
            assert_eq!(verify(&KEY, &changed), None, "{changed}");
        }
        let other = Uuid::now_v7();
        let (_, signature) = ticket.split_once('.').unwrap();
        assert_eq!(verify(&KEY, &format!("{}.{signature}", URL_SAFE_NO_PAD.encode(other.as_bytes()))), None);
        for junk in ["", ".", "abc", "a.b.c", &format!("{ticket}A"), &ticket[..ticket.len() - 1]] {
            assert_eq!(verify(&KEY, junk), None, "{junk}");
        }
    }

    #[test]
    fn a_ticket_opens_no_link_and_a_link_no_door() {
        let id = Uuid::now_v7();
        let link = manage_token(&KEY, id);
        assert_eq!(verify_manage(&KEY, &link), Some(id));
        assert_eq!(verify(&KEY, &link), None);
        assert_eq!(verify_manage(&KEY, &token(&KEY, id)), None);
        assert_eq!(
            manage_link("https://example.edu/", &link),
            format!("https://example.edu/registration/manage#{link}")
        );
    }

    #[test]
    fn the_png_is_a_picture() {
        let png = png(&token(&KEY, Uuid::now_v7()));
        let picture = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap();
        assert_eq!(picture.width(), picture.height());
        assert!(picture.width() >= 200);
    }
}
