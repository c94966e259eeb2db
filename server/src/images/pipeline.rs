//! From an uploaded file to the WebP files the site serves: the type told
//! by the content, the size read from the header and refused before any
//! pixel is decoded, the decode bounded by `image::Limits`, the EXIF
//! orientation applied, and fresh WebP files encoded from the pixels alone,
//! so nothing of the original's metadata (EXIF, GPS positions, XMP, ICC
//! comments) can reach them. Synchronous and CPU-bound: `super::process`
//! runs it on the blocking pool, a bounded number at once.

use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use image::{
    DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits, metadata::Orientation,
};

/// The most pixels a photo may have (a 12-megapixel phone photo is 12;
/// a 45-megapixel camera's raw-size JPEG would be refused: export it
/// smaller).
pub const MAX_PIXELS: u64 = 40_000_000;
/// The most bytes a decoded photo may take (40 megapixels of RGBA): a
/// 16-bit PNG of the same size, or a decoder asking for more, is refused.
pub const MAX_DECODED_BYTES: u64 = MAX_PIXELS * 4;
/// The widths of the gallery's `srcset`, as `content/images` makes them;
/// never wider than the photo.
pub const WIDTHS: [u32; 3] = [480, 960, 1600];
/// The thumbnail's width (the gallery's thumbnail bar).
pub const THUMBNAIL_WIDTH: u32 = 240;
/// libwebp's quality for the variants and the thumbnail, as `content/images`.
const QUALITY: f32 = 74.0;
const THUMBNAIL_QUALITY: f32 = 70.0;

/// One WebP file made from the photo.
#[derive(Debug, Clone)]
pub struct Variant {
    pub width: u32,
    pub height: u32,
    pub webp: Vec<u8>,
}

/// What a photo became: its widths, narrowest first, and the thumbnail.
#[derive(Debug)]
pub struct Processed {
    pub variants: Vec<Variant>,
    pub thumbnail: Variant,
}

/// Why a file was not made into a photo.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Refusal {
    /// Not a JPEG, PNG or WebP by its content.
    NotAPhoto,
    /// A HEIC/HEIF photo (an iPhone's), which no decoder here reads.
    Heic,
    /// More than `MAX_PIXELS`, from the header: nothing was decoded.
    TooManyPixels { width: u32, height: u32 },
    /// Decoding would take more memory than `MAX_DECODED_BYTES`.
    TooMuchMemory,
    /// The decoder failed: damaged or truncated.
    Damaged,
    /// So long and thin that a variant would pass WebP's 16383 pixels.
    Proportions { width: u32, height: u32 },
}

fn damaged(error: ImageError) -> Refusal {
    match error {
        ImageError::Limits(_) => Refusal::TooMuchMemory,
        _ => Refusal::Damaged,
    }
}

/// Checks the photo at `path` from its first bytes and header alone: its
/// type, its size in pixels and what decoding it would take. Nothing is
/// decoded, so the upload's request can answer these refusals at once.
pub fn inspect(path: &Path) -> Result<(), Refusal> {
    opened(path).map(|_| ())
}

/// Reads the photo at `path` and makes its WebP files.
pub fn process(path: &Path) -> Result<Processed, Refusal> {
    let (decoder, (width, height)) = opened(path)?;
    let mut decoder = decoder;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut photo = DynamicImage::from_decoder(decoder).map_err(damaged)?;
    photo.apply_orientation(orientation);
    make_variants(photo).ok_or(Refusal::Proportions { width, height })
}

/// Checks a WebP file the site made before (from `colloquy content export`)
/// as an upload is checked: its type by content (WebP only: it is served
/// as one), its size from the header, then a whole decode within the same
/// limits. Returns its size in pixels.
pub fn check_stored(path: &Path) -> Result<(u32, u32), Refusal> {
    if !is_webp(path) {
        return Err(Refusal::NotAPhoto);
    }
    let (decoder, size) = opened(path)?;
    DynamicImage::from_decoder(decoder).map_err(damaged)?;
    Ok(size)
}

/// Whether the file starts as a WebP file does (RIFF….WEBP).
fn is_webp(path: &Path) -> bool {
    let mut head = [0u8; 12];
    std::fs::File::open(path).and_then(|mut file| file.read_exact(&mut head)).is_ok()
        && &head[..4] == b"RIFF"
        && &head[8..12] == b"WEBP"
}

