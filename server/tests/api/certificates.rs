//! Certificates (issue 26 item 4): attendance for those checked in and
//! presentation for confirmed presenters, once the event's day has passed;
//! the PDF read back (lopdf and pdftotext) with the name,
//! the title and the verification address, which answers the same; names
//! in IPA, Greek and Devanagari printed, a name the fonts cannot show
//! refused; who may download what; the signatory per edition.

use lopdf::content::Content;
use lopdf::{Document, Object};
use reqwest::Client;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};

use crate::admin::{insert_submission, json as body, put_json, set_status, user_id};
use crate::helpers::{TestApp, browser};
use crate::program::publish::pdf_text;
use crate::review::{app_with_admin, signed_in};
use crate::typeset::{NAMES, as_subset, glyphs_by_font, hb_shape, pdftotext, shaped_as_harfbuzz_does};
use colloquy::typeset::Face;

const SLUG: &str = "sculc-2026";
/// Where `event` takes place, as its admin wrote it.
const PLACE: &str = "Humanities Lecture Hall 206";

/// Registration event `sculc-2026` ("SCULC 2026") at `PLACE`, starting in two days.
async fn event(app: &TestApp) {
    let starts = app.state.clock.clone().scope(async { colloquy::clock::now() }).await + Duration::days(2);
    let starts = starts.format(&time::format_description::well_known::Rfc3339).unwrap();
    let response = app
        .post_json(
            "/api/admin/events",
            json!({"slug": SLUG, "title": "SCULC 2026", "starts_at": starts, "place": PLACE, "capacity": 10, "offer_hours": 48}),
        )
        .await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}

async fn rename(app: &TestApp, email: &str, first: &str, last: &str) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE users SET first_name = $1, last_name = $2 WHERE email = $3")
            .bind(first)
            .bind(last)
            .bind(email)
            .execute(pool)
            .await
            .unwrap();
    });
}

/// A member named `first last`, registered in person for the event; with
/// `checked_in`, marked present at the door at the event's start (as the
/// check-in desk writes it).
async fn attendee(app: &TestApp, email: &str, first: &str, last: &str, checked_in: bool) -> Client {
    let client = signed_in(app, email).await;
    rename(app, email, first, last).await;
    let answers = json!({"mode": "in_person", "lunch": false, "dietary": "", "access": ""});
    let response = client
        .post(app.url(&format!("/api/events/{SLUG}/registration")))
        .json(&answers)
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.text().await.unwrap());
    if checked_in {
        let id = user_id(app, email).await;
        colloquy::on_db!(&app.state.db, |pool| {
            sqlx::query(
                "UPDATE registrations SET checked_in_at = (SELECT starts_at FROM events WHERE id = event_id)
                 WHERE user_id = $1",
            )
            .bind(id)
            .execute(pool)
            .await
            .unwrap();
        });
    }
    client
}

