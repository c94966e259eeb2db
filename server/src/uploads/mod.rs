//! What every upload of a PDF shares, beneath the features that take them
//! (abstracts in `submissions`, final materials in `attendance`): the
//! request's size limit, receiving the file to a locked temp file with the
//! edition's limit enforced while streaming, the refusals (too large, not a
//! PDF, damaged, locked, active content), the inspector that checks it in
//! a child process, and answering with a stored PDF. Where a file is
//! stored, its row and who may see it stay with the feature.

pub mod active_content;
pub mod damage;
pub mod download;
pub mod metadata;
pub mod pdf;
pub mod receive;
pub mod temp;

pub use download::{content_disposition, pdf_response, stripped_pdf_response};
pub use receive::{
    MAX_UPLOAD_REQUEST_BYTES, Received, SizeLimit, drain, not_pdf, receive_file, refused, unreadable,
};

/// A storage quota as people read it: `2.0 GiB`, `512.0 MiB`, `40 KiB`.
pub fn quota_text(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
    } else if bytes >= 1 << 20 {
        format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20))
    } else {
        format!("{} KiB", bytes.div_ceil(1 << 10))
    }
}
