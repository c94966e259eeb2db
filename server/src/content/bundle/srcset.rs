//! A `srcset` (the widths of a carousel photo or a board member's photo)
//! names images as `src` does, so each of its images is checked as `src`
//! is: the images an editor may show are the site's own.

use super::checks::{Finding, check_image_path};

/// Each image of a `srcset` ("/images/a-480.webp 480w, /images/a-960.webp
/// 960w"): a path, then at most a width (`480w`) or a density (`2x`).
fn srcset_candidates(srcset: &str) -> Vec<Result<&str, &str>> {
    srcset
        .split(',')
        .map(|candidate| {
            let mut words = candidate.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some(path), None, None) => Ok(path),
                (Some(path), Some(descriptor), None) if is_descriptor(descriptor) => Ok(path),
                _ => Err(candidate.trim()),
            }
        })
        .collect()
}

/// `480w` or `2x` (`1.5x`): digits only, no sign or exponent.
fn is_descriptor(descriptor: &str) -> bool {
    let plain = |number: &str| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    match descriptor.strip_suffix('w') {
        Some(width) => plain(width) && width.parse::<u32>().is_ok_and(|w| w > 0),
        None => descriptor
            .strip_suffix('x')
            .is_some_and(|density| plain(density) && density.parse::<f32>().is_ok_and(|x| x > 0.0)),
    }
}

/// The image paths of a `srcset` that reads as one (`check_srcset` refuses
/// one that does not).
pub(super) fn srcset_paths(srcset: Option<&str>) -> Vec<String> {
    let candidates = srcset.map(srcset_candidates).unwrap_or_default();
    candidates.into_iter().filter_map(Result::ok).map(str::to_owned).collect()
}

/// Each image of a `srcset` is checked as `src` is: a file under
/// `/images/` or a stored photo (`/media/…`), whose existence
/// `missing_images` checks like the others. `at` is the photo's entry.
pub(super) fn check_srcset(srcset: Option<&str>, at: &str, found: &mut Vec<Finding>) {
    for candidate in srcset.map(srcset_candidates).unwrap_or_default() {
        match candidate {
            Ok(path) => check_image_path(path, at, "srcset", found),
            Err(candidate) => found.push(Finding::new(
                at,
                "srcset",
                format!(
                    "the photo's sizes “{candidate}” cannot be read: upload the photo again, or write each \
                     size as \"/images/photo-480.webp 480w\", separated by commas"
                ),
            )),
        }
    }
}
