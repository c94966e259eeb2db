//! Publishing: the public sees the snapshot (JSON, PDF, calendar files)
//! until the next publish; presenters see their slot.

use serde_json::{Value, json};

use super::*;
use crate::admin::{audit_entries, put_json};
use crate::helpers::{TestDatabase, spawn_app_on};

/// Text of every page of `pdf`, parsed back with lopdf, whitespace collapsed.
pub fn pdf_text(pdf: &[u8]) -> (usize, String) {
    let document = lopdf::Document::load_mem(pdf).expect("a valid PDF");
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    let text = document.extract_text(&pages).expect("the text can be extracted");
    (pages.len(), text.split_whitespace().collect::<Vec<_>>().join(" "))
}

fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[tokio::test]
async fn the_public_sees_the_snapshot_until_the_next_publish() {
    let app = app_with_admin().await;
    let nothing = as_visitor(&app, "/api/program/2025").await;
    assert_eq!(nothing.status(), 200, "not published yet is a normal answer, not an error");
    assert_eq!(nothing.text().await.unwrap(), "null");
    let response = app.post_json(&format!("/api/admin/program/{YEAR}/publish"), json!({})).await;
    assert_eq!(response.status(), 409, "nothing to publish");

    let talks = add_session(&app, session("talks", "Morphology", "09:00", "10:00", "Room 2")).await;
    add_session(&app, session("keynote", "Keynote: Sign languages", "11:00", "12:00", "Auditorium")).await;
    let talk = confirmed(&app, "a@example.org", "Reduplication", "talk").await;
    place(&app, talks, &[talk]).await;
    assert_eq!(draft(&app).await["changed_since_publish"], true);

    let program = publish(&app).await;
    assert!(program["published_at"].is_string());
    assert_eq!(program["changed_since_publish"], false);
    let public = crate::admin::json(as_visitor(&app, "/api/program/2025").await).await;
    assert_eq!(public["sessions"][0]["title"], "Morphology");
    assert_eq!(public["sessions"][0]["room"], "Room 2");
    assert_eq!(public["sessions"][0]["starts_at"], "2025-05-17T16:00:00Z");
    assert_eq!(public["sessions"][0]["items"][0]["title"], "Reduplication");
    assert_eq!(public["sessions"][0]["items"][0]["authors"], "Ada Lovelace");
    assert_eq!(public["sessions"][1]["kind"], "keynote");
    assert!(public["pdf_url"].as_str().unwrap().starts_with("/sculc-2025/program-"));
    assert_eq!(public["edition_pdf_url"], "/sculc-2025/program.pdf");
    assert_eq!(public["sessions"][0]["items"][0]["starts_at"], "2025-05-17T16:00:00Z");
    assert_eq!(public["sessions"][0]["items"][0]["ends_at"], "2025-05-17T16:20:00Z", "15 + 5 minutes");
    assert!(public["sessions"][0]["items"][0].get("submission_id").is_none(), "no internal ids");

    put_json(
        &app,
        &format!("/api/admin/program/{YEAR}/sessions/{talks}"),
        session("talks", "Morphology II", "09:00", "10:00", "Room 2"),
    )
    .await;
    assert_eq!(draft(&app).await["changed_since_publish"], true);
    let public = crate::admin::json(as_visitor(&app, "/api/program/2025").await).await;
    assert_eq!(public["sessions"][0]["title"], "Morphology", "later edits wait for the next publish");
    let (_, text) = pdf_text(&as_visitor(&app, "/sculc-program.pdf").await.bytes().await.unwrap());
    assert!(text.contains("Morphology") && !text.contains("Morphology II"));

    publish(&app).await;
    let public = crate::admin::json(as_visitor(&app, "/api/program/2025").await).await;
    assert_eq!(public["sessions"][0]["title"], "Morphology II");
    let (_, text) = pdf_text(&as_visitor(&app, "/sculc-program.pdf").await.bytes().await.unwrap());
    assert!(text.contains("Morphology II"));
    let published =
        audit_entries(&app).await.into_iter().filter(|(action, _)| action == "program.published").count();
    assert_eq!(published, 2);
}

