//! The content under `content/` is built into the binary (`include_dir!`),
//! which notices edits to known files but not a new file: rebuild whenever
//! anything in that folder changes, so a new edition or board term is seen.
fn main() {
    println!("cargo:rerun-if-changed=../content");
}
