//! Receiving an uploaded file: streamed from its multipart field to a temp
//! file, hashed on the way, refused (413) as soon as it passes the limit;
//! and the answers to a file that is not a PDF, or one the inspector
//! refused.

use axum::extract::Multipart;
use axum::extract::multipart::Field;
use axum::http::StatusCode;
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

use super::pdf::Verdict;
use crate::error::{ApiError, ApiResult};

/// The largest body an upload request may have at all (the multipart
/// form with its file); an edition's own limits are lower and enforced
/// while streaming.
pub const MAX_UPLOAD_REQUEST_BYTES: usize = 64 << 20;

const MAX_NAME_CHARS: usize = 200;
pub const NOT_PDF: &str = "The file must be a PDF.";
pub const DAMAGED: &str = "The PDF is damaged and cannot be opened (it may be incomplete, for example from an \
     interrupted download). Save or download it again and upload the new file.";
pub const ENCRYPTED: &str = "The PDF is protected by a password. Upload a copy without a password.";

/// The name the applicant's file had, as data: trimmed, without control
/// characters or bidirectional controls, at most 200 characters. It never
/// becomes part of a path.
pub fn clean_file_name(raw: Option<&str>) -> String {
    let cleaned = crate::text::without_bidi_controls(raw.unwrap_or_default());
    let cleaned: String = cleaned.chars().filter(|c| !c.is_control()).collect();
    let cleaned: String = cleaned.trim().chars().take(MAX_NAME_CHARS).collect();
    if cleaned.is_empty() { "abstract.pdf".to_owned() } else { cleaned }
}

pub fn not_pdf() -> ApiError {
    ApiError::coded(StatusCode::UNPROCESSABLE_ENTITY, "not_pdf", NOT_PDF)
}

/// The answer to a file the inspector refused.
pub fn refused(verdict: Verdict) -> ApiError {
    let (code, message) = match verdict {
        Verdict::Damaged | Verdict::Readable(_) => ("damaged_pdf", DAMAGED.to_owned()),
        Verdict::Encrypted => ("encrypted_pdf", ENCRYPTED.to_owned()),
        Verdict::ActiveContent { found } => ("active_content", found.message()),
    };
    ApiError::coded(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

/// Reads the rest of the request and drops it, so the client gets the
/// answer rather than a reset connection; the body limit bounds it.
pub async fn drain(multipart: &mut Multipart) {
    while let Ok(Some(mut field)) = multipart.next_field().await {
        while let Ok(Some(_)) = field.chunk().await {}
    }
}

/// The most bytes a file may have, and what to call such files when one is larger.
#[derive(Clone, Copy)]
pub struct SizeLimit {
    pub bytes: i64,
    /// "Abstracts", "Slides and posters".
    pub files: &'static str,
}

fn too_large(limit: SizeLimit) -> ApiError {
    let megabytes = limit.bytes as f64 / (1024.0 * 1024.0);
    ApiError::PayloadTooLarge(format!(
        "The file is too large. {} can be at most {megabytes:.0} MB.",
        limit.files
    ))
}

pub fn unreadable(error: axum::extract::multipart::MultipartError, limit: SizeLimit) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large(limit)
    } else {
        ApiError::BadRequest("The upload could not be read. Please try again.".into())
    }
}

pub struct Received {
    pub name: String,
    pub size: i64,
    pub sha256: String,
    pub starts_with_pdf_header: bool,
}

/// Streams the `file` field to `path`, hashing as it goes; refuses (413)
/// as soon as it passes `limit` bytes.
pub async fn receive_file(
    mut field: Field<'_>,
    path: &std::path::Path,
    limit: SizeLimit,
) -> ApiResult<Received> {
    let name = clean_file_name(field.file_name());
    let mut file = tokio::fs::File::create(path).await.map_err(anyhow::Error::from)?;
    let mut hasher = Sha256::new();
    let mut size: i64 = 0;
    let mut head: Vec<u8> = Vec::with_capacity(5);
    while let Some(chunk) = field.chunk().await.map_err(|error| unreadable(error, limit))? {
        size += chunk.len() as i64;
        if size > limit.bytes {
            // Read (and drop) the rest, so the client gets this answer
            // rather than a reset connection; the body limit bounds it.
            while let Ok(Some(_)) = field.chunk().await {}
            return Err(too_large(limit));
        }
        if head.len() < 5 {
            head.extend(chunk.iter().take(5 - head.len()));
        }
        hasher.update(&chunk);
        file.write_all(&chunk).await.map_err(anyhow::Error::from)?;
    }
    file.flush().await.map_err(anyhow::Error::from)?;
    if size == 0 {
        return Err(ApiError::Unprocessable {
            message: "The file is empty.".into(),
            fields: Default::default(),
        });
    }
    Ok(Received {
        name,
        size,
        sha256: hex::encode(hasher.finalize()),
        starts_with_pdf_header: head == b"%PDF-",
    })
}

#[cfg(test)]
mod tests {
    use super::clean_file_name;

    #[test]
    fn file_names_are_data_trimmed_and_bounded() {
        assert_eq!(clean_file_name(Some("  tone sandhi.pdf ")), "tone sandhi.pdf");
        assert_eq!(clean_file_name(Some("a\u{0}b\r\n.pdf")), "ab.pdf");
        assert_eq!(clean_file_name(Some("../../etc/passwd.pdf")), "../../etc/passwd.pdf");
        assert_eq!(clean_file_name(Some(&"ж".repeat(300))).chars().count(), 200);
        assert_eq!(clean_file_name(None), "abstract.pdf");
        assert_eq!(clean_file_name(Some("abstract\u{202E}fdp.exe")), "abstractfdp.exe");
        assert_eq!(clean_file_name(Some("\u{2066}\u{200E}")), "abstract.pdf");
    }
}
