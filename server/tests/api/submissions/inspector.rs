//! The PDF inspector (a child process): what the author wrote in their
//! profile reaches it only as data, and only so many inspections run at
//! once, the others waiting their turn.

use std::path::{Path, PathBuf};

use axum::Router;
use serde_json::json;

use super::{applicant, json, make_pdf, sign_in_as, upload};
use crate::helpers::{browser, spawn_app, spawn_app_with};

#[tokio::test]
async fn names_that_look_like_options_are_only_data_to_the_inspector() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    for (first, last) in [("--help", "Lovelace"), ("--version", "-x"), ("-x", "--name"), ("--", "-")] {
        let renamed = app
            .client
            .patch(app.url("/api/me"))
            .json(&json!({"first_name": first, "last_name": last}))
            .send()
            .await
            .unwrap();
        assert_eq!(renamed.status(), 200, "{first} {last}");
        let text = format!("Notes on tone sandhi by {first} {last} in Min");
        let response = upload(&app, &app.client, "abstract.pdf", make_pdf(&[&text], None)).await;
        let status = response.status();
        let body = json(response).await;
        assert_eq!(status, 201, "{first} {last}: {body}");
        // The names were read as names: the anonymisation check found them.
        let found: Vec<&str> = [first, last].into_iter().filter(|name| name.chars().count() > 1).collect();
        assert_eq!(
            body["warnings"],
            json!([format!(
                "An author's name ({}) appears in the abstract's text. Abstracts must be anonymized.",
                found.join(", ")
            )]),
            "{first} {last}"
        );
    }
}

/// A stand-in for `colloquy inspect-pdf` that notes, in `dir`, how many
/// copies of it run at once, takes its time, and finds the file readable.
fn counting_inspector(dir: &Path) -> PathBuf {
    let running = dir.join("running");
    std::fs::create_dir(&running).unwrap();
    let script = format!(
        "#!/bin/sh\n\
         cat > /dev/null\n\
         touch '{running}/'$$\n\
         ls '{running}' | wc -l >> '{seen}'\n\
         sleep 0.5\n\
         rm '{running}/'$$\n\
         echo '{{\"outcome\": \"readable\", \"word_count\": 3, \"names_in_text\": [], \"names_in_author\": []}}'\n",
        running = running.display(),
        seen = dir.join("seen").display(),
    );
    // Written by another process, so that no copy of a writable descriptor
    // can leak into a child this test process forks meanwhile (which would
    // make running the script fail with "text file busy").
    let path = dir.join("inspect");
    let mut writer = std::process::Command::new("sh")
        .arg("-c")
        .arg("cat > \"$1\" && chmod 755 \"$1\"")
        .arg("sh")
        .arg(&path)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut writer.stdin.take().unwrap(), script.as_bytes()).unwrap();
    assert!(writer.wait().unwrap().success());
    path
}

#[tokio::test]
async fn inspections_run_a_bounded_number_at_once_and_the_others_wait_their_turn() {
    let bound = std::thread::available_parallelism().map_or(1, usize::from);
    let dir = tempfile::tempdir().unwrap();
    let inspector = counting_inspector(dir.path());
    let app = spawn_app_with(Router::new(), |config| config.pdf_inspector = inspector).await;
    // More uploads than may be inspected at once, from authors who each
    // stay under the limit of submissions per author.
    let uploads = 2 * bound + 4;
    let authors: Vec<reqwest::Client> = (0..uploads.div_ceil(3)).map(|_| browser()).collect();
    for (n, author) in authors.iter().enumerate() {
        sign_in_as(&app, author, &format!("author{n}@example.edu")).await;
    }
    let pdf = make_pdf(&["a short abstract"], None);
    let responses = futures_util::future::join_all(
        (0..uploads).map(|n| upload(&app, &authors[n % authors.len()], "abstract.pdf", pdf.clone())),
    )
    .await;
    for response in responses {
        assert_eq!(response.status(), 201, "every upload waits its turn and succeeds");
    }
    let seen: Vec<usize> = std::fs::read_to_string(dir.path().join("seen"))
        .unwrap()
        .lines()
        .map(|line| line.trim().parse().unwrap())
        .collect();
    assert_eq!(seen.len(), uploads, "each upload was inspected once");
    let most = seen.iter().copied().max().unwrap();
    assert!(most <= bound, "{most} inspections ran at once; at most {bound} may ({seen:?})");
    if bound > 1 {
        assert!(most > 1, "inspections still run side by side, up to the bound ({seen:?})");
    }
}