#[tokio::test]
async fn the_published_pdf_holds_every_placed_title_and_time() {
    let app = app_with_admin().await;
    // 25 talks a session: 5 minutes and 2 of questions each fit in three hours.
    let short = |mut session: Value| {
        session["talk_minutes"] = json!(5);
        session["question_minutes"] = json!(2);
        session
    };
    let morning =
        add_session(&app, short(session("talks", "Morning talks", "09:00", "12:00", "Room 101"))).await;
    let afternoon =
        add_session(&app, short(session("talks", "Afternoon talks", "13:30", "17:15", "Virtual"))).await;
    add_session(&app, session("break", "Lunch", "12:00", "13:30", "")).await;
    let mut titles = Vec::new();
    let (mut first, mut second) = (Vec::new(), Vec::new());
    for n in 0..50 {
        let title = if n % 7 == 0 {
            format!(
                "Talk {n}: a long title about vowel harmony, tone sandhi and the prosody of questions in Núñez's field data, with a coda"
            )
        } else {
            format!("Talk {n} on Zoë's clitics")
        };
        let submission = accepted(&app, &format!("p{n}@example.org"), "Inés", "Núñez", &title).await;
        answer(&app, submission, "confirmed", Some("talk")).await;
        crate::review::add_coauthor(&app, submission, "Zoë Brontë", &format!("z{n}@example.org")).await;
        if n < 25 {
            first.push(submission)
        } else {
            second.push(submission)
        }
        titles.push(title);
    }
    assert_eq!(place(&app, morning, &first).await.status(), 200);
    assert_eq!(place(&app, afternoon, &second).await.status(), 200);
    publish(&app).await;

    let response = as_visitor(&app, "/sculc-program.pdf").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(response.headers()["cache-control"], "no-cache", "a shared name is revalidated each time");
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    let pdf = response.bytes().await.unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    // The two DejaVu faces whole are about 750 KB; cut to the glyphs used,
    // three pages of program are a few dozen.
    assert!(pdf.len() < 100_000, "the program PDF is {} bytes: are its fonts embedded whole?", pdf.len());
    let (pages, text) = pdf_text(&pdf);
    assert!(pages > 1, "50 talks take more than a page");
    for title in &titles {
        assert!(text.contains(&collapsed(title)), "{title} is not in the PDF: {text}");
    }
    for time in ["9:00 AM – 12:00 PM", "12:00 PM – 1:30 PM", "1:30 PM – 5:15 PM"] {
        assert!(text.contains(time), "{time} is not in the PDF");
    }
    assert!(text.contains("Inés Núñez, Zoë Brontë"));
    assert!(text.contains("Afternoon talks (continued)") || text.contains("Morning talks (continued)"));

    let again =
        Client::new().get(app.url("/sculc-program.pdf")).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
}

#[tokio::test]
async fn before_publishing_the_built_in_program_pdf_is_served() {
    let database = TestDatabase::new().await;
    let web = database.data_dir.path().join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>app</title>").unwrap();
    std::fs::write(web.join("sculc-program.pdf"), b"%PDF-1.4 the hand-made program").unwrap();
    let app = spawn_app_on(database, axum::Router::new(), |config| config.web_dir = Some(web.clone())).await;
    crate::admin::admin(&app, "admin@example.org").await;

    let built_in = as_visitor(&app, "/sculc-program.pdf").await.bytes().await.unwrap();
    assert_eq!(&built_in[..], b"%PDF-1.4 the hand-made program");
    let talks = add_session(&app, session("talks", "Typology", "09:00", "10:00", "")).await;
    let talk = confirmed(&app, "a@example.org", "Word order", "talk").await;
    place(&app, talks, &[talk]).await;
    publish(&app).await;
    let published = as_visitor(&app, "/sculc-program.pdf").await.bytes().await.unwrap();
    assert!(pdf_text(&published).1.contains("Word order"));
}

#[tokio::test]
async fn each_published_talk_has_a_calendar_file_in_utc() {
    let app = app_with_admin().await;
    let talks =
        add_session(&app, session("talks", "Semantics; pragmatics", "09:00", "10:30", "Room 5")).await;
    let talk = confirmed(&app, "a@example.org", "Scalar implicature, revisited", "talk").await;
    place(&app, talks, &[talk]).await;
    let code = draft(&app).await["sessions"][0]["items"][0]["code"].as_str().unwrap().to_owned();
    assert_eq!(as_visitor(&app, &format!("/api/program/2025/talks/{code}.ics")).await.status(), 404);
    publish(&app).await;

    let response = as_visitor(&app, &format!("/api/program/2025/talks/{code}.ics")).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/calendar"));
    let ics = response.text().await.unwrap();
    let unfolded = ics.replace("\r\n ", "");
    let lines: Vec<&str> = unfolded.split("\r\n").collect();
    assert_eq!(lines.first(), Some(&"BEGIN:VCALENDAR"));
    assert_eq!(lines.iter().filter(|l| **l == "BEGIN:VEVENT").count(), 1);
    assert!(lines.contains(&"DTSTART:20250517T160000Z"), "{ics}");
    assert!(lines.contains(&"DTEND:20250517T162000Z"), "the talk's own 20 minutes, not the session's 90");
    assert!(lines.contains(&"SUMMARY:Scalar implicature\\, revisited"));
    assert!(lines.contains(&"LOCATION:Room 5"));
    assert_eq!(as_visitor(&app, "/api/program/2025/talks/S25-999.ics").await.status(), 404);
    assert_eq!(as_visitor(&app, &format!("/api/program/2025/talks/{code}")).await.status(), 404);
}

