//! Placing presentations: only confirmed ones whose format fits, in the
//! order given, each in one session of a kind; concurrent lists never mix.

use super::*;

#[tokio::test]
async fn confirmed_presentations_are_placed_in_the_order_given() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Phonetics", "09:00", "10:30", "Room 1")).await;
    let a = confirmed(&app, "a@example.org", "Vowels", "talk").await;
    let b = confirmed(&app, "b@example.org", "Tones", "both").await;
    let c = confirmed(&app, "c@example.org", "Clicks", "talk").await;
    let poster = confirmed(&app, "d@example.org", "Maps", "poster").await;
    let program = draft(&app).await;
    assert_eq!(unplaced(&program).len(), 4);

    let response = place(&app, talks, &[c, a, b]).await;
    assert_eq!(response.status(), 200);
    let program = draft(&app).await;
    assert_eq!(items_of(&program, "Phonetics"), [c, a, b]);
    // `both` still waits for a posters session; the poster never fits talks.
    let mut left = unplaced(&program);
    left.sort();
    let mut expected = vec![b, poster];
    expected.sort();
    assert_eq!(left, expected);

    assert_eq!(place(&app, talks, &[b, c]).await.status(), 200);
    let program = draft(&app).await;
    assert_eq!(items_of(&program, "Phonetics"), [b, c]);
    assert!(unplaced(&program).contains(&a), "a presentation taken out is unplaced again");
    let item = &program["sessions"][0]["items"][0];
    assert_eq!(item["authors"], "Ada Lovelace");
    assert_eq!(item["format"], "both");
    assert_eq!(item["declined"], false);
}

#[tokio::test]
async fn authors_are_the_submitter_then_the_coauthors_in_order() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Syntax", "09:00", "10:00", "")).await;
    let talk = accepted(&app, "n@example.org", "Inés", "Núñez", "Clitics").await;
    answer(&app, talk, "confirmed", Some("talk")).await;
    crate::review::add_coauthor(&app, talk, "Zoë Brontë", "zoe@example.org").await;
    crate::review::add_coauthor(&app, talk, "Grace Hopper", "grace@example.org").await;
    place(&app, talks, &[talk]).await;
    assert_eq!(
        draft(&app).await["sessions"][0]["items"][0]["authors"],
        "Inés Núñez, Zoë Brontë, Grace Hopper"
    );
}

#[tokio::test]
async fn only_confirmed_presentations_that_fit_are_placed() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Syntax", "09:00", "10:00", "")).await;
    let posters = add_session(&app, session("posters", "Posters", "10:00", "11:00", "Hall")).await;
    let lunch = add_session(&app, session("break", "Lunch", "12:00", "13:00", "")).await;
    let placed = confirmed(&app, "p@example.org", "Placed", "talk").await;
    assert_eq!(place(&app, talks, &[placed]).await.status(), 200);

    let unanswered = accepted(&app, "u@example.org", "Ada", "Lovelace", "Unanswered").await;
    let declined = accepted(&app, "x@example.org", "Ada", "Lovelace", "Declined").await;
    answer(&app, declined, "declined", None).await;
    let (_, submitted) =
        crate::review::submission_by(&app, "s@example.org", "Ada", "Lovelace", "Pending").await;
    let poster = confirmed(&app, "q@example.org", "A poster", "poster").await;
    let talk = confirmed(&app, "t@example.org", "A talk", "talk").await;
    let unknown = Uuid::now_v7();

    for (session, ids) in [
        (talks, vec![placed, unanswered]),
        (talks, vec![placed, declined]),
        (talks, vec![placed, submitted]),
        (talks, vec![placed, unknown]),
        (talks, vec![placed, poster]),
        (posters, vec![talk]),
        (lunch, vec![talk]),
        (talks, vec![placed, talk, placed]),
    ] {
        let response = place(&app, session, &ids).await;
        assert_eq!(response.status(), 422, "{ids:?}");
        let answer = crate::admin::json(response).await;
        assert!(answer["error"].is_string());
    }
    assert_eq!(place(&app, Uuid::now_v7(), &[talk]).await.status(), 404);
    let program = draft(&app).await;
    assert_eq!(items_of(&program, "Syntax"), [placed], "a refused list changes nothing");
    assert!(items_of(&program, "Posters").is_empty());
}

