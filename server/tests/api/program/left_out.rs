//! Issue 22 item 12: a talk whose presenter declined or withdrew is left
//! out when the program is published, and the admin is told why.

use super::*;

async fn withdraw(app: &TestApp, submission: Uuid) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE submissions SET status = 'withdrawn' WHERE id = $1")
            .bind(submission)
            .execute(pool)
            .await
            .unwrap();
    });
}

#[tokio::test]
async fn declined_and_withdrawn_talks_are_left_out_of_the_publication_with_the_reason() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Morphology", "09:00", "10:30", "Room 5")).await;
    let kept = confirmed(&app, "a@example.org", "Word order", "talk").await;
    let declined = confirmed(&app, "b@example.org", "Clitic doubling", "talk").await;
    let withdrawn = confirmed(&app, "c@example.org", "Tone sandhi", "talk").await;
    assert_eq!(place(&app, talks, &[kept, declined, withdrawn]).await.status(), 200);
    answer(&app, declined, "declined", None).await;
    withdraw(&app, withdrawn).await;

    let before = draft(&app).await;
    let code = |id: Uuid| {
        before["sessions"][0]["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["submission_id"] == id.to_string())
            .unwrap()["code"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (kept_code, declined_code, withdrawn_code) = (code(kept), code(declined), code(withdrawn));

    let answer = publish(&app).await;
    let left_out: Vec<(String, String, String)> = answer["left_out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            assert_eq!(i["session_title"], "Morphology");
            (
                i["code"].as_str().unwrap().into(),
                i["title"].as_str().unwrap().into(),
                i["reason"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        left_out,
        [
            (declined_code.clone(), "Clitic doubling".into(), "The presenter declined.".into()),
            (withdrawn_code.clone(), "Tone sandhi".into(), "The submission was withdrawn.".into()),
        ]
    );

    let public = body(as_visitor(&app, &format!("/api/program/{YEAR}")).await).await;
    let codes: Vec<&str> = public["sessions"][0]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, [kept_code.as_str()]);
    let text = public.to_string();
    assert!(!text.contains("Clitic doubling") && !text.contains("Tone sandhi"), "{text}");
    for (code, status) in [(&kept_code, 200), (&declined_code, 404), (&withdrawn_code, 404)] {
        let ics = as_visitor(&app, &format!("/api/program/{YEAR}/talks/{code}.ics")).await;
        assert_eq!(ics.status(), status, "{code}");
    }
    // The builder shows the same list until the admin takes them out.
    assert_eq!(draft(&app).await["left_out"].as_array().unwrap().len(), 2);
}