/// The photo's decoder, its header read and checked, with its size.
fn opened(path: &Path) -> Result<(impl ImageDecoder, (u32, u32)), Refusal> {
    let mut file = BufReader::new(std::fs::File::open(path).map_err(|_| Refusal::Damaged)?);
    if is_heic(&mut file) {
        return Err(Refusal::Heic);
    }
    let mut reader = ImageReader::new(file).with_guessed_format().map_err(|_| Refusal::Damaged)?;
    if !matches!(reader.format(), Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)) {
        return Err(Refusal::NotAPhoto);
    }
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    reader.limits(limits);
    // Reads the header only; the pixels come later, if at all.
    let decoder = reader.into_decoder().map_err(damaged)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Refusal::TooManyPixels { width, height });
    }
    if decoder.total_bytes() > MAX_DECODED_BYTES {
        return Err(Refusal::TooMuchMemory);
    }
    Ok((decoder, (width, height)))
}

/// An ISO-BMFF file whose brand is one of HEIF's.
fn is_heic(file: &mut BufReader<std::fs::File>) -> bool {
    let mut head = [0u8; 12];
    let read = file.read_exact(&mut head).is_ok();
    let _ = file.seek(SeekFrom::Start(0));
    read && &head[4..8] == b"ftyp"
        && matches!(
            &head[8..12],
            b"heic" | b"heix" | b"heim" | b"heis" | b"hevc" | b"hevx" | b"mif1" | b"msf1"
        )
}

fn make_variants(photo: DynamicImage) -> Option<Processed> {
    // 8 bits a channel, with alpha only when the photo has it (a PNG).
    let photo = if photo.color().has_alpha() {
        DynamicImage::ImageRgba8(photo.into_rgba8())
    } else {
        DynamicImage::ImageRgb8(photo.into_rgb8())
    };
    let mut widths: Vec<u32> = WIDTHS.iter().map(|&w| w.min(photo.width())).collect();
    widths.dedup();
    // The widest first, from the photo; the others from it, which is
    // cheaper; then the full-size photo is dropped before encoding.
    let mut scaled: Vec<DynamicImage> = Vec::with_capacity(widths.len());
    for &width in widths.iter().rev() {
        let from = scaled.last().unwrap_or(&photo);
        scaled.push(scale_to_width(from, width));
    }
    let thumbnail = scale_to_width(scaled.last().unwrap_or(&photo), THUMBNAIL_WIDTH.min(photo.width()));
    drop(photo);
    let variants = scaled.iter().rev().map(|image| encode(image, QUALITY)).collect::<Option<_>>()?;
    Some(Processed { variants, thumbnail: encode(&thumbnail, THUMBNAIL_QUALITY)? })
}

fn scale_to_width(image: &DynamicImage, width: u32) -> DynamicImage {
    if width == image.width() {
        return image.clone();
    }
    let height = ((u64::from(image.height()) * u64::from(width) + u64::from(image.width()) / 2)
        / u64::from(image.width()))
    .max(1) as u32;
    // Area averaging: integer arithmetic and no buffer beyond the result,
    // where a Lanczos filter over a 12-megapixel photo would hold a float
    // copy of it (about 80 MB).
    image.thumbnail_exact(width, height)
}

/// `None` when libwebp refuses the size (a side over 16383 pixels).
fn encode(image: &DynamicImage, quality: f32) -> Option<Variant> {
    let (width, height) = (image.width(), image.height());
    let encoder = match image {
        DynamicImage::ImageRgba8(pixels) => webp::Encoder::from_rgba(pixels.as_raw(), width, height),
        other => webp::Encoder::from_rgb(other.as_bytes(), width, height),
    };
    // Pixels only: libwebp writes no EXIF, XMP or ICC chunk unless given one.
    let webp = encoder.encode_simple(false, quality).ok()?.to_vec();
    Some(Variant { width, height, webp })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(width: u32, height: u32) -> DynamicImage {
        DynamicImage::ImageRgb8(image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 128])
        }))
    }

    #[test]
    fn widths_are_never_upscaled_and_keep_the_aspect_ratio() {
        let made = make_variants(rgb(1200, 900)).unwrap();
        let sizes: Vec<(u32, u32)> = made.variants.iter().map(|v| (v.width, v.height)).collect();
        assert_eq!(sizes, [(480, 360), (960, 720), (1200, 900)]);
        assert_eq!((made.thumbnail.width, made.thumbnail.height), (240, 180));
        let small = make_variants(rgb(300, 200)).unwrap();
        assert_eq!(small.variants.iter().map(|v| v.width).collect::<Vec<_>>(), [300]);
        assert_eq!(small.thumbnail.width, 240);
        assert!(make_variants(rgb(20, 17_000)).is_none(), "taller than WebP allows");
    }

    #[test]
    fn variants_are_webp() {
        let made = make_variants(rgb(640, 480)).unwrap();
        for variant in made.variants.iter().chain([&made.thumbnail]) {
            assert_eq!(&variant.webp[..4], b"RIFF");
            assert_eq!(&variant.webp[8..12], b"WEBP");
        }
    }
}
