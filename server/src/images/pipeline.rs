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

/// The most pixels a photo may have: a 24-megapixel camera's full size
/// (6000 × 4000) or a phone's; a 45-megapixel camera's would be refused
/// (export it smaller). Decoded as RGB it takes 72 MB, the largest single
/// buffer a photo costs.
pub const MAX_PIXELS: u64 = 24_000_000;
/// The longest side a photo may have. With `MAX_RATIO` and `MAX_PIXELS` it
/// is nearly implied (24 megapixels at 3:1 are 8485 × 2828); it is also
/// the decoder's own limit, so a header the check misread cannot pass it.
pub const MAX_SIDE: u32 = 8_000;
/// How many times its shorter side a photo's longer side may be. The
/// variants are scaled by width, so a tall, narrow picture keeps nearly
/// all its pixels in its 1600 px variant (a 1600 × 16383 PNG would be
/// 26 megapixels at every step); a gallery shows nothing thinner than a
/// 3:1 panorama anyway.
pub const MAX_RATIO: u32 = 3;
/// The most bytes a decoded photo may take (`MAX_PIXELS` of 8-bit RGB): a
/// 16-bit or RGBA PNG of the same size, or a decoder asking for more, is
/// refused.
pub const MAX_DECODED_BYTES: u64 = MAX_PIXELS * 3;
/// What encoding the widest variant holds a pixel beyond the variant
/// itself: its 8-bit copy turned upright (4), libwebp's ARGB picture (4)
/// and YUVA planes (2.5), and the encoded files with the narrower variants
/// (1.5).
const ENCODING_BYTES_PER_PIXEL: u64 = 12;
/// What photos being resized at once may cost together, as `cost` counts
/// it; `super` hands out these bytes before a photo is decoded, so the
/// process's memory for photos stays within them however many arrive.
/// One photo costing more is refused from its header.
pub const MEMORY_BUDGET: u64 = 120 << 20;
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

/// What the header tells of a photo that passed its checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Inspected {
    /// The most bytes resizing it holds at once (see `cost`).
    pub cost: u64,
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
    /// A side longer than `MAX_SIDE`, from the header.
    TooLong { width: u32, height: u32 },
    /// Decoding would take more memory than `MAX_DECODED_BYTES`, or
    /// resizing more than `MEMORY_BUDGET`.
    TooMuchMemory,
    /// The decoder failed: damaged or truncated.
    Damaged,
    /// Longer than `MAX_RATIO` times its width, or wider than that times
    /// its height, from the header.
    Proportions { width: u32, height: u32 },
    /// Not the pipeline's own: the site's photos would take more than its
    /// quota of `quota` bytes (`super::store_photo`).
    OverQuota { quota: u64 },
}

fn damaged(error: ImageError) -> Refusal {
    match error {
        ImageError::Limits(_) => Refusal::TooMuchMemory,
        _ => Refusal::Damaged,
    }
}

/// Checks the photo at `path` from its first bytes and header alone: its
/// type, its size in pixels and what decoding and resizing it would take.
/// Nothing is decoded, so the upload's request can answer these refusals
/// at once.
pub fn inspect(path: &Path) -> Result<Inspected, Refusal> {
    opened(path).map(|(_, _, inspected)| inspected)
}

/// Reads the photo at `path` and makes its WebP files.
pub fn process(path: &Path) -> Result<Processed, Refusal> {
    let (decoder, orientation, _) = opened(path)?;
    let photo = DynamicImage::from_decoder(decoder).map_err(damaged)?;
    make_variants(photo, orientation).ok_or(Refusal::TooMuchMemory)
}

/// Checks a WebP file the site made before (from `colloquy content export`)
/// as an upload is checked: its type by content (WebP only: it is served
/// as one), its size from the header, then a whole decode within the same
/// limits. Returns its size in pixels.
pub fn check_stored(path: &Path) -> Result<(u32, u32), Refusal> {
    if !is_webp(path) {
        return Err(Refusal::NotAPhoto);
    }
    let (decoder, _, _) = opened(path)?;
    let size = decoder.dimensions();
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

/// The photo's decoder, its header read and checked, decoding under the
/// image library's own limits too.
fn opened(path: &Path) -> Result<(impl ImageDecoder, Orientation, Inspected), Refusal> {
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
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    reader.limits(limits);
    // Reads the header only; the pixels come later, if at all. A side past
    // the limits is refused here by the decoder itself.
    let mut decoder = match reader.into_decoder() {
        Ok(decoder) => decoder,
        Err(ImageError::Limits(_)) => return Err(over_the_limits(path)),
        Err(other) => return Err(damaged(other)),
    };
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let (width, height) = decoder.dimensions();
    let inspected = check(width, height, decoder.total_bytes(), turns(orientation))?;
    Ok((decoder, orientation, inspected))
}

/// Why the decoder refused the header under its limits, for the editor's
/// message: its size, read again without them (the header only), checked.
fn over_the_limits(path: &Path) -> Refusal {
    let size =
        ImageReader::open(path).ok().and_then(|r| r.with_guessed_format().ok()?.into_dimensions().ok());
    match size.map(|(width, height)| check(width, height, 0, false)) {
        Some(Err(refusal)) => refusal,
        _ => Refusal::TooMuchMemory,
    }
}

/// The header's checks, in the order an editor can act on them: the
/// proportions (crop it), then the size (export it smaller), then the
/// memory (an 8-bit JPEG).
fn check(width: u32, height: u32, decoded_bytes: u64, turned: bool) -> Result<Inspected, Refusal> {
    let (long, short) = (width.max(height), width.min(height));
    if u64::from(long) > u64::from(short) * u64::from(MAX_RATIO) {
        return Err(Refusal::Proportions { width, height });
    }
    if long > MAX_SIDE {
        return Err(Refusal::TooLong { width, height });
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Refusal::TooManyPixels { width, height });
    }
    if decoded_bytes > MAX_DECODED_BYTES {
        return Err(Refusal::TooMuchMemory);
    }
    let cost = cost(width, height, decoded_bytes, turned);
    if cost > MEMORY_BUDGET {
        return Err(Refusal::TooMuchMemory);
    }
    Ok(Inspected { cost })
}