async fn mine(app: &TestApp, client: &Client) -> Vec<Value> {
    let response = client.get(app.url("/api/me/certificates")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    body(response).await.as_array().unwrap().clone()
}

async fn download(app: &TestApp, client: &Client, href: &str) -> reqwest::Response {
    client.get(app.url(href)).send().await.unwrap()
}

async fn pdf(app: &TestApp, client: &Client, href: &str) -> Vec<u8> {
    let response = download(app, client, href).await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    assert_eq!(response.headers()["content-type"], "application/pdf");
    response.bytes().await.unwrap().to_vec()
}

/// The verification code printed on the certificate.
fn printed_code(text: &str) -> String {
    let at = text.find("/verify/").expect("the verification address is printed") + "/verify/".len();
    text[at..].chars().take_while(char::is_ascii_alphanumeric).collect()
}

fn after_the_event(app: &TestApp) {
    app.state.clock.advance(Duration::days(3));
}

#[tokio::test]
async fn an_attendee_downloads_a_certificate_after_the_event_that_the_verification_page_confirms() {
    let app = app_with_admin().await;
    event(&app).await;
    let signatory = json!({"name": "Noam Linguist", "title": "Faculty Advisor"});
    let put = put_json(&app, "/api/admin/editions/2026/signatory", signatory.clone()).await;
    assert_eq!(put.status(), 404, "no 2026 edition in the seed");
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO editions (year, word_limit, max_file_bytes, contact_email) VALUES (2026, 500, 10485760, 'sculc@example.edu')",
        )
        .execute(pool)
        .await
        .unwrap();
    });
    let put = put_json(&app, "/api/admin/editions/2026/signatory", signatory).await;
    assert_eq!(put.status(), 200, "{}", put.text().await.unwrap());
    let came = attendee(&app, "came@example.edu", "Grace", "Hopper", true).await;
    let stayed_home = attendee(&app, "home@example.edu", "Alan", "Turing", false).await;

    assert!(mine(&app, &came).await.is_empty(), "nothing before the event's day has passed");
    after_the_event(&app);
    assert!(mine(&app, &stayed_home).await.is_empty(), "registered but never checked in: no certificate");
    let list = mine(&app, &came).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["kind"], "attendance");
    assert_eq!(list[0]["event_title"], "SCULC 2026");
    assert_eq!(list[0]["verify_path"], Value::Null, "not issued until first downloaded");
    let href = list[0]["href"].as_str().unwrap().to_owned();

    let visitor = browser();
    assert_eq!(download(&app, &visitor, &href).await.status(), 401);
    assert_eq!(visitor.get(app.url("/api/me/certificates")).send().await.unwrap().status(), 401);
    assert_eq!(download(&app, &stayed_home, &href).await.status(), 404, "someone else's certificate");

    let first = pdf(&app, &came, &href).await;
    let (pages, text) = pdf_text(&first);
    assert_eq!(pages, 1);
    for printed in
        ["Certificate of Attendance", "Grace Hopper", "SCULC 2026", PLACE, "Noam Linguist", "Faculty Advisor"]
    {
        assert!(text.contains(printed), "{printed:?} in {text:?}");
    }
    let code = printed_code(&text);
    assert_eq!(code.len(), 10, "{text}");
    assert!(text.contains(&format!("{}/verify/{code}", app.address)), "{text}");

    let again = pdf(&app, &came, &href).await;
    assert_eq!(printed_code(&pdf_text(&again).1), code, "issued once: the same code every time");
    assert_eq!(mine(&app, &came).await[0]["verify_path"], format!("/verify/{code}"));

    let verified = body(visitor.get(app.url(&format!("/api/verify/{code}"))).send().await.unwrap()).await;
    assert_eq!(verified["name"], "Grace Hopper");
    assert_eq!(verified["kind"], "attendance");
    assert_eq!(verified["event_title"], "SCULC 2026");
    assert_eq!(verified["signatory"], "Noam Linguist, Faculty Advisor");
    assert!(verified["event_on"].as_str().unwrap().starts_with("20"));
    let mut keys: Vec<&str> = verified.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        ["event_on", "event_title", "issued_at", "kind", "name", "signatory", "title"],
        "nothing else personal"
    );
    let page = visitor.get(app.url(&format!("/verify/{code}"))).send().await.unwrap();
    assert_eq!(page.headers()["x-robots-tag"], "noindex", "the page names a person: no search engine");
    let unknown = visitor.get(app.url("/api/verify/abcdefghij")).send().await.unwrap();
    assert_eq!(unknown.status(), 404);
    assert_eq!(body(unknown).await["error"], "There is no certificate with this code.");
}