#[tokio::test]
async fn a_presentation_is_in_one_session_of_each_kind() {
    let app = app_with_admin().await;
    let morning = add_session(&app, session("talks", "Morning", "09:00", "10:00", "")).await;
    let afternoon = add_session(&app, session("talks", "Afternoon", "14:00", "15:00", "")).await;
    let posters = add_session(&app, session("posters", "Posters", "11:00", "12:00", "")).await;
    let both = confirmed(&app, "b@example.org", "Talk and poster", "both").await;
    assert_eq!(place(&app, morning, &[both]).await.status(), 200);
    assert_eq!(place(&app, afternoon, &[both]).await.status(), 422);
    assert_eq!(place(&app, posters, &[both]).await.status(), 200, "a talk and a poster");
    let program = draft(&app).await;
    assert_eq!(items_of(&program, "Morning"), [both]);
    assert!(items_of(&program, "Afternoon").is_empty());
    assert!(unplaced(&program).is_empty());
}

#[tokio::test]
async fn a_presenter_who_declines_after_placement_stays_marked_for_the_admins() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Syntax", "09:00", "10:00", "")).await;
    let a = confirmed(&app, "a@example.org", "First", "talk").await;
    let b = confirmed(&app, "b@example.org", "Second", "talk").await;
    place(&app, talks, &[a, b]).await;
    answer(&app, a, "declined", None).await;
    let program = draft(&app).await;
    assert_eq!(program["sessions"][0]["items"][0]["declined"], true);
    assert_eq!(program["sessions"][0]["items"][1]["declined"], false);
    assert!(!unplaced(&program).contains(&a));
    // Reordering is not blocked by it; taking it out is the admin's call.
    assert_eq!(place(&app, talks, &[b, a]).await.status(), 200);
    assert_eq!(place(&app, talks, &[b]).await.status(), 200);
    assert_eq!(place(&app, talks, &[b, a]).await.status(), 422, "once out, it cannot come back");
}

#[tokio::test]
async fn concurrent_lists_on_one_session_leave_one_of_them_whole() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Busy", "09:00", "12:00", "")).await;
    let mut ids = Vec::new();
    for n in 0..6 {
        ids.push(confirmed(&app, &format!("p{n}@example.org"), &format!("Talk {n}"), "talk").await);
    }
    let first: Vec<Uuid> = ids[..4].to_vec();
    let second: Vec<Uuid> = ids[2..].iter().rev().copied().collect();
    let requests = (0..12).map(|n| {
        let list = if n % 2 == 0 { first.clone() } else { second.clone() };
        let app = &app;
        async move { place(app, talks, &list).await.status() }
    });
    let statuses = futures_util::future::join_all(requests).await;
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let placed = items_of(&draft(&app).await, "Busy");
    assert!(placed == first || placed == second, "a mix: {placed:?}");
}

#[tokio::test]
async fn concurrent_placements_in_two_sessions_keep_the_talk_in_one() {
    let app = app_with_admin().await;
    let a = add_session(&app, session("talks", "A", "09:00", "10:00", "")).await;
    let b = add_session(&app, session("talks", "B", "10:00", "11:00", "")).await;
    let talk = confirmed(&app, "t@example.org", "Wanted", "talk").await;
    let list = [talk];
    let (one, two) = tokio::join!(place(&app, a, &list), place(&app, b, &list));
    let mut statuses = [one.status().as_u16(), two.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 422]);
    let program = draft(&app).await;
    assert_eq!(items_of(&program, "A").len() + items_of(&program, "B").len(), 1);
}