/// The most bytes resizing a `width` × `height` photo holds at once:
/// first the decoded photo and its widest variant scaled from it in the
/// same pixel format (none when the photo is no wider), then, the photo
/// dropped, that variant being made 8-bit, turned and encoded.
fn cost(width: u32, height: u32, decoded_bytes: u64, turned: bool) -> u64 {
    let pixels = u64::from(width) * u64::from(height);
    let bytes_per_pixel = decoded_bytes.div_ceil(pixels.max(1));
    let widest = u64::from(WIDTHS[WIDTHS.len() - 1]);
    let across = u64::from(if turned { height } else { width });
    let (scaled, copy) = if across > widest {
        let scaled = pixels * widest * widest / (across * across);
        (scaled, scaled * bytes_per_pixel)
    } else {
        (pixels, 0)
    };
    (decoded_bytes + copy).max(scaled * (bytes_per_pixel + ENCODING_BYTES_PER_PIXEL))
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

/// Whether turning the photo upright swaps its width and height.
fn turns(orientation: Orientation) -> bool {
    matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

/// The photo's variants, each scaled before it is turned upright or made
/// 8-bit, so no step copies the whole decoded photo: the widest is scaled
/// from it (or is the photo itself, moved, when it is no wider), the
/// decoded photo is dropped, and the narrower ones and the thumbnail are
/// scaled from the widest. `None` when libwebp refuses one.
fn make_variants(photo: DynamicImage, orientation: Orientation) -> Option<Processed> {
    let turned = turns(orientation);
    let upright_width = if turned { photo.height() } else { photo.width() };
    let mut widths: Vec<u32> = WIDTHS.iter().map(|&w| w.min(upright_width)).collect();
    widths.dedup();
    let mut photo = Some(photo);
    let mut scaled: Vec<DynamicImage> = Vec::with_capacity(widths.len());
    for &width in widths.iter().rev() {
        let from = scaled.last().or(photo.as_ref())?;
        let size = stored_size(from, width, turned);
        let next = if size == (from.width(), from.height()) {
            None
        } else {
            // Area averaging: integer arithmetic and no buffer beyond the
            // result, where a Lanczos filter would hold a float copy.
            Some(from.thumbnail_exact(size.0, size.1))
        };
        let next = match next {
            Some(next) => next,
            None => photo.take()?,
        };
        photo = None;
        scaled.push(next);
    }
    let narrowest = scaled.last()?;
    let (width, height) = stored_size(narrowest, THUMBNAIL_WIDTH.min(upright_width), turned);
    let thumbnail = narrowest.thumbnail_exact(width, height);
    // Encoded narrowest first, each variant dropped once it is.
    let mut variants = Vec::with_capacity(scaled.len());
    while let Some(image) = scaled.pop() {
        variants.push(encode(&upright(image, orientation), QUALITY)?);
    }
    variants.sort_by_key(|variant| variant.width);
    Some(Processed { variants, thumbnail: encode(&upright(thumbnail, orientation), THUMBNAIL_QUALITY)? })
}

/// The stored size of `image` scaled so that, upright, it is `width` wide.
fn stored_size(image: &DynamicImage, width: u32, turned: bool) -> (u32, u32) {
    let (across, along) =
        if turned { (image.height(), image.width()) } else { (image.width(), image.height()) };
    let other = ((u64::from(along) * u64::from(width) + u64::from(across) / 2) / u64::from(across)).max(1);
    let other = u32::try_from(other).unwrap_or(u32::MAX);
    if turned { (other, width) } else { (width, other) }
}

/// `image` in 8 bits a channel, with alpha only when it has it (a PNG),
/// turned as its camera recorded.
fn upright(image: DynamicImage, orientation: Orientation) -> DynamicImage {
    let mut image = match image {
        DynamicImage::ImageRgb8(_) | DynamicImage::ImageRgba8(_) => image,
        other if other.color().has_alpha() => DynamicImage::ImageRgba8(other.into_rgba8()),
        other => DynamicImage::ImageRgb8(other.into_rgb8()),
    };
    image.apply_orientation(orientation);
    image
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

    const NO_TURN: Orientation = Orientation::NoTransforms;

    #[test]
    fn widths_are_never_upscaled_and_keep_the_aspect_ratio() {
        let made = make_variants(rgb(1200, 900), NO_TURN).unwrap();
        let sizes: Vec<(u32, u32)> = made.variants.iter().map(|v| (v.width, v.height)).collect();
        assert_eq!(sizes, [(480, 360), (960, 720), (1200, 900)]);
        assert_eq!((made.thumbnail.width, made.thumbnail.height), (240, 180));
        let small = make_variants(rgb(300, 200), NO_TURN).unwrap();
        assert_eq!(small.variants.iter().map(|v| v.width).collect::<Vec<_>>(), [300]);
        assert_eq!(small.thumbnail.width, 240);
    }

    #[test]
    fn a_turned_photo_is_scaled_by_its_upright_width() {
        // Stored 2000 × 1500, shown a quarter turned: 1500 × 2000 upright.
        let made = make_variants(rgb(2000, 1500), Orientation::Rotate90).unwrap();
        let sizes: Vec<(u32, u32)> = made.variants.iter().map(|v| (v.width, v.height)).collect();
        assert_eq!(sizes, [(480, 640), (960, 1280), (1500, 2000)]);
        assert_eq!((made.thumbnail.width, made.thumbnail.height), (240, 320));
    }

    /// Bytes a pixel for 8-bit RGB and RGBA.
    const RGB: u64 = 3;
    const RGBA: u64 = 4;

    fn checked(width: u32, height: u32, bytes_per_pixel: u64) -> Result<Inspected, Refusal> {
        check(width, height, u64::from(width) * u64::from(height) * bytes_per_pixel, false)
    }

    #[test]
    fn tall_narrow_pictures_are_refused_from_the_header() {
        // The review's PNG: 26 megapixels that 1600 px wide would keep whole.
        assert_eq!(checked(1600, 16_383, RGBA), Err(Refusal::Proportions { width: 1600, height: 16_383 }));
        assert_eq!(checked(16_383, 1600, RGB), Err(Refusal::Proportions { width: 16_383, height: 1600 }));
        assert_eq!(checked(20, 17_000, RGB), Err(Refusal::Proportions { width: 20, height: 17_000 }));
        assert!(checked(1600, 4800, RGBA).is_ok(), "3:1 is a photo still");
        assert_eq!(checked(1600, 4801, RGBA), Err(Refusal::Proportions { width: 1600, height: 4801 }));
    }

    #[test]
    fn sides_pixels_and_memory_are_bounded_from_the_header() {
        assert!(checked(6000, 4000, RGB).is_ok(), "a 24-megapixel camera's photo");
        assert_eq!(checked(8001, 2700, RGB), Err(Refusal::TooLong { width: 8001, height: 2700 }));
        assert_eq!(checked(6001, 4000, RGB), Err(Refusal::TooManyPixels { width: 6001, height: 4000 }));
        assert_eq!(checked(6000, 4000, RGBA), Err(Refusal::TooMuchMemory), "96 MB decoded");
        assert_eq!(checked(4000, 3000, 8), Err(Refusal::TooMuchMemory), "16-bit RGBA");
        assert!(checked(4000, 3000, RGBA).is_ok());
    }

    #[test]
    fn every_photo_the_header_accepts_fits_the_memory_budget_alone() {
        // The largest of each shape the checks let through, turned or not.
        let shapes =
            [(6000, 4000, RGB), (4000, 6000, RGB), (7998, 2666, RGB), (1600, 4800, RGBA), (4000, 4000, RGBA)];
        for (width, height, bytes_per_pixel) in shapes {
            for turned in [false, true] {
                let decoded = u64::from(width) * u64::from(height) * bytes_per_pixel;
                let cost = check(width, height, decoded, turned).unwrap().cost;
                assert!(cost <= MEMORY_BUDGET, "{width} × {height}: {} MiB", cost >> 20);
            }
        }
        // Two 12-megapixel phone photos are resized at once.
        let phone = check(4032, 3024, 4032 * 3024 * RGB, true).unwrap().cost;
        assert!(2 * phone <= MEMORY_BUDGET, "{} MiB", phone >> 20);
    }

    #[test]
    fn variants_are_webp() {
        let made = make_variants(rgb(640, 480), NO_TURN).unwrap();
        for variant in made.variants.iter().chain([&made.thumbnail]) {
            assert_eq!(&variant.webp[..4], b"RIFF");
            assert_eq!(&variant.webp[8..12], b"WEBP");
        }
    }
}