#[tokio::test]
async fn a_presenter_gets_a_certificate_of_presentation_with_the_title_and_co_authors() {
    let app = app_with_admin().await;
    let presenter = signed_in(&app, "presenter@example.edu").await;
    rename(&app, "presenter@example.edu", "Zoë", "Núñez").await;
    let id = user_id(&app, "presenter@example.edu").await;
    let talk = insert_submission(&app, id, "Tone sandhi in Southern Min", 2025, 0).await;
    let unconfirmed = insert_submission(&app, id, "Vowel harmony in Turkish", 2025, 1).await;
    for submission in [talk, unconfirmed] {
        set_status(&app, submission, "accepted").await;
    }
    crate::program::answer(&app, talk, "confirmed", Some("talk")).await;
    let today = OffsetDateTime::now_utc().date();
    colloquy::on_db!(&app.state.db, |pool| {
        for (position, name) in ["Grace Hopper", "Alan Turing"].into_iter().enumerate() {
            sqlx::query(
                "INSERT INTO submission_coauthors (submission_id, position, name, email, institution)
                 VALUES ($1, $2, $3, $4, 'UCLA')",
            )
            .bind(talk)
            .bind(position as i32)
            .bind(name)
            .bind(format!("{position}@example.edu"))
            .execute(pool)
            .await
            .unwrap();
        }
        // The conference is tomorrow.
        sqlx::query("UPDATE editions SET conference_on = $1 WHERE year = 2025")
            .bind((today + Duration::days(1)).to_string())
            .execute(pool)
            .await
            .unwrap();
    });
    let signatory = json!({"name": "Noam Linguist", "title": "Faculty Advisor"});
    assert_eq!(put_json(&app, "/api/admin/editions/2025/signatory", signatory).await.status(), 200);
    assert!(mine(&app, &presenter).await.is_empty(), "the conference has not happened yet");
    after_the_event(&app);
    let list = mine(&app, &presenter).await;
    assert_eq!(list.len(), 1, "only the confirmed presentation: {list:?}");
    assert_eq!(list[0]["kind"], "presentation");
    assert_eq!(list[0]["title"], "Tone sandhi in Southern Min");
    assert_eq!(list[0]["event_title"], "SCULC 2025");

    let (_, text) = pdf_text(&pdf(&app, &presenter, list[0]["href"].as_str().unwrap()).await);
    for printed in [
        "Certificate of Presentation",
        "Zoë Núñez",
        "Tone sandhi in Southern Min",
        "with Grace Hopper, Alan Turing",
        "SCULC 2025",
    ] {
        assert!(text.contains(printed), "{printed:?} in {text:?}");
    }
    let code = printed_code(&text);
    let verified = body(browser().get(app.url(&format!("/api/verify/{code}"))).send().await.unwrap()).await;
    assert_eq!(verified["kind"], "presentation");
    assert_eq!(verified["name"], "Zoë Núñez");
    assert_eq!(verified["title"], "Tone sandhi in Southern Min");
    assert_eq!(verified["event_title"], "SCULC 2025");
    assert_eq!(verified["event_on"], (today + Duration::days(1)).to_string());

    let other = signed_in(&app, "other@example.edu").await;
    let href = format!("/api/me/certificates/presentation-{talk}.pdf");
    assert_eq!(download(&app, &other, &href).await.status(), 404, "someone else's presentation");
    let href = format!("/api/me/certificates/presentation-{unconfirmed}.pdf");
    assert_eq!(download(&app, &presenter, &href).await.status(), 404, "attendance never confirmed");
}

/// The `/ActualText` of each marked span on the page: the text as written
/// where shaping drew its glyphs in another order.
fn actual_texts(pdf: &[u8]) -> Vec<String> {
    let document = Document::load_mem(pdf).unwrap();
    let page = *document.get_pages().values().next().unwrap();
    let content = Content::decode(&document.get_page_content(page)).unwrap();
    content
        .operations
        .iter()
        .filter(|op| op.operator == "BDC")
        .filter_map(|op| match op.operands.get(1) {
            Some(Object::Dictionary(properties)) => properties.get(b"ActualText").ok().cloned(),
            _ => None,
        })
        .map(|text| match text {
            Object::String(bytes, _) => {
                let units: Vec<u16> =
                    bytes[2..].chunks(2).map(|pair| u16::from_be_bytes([pair[0], pair[1]])).collect();
                String::from_utf16(&units).unwrap()
            }
            other => panic!("ActualText is a string, not {other:?}"),
        })
        .collect()
}

