//! Two folders are built into the binary:
//!
//! - `content/` (`include_dir!`), which notices edits to known files but not
//!   a new file: rebuild whenever anything in that folder changes, so a new
//!   edition or board term is seen.
//! - the built web app, `web/dist`, so the binary alone serves the whole
//!   site. `COLLOQUY_EMBEDDED_WEB` names the folder to embed: `web/dist` when
//!   the web app has been built, else an empty folder (the binary then says
//!   how to build it), so `cargo build` works before `npm run build`.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=../content");
    // sqlx::migrate! embeds the migration folders; a new file must rebuild the crate.
    println!("cargo:rerun-if-changed=migrations");

    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let dist = manifest.join("../web/dist");
    let embedded = if dist.join("index.html").is_file() {
        // A new build renames the hashed assets: rebuild on any change. The
        // path is absolute, as the one given to the compiler: a clone
        // elsewhere sharing this build folder (CI keeps one between runs)
        // finds it missing and runs this again, instead of embedding a
        // folder that is gone.
        let dist = dist.canonicalize().expect("web/dist resolves");
        println!("cargo:rerun-if-changed={}", dist.display());
        // And its page by name: every build writes it anew, so a rebuilt
        // web app is seen even where the folder's scan is not.
        println!("cargo:rerun-if-changed={}", dist.join("index.html").display());
        dist
    } else {
        // Watching a missing path would rebuild every time; the folder that
        // will hold it changes when the web app is built.
        println!("cargo:rerun-if-changed=../web");
        let empty = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("no-web-app");
        std::fs::create_dir_all(&empty).expect("OUT_DIR is writable");
        empty
    };
    println!("cargo:rustc-env=COLLOQUY_EMBEDDED_WEB={}", embedded.display());
}