#[tokio::test]
async fn presenters_see_their_own_slot_once_published() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Phonology", "09:00", "10:00", "Room 7")).await;
    let presenter = crate::review::signed_in(&app, "presenter@example.org").await;
    let presenter_id = crate::admin::user_id(&app, "presenter@example.org").await;
    let mine = crate::review::submission_of(&app, presenter_id, "My talk").await;
    app.post_json(&format!("/api/admin/submissions/{mine}/decision"), json!({ "decision": "accepted" }))
        .await;
    answer(&app, mine, "confirmed", Some("talk")).await;
    let theirs = confirmed(&app, "other@example.org", "Their talk", "talk").await;
    place(&app, talks, &[theirs, mine]).await;

    let slots = |client: reqwest::Client| {
        let url = app.url("/api/program/mine");
        async move { client.get(url).send().await.unwrap() }
    };
    let before = crate::admin::json(slots(presenter.clone()).await).await;
    assert_eq!(before, json!([]), "nothing until published");
    publish(&app).await;
    let after = crate::admin::json(slots(presenter.clone()).await).await;
    assert_eq!(after.as_array().unwrap().len(), 1);
    assert_eq!(after[0]["title"], "My talk");
    assert_eq!(after[0]["session"]["title"], "Phonology");
    assert_eq!(after[0]["session"]["room"], "Room 7");
    assert_eq!(after[0]["session"]["starts_at"], "2025-05-17T16:00:00Z");
    assert!(after[0]["calendar_url"].as_str().unwrap().ends_with(".ics"));
    assert_eq!(slots(Client::new()).await.status(), 401);
}

/// The program PDFs in the app's storage.
fn program_files(app: &crate::helpers::TestApp) -> Vec<std::path::PathBuf> {
    let folder = app.state.config.data_dir.join(format!("files/program/{YEAR}"));
    match std::fs::read_dir(folder) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    }
}

#[tokio::test]
async fn publications_at_once_leave_one_stored_pdf_and_the_sweep_keeps_it() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Pragmatics", "09:00", "10:00", "")).await;
    let talk = confirmed(&app, "a@example.org", "Implicature", "talk").await;
    place(&app, talks, &[talk]).await;

    // The first publication, six times at once: each stores a PDF, one row
    // remains, and each PDF it replaced is deleted.
    let path = format!("/api/admin/program/{YEAR}/publish");
    let publishing = (0..6).map(|_| app.post_json(&path, json!({})));
    for response in futures_util::future::join_all(publishing).await {
        assert_eq!(response.status(), 200);
    }
    let files = program_files(&app);
    assert_eq!(files.len(), 1, "one PDF per publication row: {files:?}");
    let served = as_visitor(&app, "/sculc-program.pdf").await.bytes().await.unwrap();
    assert_eq!(served, std::fs::read(&files[0]).unwrap(), "the stored PDF is the one served");
    assert!(pdf_text(&served).1.contains("Implicature"));

    // A PDF stored by a publication that stopped before its row (or one
    // whose delete failed) is swept; the published one stays.
    let orphan = files[0].with_file_name("interrupted.pdf");
    std::fs::write(&orphan, b"%PDF-1.4 interrupted").unwrap();
    let removed =
        colloquy::submissions::sweep::sweep_orphans(&app.state, time::Duration::ZERO).await.unwrap();
    assert_eq!(removed, 1);
    assert_eq!(program_files(&app), files);
    assert_eq!(as_visitor(&app, "/sculc-program.pdf").await.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn another_instance_serves_each_new_publication_and_never_a_deleted_pdf() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Edition 0", "09:00", "10:00", "")).await;
    let talk = confirmed(&app, "a@example.org", "Ellipsis", "talk").await;
    place(&app, talks, &[talk]).await;
    publish(&app).await;

    // A second instance on the same database and storage.
    let other = colloquy::prepare((*app.state.config).clone()).await.expect("another instance starts");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let other_url = crate::helpers::serve_in_background(listener, other.clone(), axum::Router::new());
    let visitor = Client::new();
    let fetch = |other: colloquy::AppState| {
        let visitor = visitor.clone();
        let url = format!("{other_url}/sculc-program.pdf");
        async move {
            // As if its memory had just gone stale: it reads the stored PDF.
            other.program_pdf.forget();
            let response = visitor.get(&url).send().await.unwrap();
            (response.status().as_u16(), response.bytes().await.unwrap())
        }
    };

    // Each publication deletes the PDF it replaces, while the other
    // instance keeps reading: it answers the old PDF or the new, never an
    // error for a PDF deleted between its two reads.
    for edition in 1..=12 {
        let path = format!("/api/admin/program/{YEAR}/sessions/{talks}");
        put_json(&app, &path, session("talks", &format!("Edition {edition}"), "09:00", "10:00", "")).await;
        let readers = futures_util::future::join_all((0..8).map(|_| fetch(other.clone())));
        let (readings, _) = tokio::join!(readers, publish(&app));
        for (status, pdf) in readings {
            assert_eq!(status, 200, "publication {edition}");
            let text = pdf_text(&pdf).1;
            assert!(
                text.contains(&format!("Edition {}", edition - 1))
                    || text.contains(&format!("Edition {edition}")),
                "publication {edition}: {text}"
            );
        }
    }
    // Without a forced read, within `FRESH` of the last publication.
    tokio::time::sleep(colloquy::program::public::ProgramPdfCache::FRESH).await;
    let latest = visitor.get(format!("{other_url}/sculc-program.pdf")).send().await.unwrap();
    assert!(pdf_text(&latest.bytes().await.unwrap()).1.contains("Edition 12"));
}