/// Issue 40: a certificate for a name in each script the fonts cover
/// prints, reads back in logical order, and is shaped as HarfBuzz shapes it
/// (Arabic joined, Devanagari and Bengali conjuncts formed).
#[tokio::test]
async fn names_in_every_script_print_shaped_and_read_back_as_written() {
    let app = app_with_admin().await;
    event(&app).await;
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE events SET capacity = 20").execute(pool).await.unwrap();
    });
    let mut members = Vec::new();
    for (n, (script, first, last)) in NAMES.into_iter().enumerate() {
        members.push((
            script,
            format!("{first} {last}"),
            attendee(&app, &format!("m{n}@example.edu"), first, last, true).await,
        ));
    }
    after_the_event(&app);
    for (script, name, client) in &members {
        let list = mine(&app, client).await;
        assert_eq!(list[0]["refusal"], Value::Null, "{script}");
        let pdf = pdf(&app, client, list[0]["href"].as_str().unwrap()).await;
        let read = pdftotext(&pdf);
        assert!(read.contains(name.as_str()), "{script}: pdftotext reads {name} as written: {read}");
        if !["Arabic", "Hebrew"].contains(script) {
            // Right to left is turned around by the reader; left to right is marked with its text as written.
            assert!(actual_texts(&pdf).contains(name), "{script}: the name carries its text as written");
        }
        let face = shaped_as_harfbuzz_does(script, name);
        if face != Face::Sans {
            // That face sets the name alone: the PDF shows its glyphs in the order HarfBuzz gives.
            let expected = as_subset(&hb_shape(face, name));
            assert!(glyphs_by_font(&pdf).contains(&expected), "{script}: {name}'s glyphs are HarfBuzz's");
        }
        let (_, text) = pdf_text(&pdf);
        let verified = body(
            browser().get(app.url(&format!("/api/verify/{}", printed_code(&text)))).send().await.unwrap(),
        )
        .await;
        assert_eq!(verified["name"], name.as_str(), "{script}");
    }
}

#[tokio::test]
async fn a_name_the_fonts_cannot_show_is_refused_by_its_characters() {
    let app = app_with_admin().await;
    event(&app).await;
    // Ge'ez: none of the bundled faces has it.
    let client = attendee(&app, "abebe@example.edu", "አበበ", "Bikila", true).await;
    after_the_event(&app);
    let message = "Your name contains characters the certificate's font cannot print: \
                   አ (U+12A0), በ (U+1260). Correct it, or ask the organisers to.";
    let list = mine(&app, &client).await;
    assert_eq!(list[0]["refusal"], message);
    let response = download(&app, &client, list[0]["href"].as_str().unwrap()).await;
    assert_eq!(response.status(), 422);
    assert_eq!(body(response).await["error"], message);
    let issued: i64 = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM certificates").fetch_one(pool).await.unwrap()
    });
    assert_eq!(issued, 0, "nothing is issued with empty boxes");

    // Corrected in the profile, it prints.
    rename(&app, "abebe@example.edu", "Abebe", "Bikila").await;
    let list = mine(&app, &client).await;
    assert_eq!(list[0]["refusal"], Value::Null);
    let (_, text) = pdf_text(&pdf(&app, &client, list[0]["href"].as_str().unwrap()).await);
    assert!(text.contains("Abebe Bikila"), "{text}");
}

#[tokio::test]
async fn only_admins_set_the_signatory_and_only_printable_text() {
    let app = app_with_admin().await;
    let path = "/api/admin/editions/2025/signatory";
    let signatory = json!({"name": "Ada Lovelace", "title": "President"});
    assert_eq!(browser().put(app.url(path)).json(&signatory).send().await.unwrap().status(), 401);
    let member = signed_in(&app, "member@example.edu").await;
    assert_eq!(member.put(app.url(path)).json(&signatory).send().await.unwrap().status(), 403);
    assert_eq!(member.get(app.url(path)).send().await.unwrap().status(), 403);

    let refused = put_json(&app, path, json!({"name": "አበበ Ada", "title": "x".repeat(121)})).await;
    assert_eq!(refused.status(), 422);
    let refused = body(refused).await;
    assert!(refused["fields"]["name"][0].as_str().unwrap().contains("አ (U+12A0)"), "{refused}");
    assert_eq!(refused["fields"]["title"][0], "Keep it to 120 characters.");

    assert_eq!(put_json(&app, path, signatory).await.status(), 200);
    assert_eq!(
        body(app.get(path).await).await,
        json!({"name": "Ada Lovelace", "title": "President", "no_signature": false, "paper": "letter"})
    );
}

