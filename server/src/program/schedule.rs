//! When each presentation of the day takes place, and what makes a draft
//! unfit to publish (issue 25 item 7). Knows nothing of HTTP or SQL: the
//! store calls it on every draft it reads.
//!
//! A talks session runs its talks one after another from its start, each a
//! talk then questions (15 + 5 minutes unless the session says otherwise);
//! a posters session shows every poster for its whole window. A
//! presentation that publishing leaves out takes no time.
//!
//! The builder saves every change as a draft the public does not see, so a
//! clash is a warning there and a refusal at publication: rearranging a day
//! passes through clashing states (swapping two sessions' rooms or times
//! takes two saves), and a session's new time can make a clash out of
//! placements made long before, which a refusal at each save would block in
//! a confusing place. What the public sees never clashes.

use std::collections::HashMap;

use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use super::{ProgramSession, ScheduleWarning, SessionKind, clock_time};

pub const DEFAULT_TALK_MINUTES: u16 = 15;
pub const DEFAULT_QUESTION_MINUTES: u16 = 5;

/// Sets each placed presentation's own time (`None` for one publishing
/// leaves out).
pub fn time_items(sessions: &mut [ProgramSession]) {
    for session in sessions {
        let slot = Duration::minutes(i64::from(session.talk_minutes) + i64::from(session.question_minutes));
        let mut next = session.slot.time.starts_at;
        for item in &mut session.items {
            if item.left_out_reason.is_some() {
                (item.starts_at, item.ends_at) = (None, None);
                continue;
            }
            (item.starts_at, item.ends_at) = match session.slot.kind {
                SessionKind::Talks => {
                    let starts = next;
                    next += slot;
                    (Some(starts), Some(next))
                }
                _ => (Some(session.slot.time.starts_at), Some(session.slot.time.ends_at)),
            };
        }
    }
}

fn overlap(a: (OffsetDateTime, OffsetDateTime), b: (OffsetDateTime, OffsetDateTime)) -> bool {
    a.0 < b.1 && b.0 < a.1
}

fn range(starts: OffsetDateTime, ends: OffsetDateTime) -> String {
    format!("{} – {}", clock_time(starts), clock_time(ends))
}

/// Rooms are named by hand: "Room 2" and "room 2 " are one room. None for
/// no room, and for "Virtual": each virtual session has its own call, so
/// any number of them can run at once.
fn room_key(room: &str) -> Option<String> {
    let key = room.trim().to_lowercase();
    (!key.is_empty() && key != "virtual").then_some(key)
}

