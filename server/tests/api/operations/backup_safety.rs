//! A backup is private whatever the caller's umask (folders 0700, files
//! 0600), and a restore refuses a backup holding a symbolic link or
//! anything else that is neither a regular file nor a folder, before it
//! changes anything.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use super::{colloquy_of, run, text};
use crate::accounts::{PASSWORD, login};
use crate::helpers::{TestApp, spawn_app};
use crate::submissions::sized::pdf_of_size;
use crate::submissions::{sign_in_as, upload};

/// `command` run by a shell under `umask`.
fn under_umask(command: &Command, umask: &str) -> Command {
    let mut shell = Command::new("sh");
    shell.arg("-c").arg(format!("umask {umask} && exec \"$0\" \"$@\"")).arg(command.get_program());
    shell.args(command.get_args());
    for (name, value) in command.get_envs() {
        match value {
            Some(value) => shell.env(name, value),
            None => shell.env_remove(name),
        };
    }
    shell
}

/// Every path under `root` (itself included) with its mode, when it is not
/// `0700` for a folder or `0600` for anything else.
fn too_open(root: &Path) -> (Vec<String>, Vec<PathBuf>) {
    let (mut wrong, mut seen) = (Vec::new(), Vec::new());
    let mut pending = vec![root.to_path_buf()];
    while let Some(path) = pending.pop() {
        let meta = std::fs::symlink_metadata(&path).unwrap();
        let mode = meta.permissions().mode() & 0o7777;
        let wanted = if meta.is_dir() { 0o700 } else { 0o600 };
        if mode != wanted {
            wrong.push(format!("{} is {mode:o}", path.display()));
        }
        if meta.is_dir() {
            pending.extend(std::fs::read_dir(&path).unwrap().map(|entry| entry.unwrap().path()));
        }
        seen.push(path);
    }
    (wrong, seen)
}

/// A site with Ada and one uploaded abstract.
async fn site_with_an_abstract() -> TestApp {
    let app = spawn_app().await;
    sign_in_as(&app, &app.client, "ada@example.edu").await;
    assert_eq!(upload(&app, &app.client, "phonology.pdf", pdf_of_size(30_000, 7)).await.status(), 201);
    app
}

async fn back_up(app: &TestApp, dir: &Path, umask: &str) {
    let mut command = colloquy_of(app);
    command.arg("backup").arg(dir);
    let done = run(under_umask(&command, umask)).await;
    assert!(done.status.success(), "{}", text(&done.stderr));
}

#[tokio::test]
async fn a_backup_is_readable_by_its_owner_alone_whatever_the_umask() {
    let app = site_with_an_abstract().await;
    let folder = tempfile::tempdir().unwrap();
    for umask in ["022", "000"] {
        let dir = folder.path().join(format!("under-{umask}")).join("backup");
        back_up(&app, &dir, umask).await;
        let (wrong, seen) = too_open(&dir);
        assert_eq!(wrong, Vec::<String>::new(), "under umask {umask}");
        let names: Vec<_> = seen.iter().filter_map(|p| p.file_name()?.to_str()).collect();
        assert!(
            names.iter().any(|n| *n == "colloquy.db" || *n == "colloquy.pgdump")
                && names.contains(&"backup.json"),
            "{names:?}"
        );
        assert!(
            seen.iter().any(|p| p.is_file() && p.starts_with(dir.join("files"))),
            "a stored file: {seen:?}"
        );
    }
}

/// Runs `command`, killed after `limit` (a restore reading a FIFO or going
/// round a loop would never end).
async fn run_at_most(mut command: Command, limit: Duration) -> Output {
    tokio::task::spawn_blocking(move || {
        let mut child = command
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + limit;
        while child.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("still running after {limit:?}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

/// Every stored file of `app`, by path, with its bytes.
fn stored(app: &TestApp) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut pending = vec![app.state.config.data_dir.join("files")];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for path in entries.map(|entry| entry.unwrap().path()) {
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

#[tokio::test]
async fn restore_refuses_links_and_fifos_in_a_backup_before_changing_anything() {
    let source = site_with_an_abstract().await;
    let folder = tempfile::tempdir().unwrap();
    let pristine = folder.path().join("pristine");
    back_up(&source, &pristine, "077").await;
    let secret = folder.path().join("secret.txt");
    std::fs::write(&secret, "the operator's own file").unwrap();

    // The site it would replace: Grace and her abstract.
    let site = spawn_app().await;
    sign_in_as(&site, &site.client, "grace@example.edu").await;
    assert_eq!(upload(&site, &site.client, "syntax.pdf", pdf_of_size(20_000, 3)).await.status(), 201);
    let before = stored(&site);

    type Tamper = fn(&Path, &Path) -> PathBuf;
    let cases: [(&str, &str, Tamper); 4] = [
        ("a link to a file outside", "a symbolic link", |backup, secret| {
            let link = backup.join("files").join("leak.pdf");
            std::os::unix::fs::symlink(secret, &link).unwrap();
            link
        }),
        ("a link loop", "a symbolic link", |backup, _| {
            let link = backup.join("files").join("loop");
            std::os::unix::fs::symlink(backup.join("files"), &link).unwrap();
            link
        }),
        ("a FIFO", "a named pipe (FIFO)", |backup, _| {
            let pipe = backup.join("files").join("pipe.pdf");
            assert!(Command::new("mkfifo").arg(&pipe).status().unwrap().success());
            pipe
        }),
        ("the database as a link", "a symbolic link", |backup, _| {
            let database = ["colloquy.db", "colloquy.pgdump"].map(|name| backup.join(name));
            let database = database.into_iter().find(|path| path.exists()).unwrap();
            let moved = backup.with_extension("elsewhere");
            std::fs::rename(&database, &moved).unwrap();
            std::os::unix::fs::symlink(&moved, &database).unwrap();
            database
        }),
    ];
    for (n, (case, kind, tamper)) in cases.into_iter().enumerate() {
        let backup = folder.path().join(format!("tampered-{n}"));
        assert!(Command::new("cp").arg("-a").arg(&pristine).arg(&backup).status().unwrap().success());
        let culprit = tamper(&backup, &secret);
        let mut command = colloquy_of(&site);
        command.arg("restore").arg(&backup).arg("--force");
        let refused = run_at_most(command, Duration::from_secs(30)).await;
        assert!(!refused.status.success(), "{case}: {}", text(&refused.stdout));
        let message = text(&refused.stderr);
        assert!(
            message.contains(&format!("{} in the backup is {kind}", culprit.display()))
                && message.contains("Nothing was changed"),
            "{case}: {message}"
        );
        assert_eq!(
            login(&site, "grace@example.edu", PASSWORD).await.status(),
            200,
            "{case}: nothing changed"
        );
        assert_eq!(login(&site, "ada@example.edu", PASSWORD).await.status(), 401, "{case}");
        assert_eq!(stored(&site), before, "{case}: the storage is as it was");
    }

    // The backup as it was made restores.
    let mut command = colloquy_of(&site);
    command.arg("restore").arg(&pristine).arg("--force");
    let restored = run(command).await;
    assert!(restored.status.success(), "{}", text(&restored.stderr));
}