/// Issue 37 item 4: only a check-in inside the event's check-in window
/// earns a certificate of attendance; one an admin made outside it (the
/// override), or an old row outside it, earns none.
#[tokio::test]
async fn no_certificate_without_a_check_in_inside_the_window() {
    let app = app_with_admin().await;
    event(&app).await;
    let inside = attendee(&app, "inside@example.edu", "Grace", "Hopper", true).await;
    let old_row = attendee(&app, "old@example.edu", "Alan", "Turing", true).await;
    let overridden = attendee(&app, "override@example.edu", "Ada", "Lovelace", false).await;
    colloquy::on_db!(&app.state.db, |pool| {
        let starts: OffsetDateTime =
            sqlx::query_scalar("SELECT starts_at FROM events").fetch_one(pool).await.unwrap();
        sqlx::query(
            "UPDATE registrations SET checked_in_at = $1
             WHERE user_id = (SELECT id FROM users WHERE email = 'old@example.edu')",
        )
        .bind(colloquy::clock::to_stored(starts - Duration::days(3)))
        .execute(pool)
        .await
        .unwrap();
    });
    // Two days before the event, the window is not open; the admin overrides it.
    let id: uuid::Uuid = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar(
            "SELECT r.id FROM registrations r JOIN users u ON u.id = r.user_id WHERE u.email = 'override@example.edu'",
        )
        .fetch_one(pool)
        .await
        .unwrap()
    });
    let by_admin = app
        .post_json(&format!("/api/check-in/{SLUG}/registrations/{id}"), json!({"override_window": true}))
        .await;
    assert_eq!(by_admin.status(), 200, "{}", by_admin.text().await.unwrap());

    after_the_event(&app);
    assert_eq!(mine(&app, &inside).await.len(), 1, "checked in at the start");
    assert!(mine(&app, &old_row).await.is_empty(), "a row from before the window");
    assert!(mine(&app, &overridden).await.is_empty(), "an admin's override outside the window");
}

/// The page's size in points, from its MediaBox.
fn page_size(pdf: &[u8]) -> (f32, f32) {
    let document = Document::load_mem(pdf).unwrap();
    let page = *document.get_pages().values().next().unwrap();
    let media_box =
        document.get_dictionary(page).unwrap().get(b"MediaBox").unwrap().as_array().unwrap().clone();
    let number = |object: &Object| object.as_float().or_else(|_| object.as_i64().map(|n| n as f32)).unwrap();
    (number(&media_box[2]).round(), number(&media_box[3]).round())
}