/// Issue 40: a program whose talks are titled and given in every script
/// the fonts cover prints each as written, shaped as HarfBuzz shapes it;
/// a title with a character none of the fonts has stops the publication,
/// named, and the last published program stays.
#[tokio::test]
async fn talks_in_every_script_print_and_a_character_no_font_has_stops_publication() {
    use crate::typeset::{NAMES, pdftotext, shaped_as_harfbuzz_does};

    let app = app_with_admin().await;
    let mut room = session("talks", "語用論 · Pragmatics · علم التداولية", "09:00", "12:00", "Room 101");
    room["talk_minutes"] = json!(5);
    room["question_minutes"] = json!(2);
    let talks = add_session(&app, room).await;
    let mut placed = Vec::new();
    for (n, (script, first, last)) in NAMES.into_iter().enumerate() {
        let title = format!("{script}: {last} {first}");
        let submission = accepted(&app, &format!("s{n}@example.org"), first, last, &title).await;
        answer(&app, submission, "confirmed", Some("talk")).await;
        placed.push(submission);
    }
    assert_eq!(place(&app, talks, &placed).await.status(), 200);
    publish(&app).await;
    let pdf = as_visitor(&app, "/sculc-program.pdf").await.bytes().await.unwrap();
    let read = pdftotext(&pdf);
    assert!(read.contains("語用論 · Pragmatics · علم التداولية"), "{read}");
    for (script, first, last) in NAMES {
        let (name, title) = (format!("{first} {last}"), format!("{script}: {last} {first}"));
        assert!(read.contains(&name), "{script}: the speaker {name} reads back as written: {read}");
        assert!(read.contains(&title), "{script}: the title {title} reads back as written: {read}");
        shaped_as_harfbuzz_does(script, &name);
    }

    let unprintable =
        accepted(&app, "abebe@example.org", "Abebe", "Bikila", "ሰላም: greetings in Amharic").await;
    answer(&app, unprintable, "confirmed", Some("talk")).await;
    placed.push(unprintable);
    assert_eq!(place(&app, talks, &placed).await.status(), 200);
    let refused = app.post_json(&format!("/api/admin/program/{YEAR}/publish"), json!({})).await;
    assert_eq!(refused.status(), 422);
    let message = body(refused).await["error"].as_str().unwrap().to_owned();
    assert!(message.starts_with("The program cannot be published yet. The title of S"), "{message}");
    assert!(
        message.ends_with(
            "contains characters the program's fonts cannot print: ሰ (U+1230), ላ (U+120B), ም (U+121D). \
             Correct it before publishing."
        ),
        "{message}"
    );
    let still = pdftotext(&as_visitor(&app, "/sculc-program.pdf").await.bytes().await.unwrap());
    assert!(
        !still.contains("greetings in Amharic") && still.contains("Korean"),
        "the last publication stays"
    );
}