/// What stops the draft `sessions` (timed by `time_items`) from being
/// published, in program order: sessions at once in one room, a presenter
/// in two places at once, talks that run past their session's end.
pub fn warnings(sessions: &[ProgramSession]) -> Vec<ScheduleWarning> {
    let mut warnings = Vec::new();
    for (index, a) in sessions.iter().enumerate() {
        for b in &sessions[index + 1..] {
            let same_room = room_key(&a.slot.room).is_some_and(|room| Some(room) == room_key(&b.slot.room));
            if same_room
                && overlap(
                    (a.slot.time.starts_at, a.slot.time.ends_at),
                    (b.slot.time.starts_at, b.slot.time.ends_at),
                )
            {
                warnings.push(ScheduleWarning {
                    message: format!(
                        "“{}” ({}) and “{}” ({}) are both in {} at once.",
                        a.slot.title,
                        range(a.slot.time.starts_at, a.slot.time.ends_at),
                        b.slot.title,
                        range(b.slot.time.starts_at, b.slot.time.ends_at),
                        a.slot.room.trim(),
                    ),
                    session_ids: vec![a.id, b.id],
                });
            }
        }
    }

    // Every timed presentation, by presenter, in program order.
    let mut by_presenter: HashMap<Uuid, Vec<(&ProgramSession, &super::ProgramItem)>> = HashMap::new();
    for session in sessions {
        for item in &session.items {
            if item.starts_at.is_some() {
                by_presenter.entry(item.presenter).or_default().push((session, item));
            }
        }
    }
    let mut clashes = Vec::new();
    for places in by_presenter.values() {
        for (index, (session_a, a)) in places.iter().enumerate() {
            for (session_b, b) in &places[index + 1..] {
                let (Some(a_starts), Some(a_ends), Some(b_starts), Some(b_ends)) =
                    (a.starts_at, a.ends_at, b.starts_at, b.ends_at)
                else {
                    continue;
                };
                if !overlap((a_starts, a_ends), (b_starts, b_ends)) {
                    continue;
                }
                let presenter = a.authors.split(", ").next().unwrap_or_default();
                clashes.push((
                    a_starts,
                    ScheduleWarning {
                        message: format!(
                            "{presenter} would be in two places at once: {} in “{}” ({}) and {} in “{}” ({}).",
                            a.code,
                            session_a.slot.title,
                            range(a_starts, a_ends),
                            b.code,
                            session_b.slot.title,
                            range(b_starts, b_ends),
                        ),
                        session_ids: vec![session_a.id, session_b.id],
                    },
                ));
            }
        }
    }
    clashes.sort_by(|a, b| (a.0, &a.1.message).cmp(&(b.0, &b.1.message)));
    warnings.extend(clashes.into_iter().map(|(_, warning)| warning));

    for session in sessions.iter().filter(|s| s.slot.kind == SessionKind::Talks) {
        let Some(last) = session.items.iter().filter_map(|item| item.ends_at).max() else { continue };
        if last > session.slot.time.ends_at {
            warnings.push(ScheduleWarning {
                message: format!(
                    "The talks of “{}” run until {}, past the session's end at {}: shorten them, \
                     lengthen the session or move a talk.",
                    session.slot.title,
                    clock_time(last),
                    clock_time(session.slot.time.ends_at),
                ),
                session_ids: vec![session.id],
            });
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;
    use crate::program::{ProgramItem, SessionSlot};

    fn session(
        kind: SessionKind,
        title: &str,
        starts: OffsetDateTime,
        minutes: i64,
        room: &str,
    ) -> ProgramSession {
        ProgramSession {
            id: Uuid::now_v7(),
            slot: SessionSlot {
                kind,
                title: title.into(),
                time: crate::program::TimeSpan {
                    starts_at: starts,
                    ends_at: starts + Duration::minutes(minutes),
                },
                room: room.into(),
            },
            talk_minutes: DEFAULT_TALK_MINUTES,
            question_minutes: DEFAULT_QUESTION_MINUTES,
            items: Vec::new(),
        }
    }

    fn item(code: &str, presenter: Uuid, left_out: bool) -> ProgramItem {
        ProgramItem {
            submission_id: Uuid::now_v7(),
            code: code.into(),
            title: format!("Talk {code}"),
            authors: "Ada Lovelace, Grace Hopper".into(),
            format: Some("both".into()),
            mode: Some("in_person".into()),
            declined: left_out,
            needs: String::new(),
            left_out_reason: left_out.then(|| "The presenter declined.".into()),
            starts_at: None,
            ends_at: None,
            presenter,
        }
    }

    const NINE: OffsetDateTime = datetime!(2025-05-17 16:00 UTC);

    #[test]
    fn talks_follow_each_other_and_posters_take_the_window() {
        let mut talks = session(SessionKind::Talks, "Morphology", NINE, 60, "Room 2");
        talks.items = vec![item("S25-001", Uuid::now_v7(), false), item("S25-002", Uuid::now_v7(), true)];
        talks.items.push(item("S25-003", Uuid::now_v7(), false));
        talks.question_minutes = 10;
        let mut posters = session(SessionKind::Posters, "Posters", NINE, 90, "Hall");
        posters.items = vec![item("S25-004", Uuid::now_v7(), false)];
        let mut sessions = vec![talks, posters];
        time_items(&mut sessions);
        let times: Vec<_> = sessions[0].items.iter().map(|i| (i.starts_at, i.ends_at)).collect();
        let at = |minutes| Some(NINE + Duration::minutes(minutes));
        assert_eq!(
            times,
            [(at(0), at(25)), (None, None), (at(25), at(50))],
            "the declined one takes no time"
        );
        assert_eq!(sessions[1].items[0].starts_at, at(0));
        assert_eq!(sessions[1].items[0].ends_at, at(90));
        assert_eq!(warnings(&sessions), [], "different rooms, different presenters, on time");
    }

    #[test]
    fn one_room_at_once_is_a_warning_naming_both() {
        let a = session(SessionKind::Talks, "Morphology", NINE, 60, "Room 2");
        let b = session(SessionKind::Keynote, "Syntax", NINE + Duration::minutes(30), 60, " room 2");
        let after = session(SessionKind::Talks, "Later", NINE + Duration::minutes(90), 30, "Room 2");
        let elsewhere = session(SessionKind::Break, "Lunch", NINE, 60, "");
        let also_elsewhere = session(SessionKind::Break, "Coffee", NINE, 60, "");
        let online = session(SessionKind::Talks, "Online A", NINE, 60, "Virtual");
        let also_online = session(SessionKind::Talks, "Online B", NINE, 60, " virtual");
        let ids = vec![a.id, b.id];
        let found = warnings(&[a, b, after, elsewhere, also_elsewhere, online, also_online]);
        assert_eq!(
            found,
            [ScheduleWarning {
                message: "“Morphology” (9:00 AM – 10:00 AM) and “Syntax” (9:30 AM – 10:30 AM) are both in \
                          Room 2 at once."
                    .into(),
                session_ids: ids,
            }],
            "sessions without a room, or virtual ones, never clash; one that starts as another ends does not"
        );
    }

    #[test]
    fn a_presenter_in_two_places_at_once_is_a_warning_but_one_after_another_is_not() {
        let ada = Uuid::now_v7();
        let mut a = session(SessionKind::Talks, "Morphology", NINE, 60, "Room 1");
        a.items = vec![item("S25-001", ada, false), item("S25-009", Uuid::now_v7(), false)];
        let mut b = session(SessionKind::Talks, "Syntax", NINE, 60, "Room 2");
        // Ada's second talk comes after her first, in another room.
        b.items = vec![item("S25-008", Uuid::now_v7(), false), item("S25-002", ada, false)];
        let mut sessions = vec![a.clone(), b];
        time_items(&mut sessions);
        assert_eq!(warnings(&sessions), []);

        // Her poster is up the whole hour her talk is in.
        let mut posters = session(SessionKind::Posters, "Posters", NINE, 60, "Hall");
        posters.items = vec![item("S25-001", ada, false)];
        let mut sessions = vec![a.clone(), posters.clone()];
        time_items(&mut sessions);
        let found = warnings(&sessions);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "Ada Lovelace would be in two places at once: S25-001 in “Morphology” (9:00 AM – 9:20 AM) and \
             S25-001 in “Posters” (9:00 AM – 10:00 AM)."
        );
        assert_eq!(found[0].session_ids, [a.id, posters.id]);

        // A presentation left out takes no time, so it clashes with nothing.
        let mut sessions = vec![a, posters];
        sessions[1].items = vec![item("S25-001", ada, true)];
        time_items(&mut sessions);
        assert_eq!(warnings(&sessions), []);
    }

    #[test]
    fn talks_past_the_session_end_are_a_warning() {
        let mut talks = session(SessionKind::Talks, "Morphology", NINE, 60, "");
        talks.items = (1..=3).map(|n| item(&format!("S25-00{n}"), Uuid::now_v7(), false)).collect();
        let mut sessions = vec![talks];
        time_items(&mut sessions);
        assert_eq!(warnings(&sessions), [], "three talks of 20 minutes fill an hour");
        sessions[0].items.push(item("S25-004", Uuid::now_v7(), false));
        time_items(&mut sessions);
        assert_eq!(
            warnings(&sessions)[0].message,
            "The talks of “Morphology” run until 10:20 AM, past the session's end at 10:00 AM: shorten them, \
             lengthen the session or move a talk."
        );
    }
}