/// The PDF as poppler renders it (a PNG at 150 dpi) and as pdftotext reads
/// it: what a reader sees and what a screen reader or search finds.
fn rendered_and_read(pdf: &[u8]) -> (image::GrayImage, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("certificate.pdf");
    std::fs::write(&path, pdf).unwrap();
    let run = |program: &str, args: &[&str]| {
        let output = std::process::Command::new(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program} (poppler-utils, scripts/install-test-deps.sh): {e}"));
        assert!(output.status.success(), "{program}: {}", String::from_utf8_lossy(&output.stderr));
        output.stdout
    };
    let pdf_path = path.to_str().unwrap();
    let page = dir.path().join("page");
    run("pdftoppm", &["-r", "150", "-png", "-singlefile", pdf_path, page.to_str().unwrap()]);
    let text = String::from_utf8(run("pdftotext", &[pdf_path, "-"])).unwrap();
    let picture = image::open(dir.path().join("page.png")).expect("pdftoppm's PNG").to_luma8();
    (picture, text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Issue 39 item 9: an edition's certificates wait until its chair says who
/// signs (someone, or no one); then they print on the chosen paper, with
/// the society's name from the site's content, and the signatory as it is
/// when downloaded, on the page and on the verification page alike. The
/// QR code, read from the rendered page, is the verification address.
#[tokio::test]
async fn certificates_wait_for_the_chairs_signatory_and_print_it_as_it_is_now() {
    let app = app_with_admin().await;
    let presenter = signed_in(&app, "presenter@example.edu").await;
    rename(&app, "presenter@example.edu", "Zoë", "Núñez").await;
    let id = user_id(&app, "presenter@example.edu").await;
    let talk = insert_submission(&app, id, "Tone sandhi in Southern Min", 2025, 0).await;
    set_status(&app, talk, "accepted").await;
    crate::program::answer(&app, talk, "confirmed", Some("talk")).await;
    let day = OffsetDateTime::now_utc().date() + Duration::days(1);
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET conference_on = $1 WHERE year = 2025")
            .bind(day.to_string())
            .execute(pool)
            .await
            .unwrap();
        let body: String =
            sqlx::query_scalar("SELECT body FROM content_documents WHERE kind = 'site' AND key = ''")
                .fetch_one(pool)
                .await
                .unwrap();
        let mut site: Value = serde_json::from_str(&body).unwrap();
        site["society_name"] = json!("Société de linguistique étudiante");
        sqlx::query("UPDATE content_documents SET body = $1 WHERE kind = 'site' AND key = ''")
            .bind(site.to_string())
            .execute(pool)
            .await
            .unwrap();
    });
    after_the_event(&app);
    let path = "/api/admin/editions/2025/signatory";
    assert_eq!(
        body(app.get(path).await).await,
        json!({"name": "", "title": "", "no_signature": false, "paper": "letter"})
    );
    assert!(mine(&app, &presenter).await.is_empty(), "nobody has said who signs: not offered yet");

    let both =
        put_json(&app, path, json!({"name": "Noam Linguist", "title": "", "no_signature": true})).await;
    assert_eq!(both.status(), 422);
    assert_eq!(
        body(both).await["fields"]["no_signature"][0],
        "Either clear the name or print the certificates without a signature, not both."
    );
    assert!(mine(&app, &presenter).await.is_empty(), "a refused choice changes nothing");

    // No signature, on A4.
    let unsigned = json!({"name": "", "title": "", "no_signature": true, "paper": "a4"});
    assert_eq!(put_json(&app, path, unsigned.clone()).await.status(), 200);
    assert_eq!(body(app.get(path).await).await, unsigned);
    let list = mine(&app, &presenter).await;
    assert_eq!(list.len(), 1, "{list:?}");
    let href = list[0]["href"].as_str().unwrap().to_owned();
    let first = pdf(&app, &presenter, &href).await;
    assert_eq!(page_size(&first), (842.0, 595.0), "A4 landscape");
    let (_, text) = rendered_and_read(&first);
    let code = printed_code(&text);
    assert!(!text.contains("Noam"), "{text}");
    let verify = |code: String| {
        let app = &app;
        async move { body(browser().get(app.url(&format!("/api/verify/{code}"))).send().await.unwrap()).await }
    };
    assert_eq!(verify(code.clone()).await["signatory"], Value::Null);

    // The chair names a signatory afterwards: the same certificate is signed.
    let signatory = json!({"name": "Noam Linguist", "title": "Faculty Advisor"});
    assert_eq!(put_json(&app, path, signatory).await.status(), 200);
    let again = pdf(&app, &presenter, &href).await;
    assert_eq!(page_size(&again), (792.0, 612.0), "US Letter, the default, landscape");
    let (picture, text) = rendered_and_read(&again);
    assert_eq!(printed_code(&text), code, "the same certificate");
    let printed_day = format!("{} {}, {}", day.month(), day.day(), day.year());
    for printed in [
        "Société de linguistique étudiante",
        "Certificate of Presentation",
        "Zoë Núñez",
        "Tone sandhi in Southern Min",
        "SCULC 2025",
        printed_day.as_str(),
        "Noam Linguist",
        "Faculty Advisor",
    ] {
        assert!(text.contains(printed), "{printed:?} in {text:?}");
    }
    let address = format!("{}/verify/{code}", app.address);
    assert!(text.contains(&format!("Verify this certificate at {address}")), "{text}");
    let mut prepared = rqrr::PreparedImage::prepare(picture);
    let grids = prepared.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code on the page");
    assert_eq!(grids[0].decode().expect("the QR code reads").1, address);
    assert_eq!(verify(code).await["signatory"], "Noam Linguist, Faculty Advisor");
}
