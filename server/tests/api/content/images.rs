//! Editors' photos (issue 24 item 5): uploaded, rotated as their EXIF says,
//! stripped of every metadata (GPS positions above all), stored as WebP at
//! content-hashed URLs, refused with the file's name when they are not
//! photos, too large or bombs (without the server's memory growing), used
//! by a publication, and swept once nothing uses them.

use reqwest::Client;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::admin::{give_role, user_id};
use crate::helpers::{TestApp, browser, spawn_app, spawn_app_with};
use crate::review::signed_in;
use crate::submissions::s3_server::S3;

/// A description in the EXIF block, to look for in what the server stores.
const DESCRIPTION: &[u8] = b"Campus quad, GPS 34.0689 N 118.4452 W\0";

/// An EXIF block (`Exif\0\0` + big-endian TIFF) with an orientation, an
/// image description and a GPS position (34° 4' 8.16" N, 118° 26' 42.72" W).
fn exif(orientation: u16) -> Vec<u8> {
    fn entry(out: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: [u8; 4]) {
        out.extend(tag.to_be_bytes());
        out.extend(kind.to_be_bytes());
        out.extend(count.to_be_bytes());
        out.extend(value);
    }
    const ASCII: u16 = 2;
    const SHORT: u16 = 3;
    const LONG: u16 = 4;
    const RATIONAL: u16 = 5;
    // Offsets from the TIFF header: IFD0 at 8 (3 entries, 42 bytes), the
    // GPS IFD at 50 (4 entries, 54 bytes), then the values.
    let gps_ifd: u32 = 50;
    let description: u32 = 104;
    let latitude = description + DESCRIPTION.len() as u32;
    let longitude = latitude + 24;
    let mut tiff = b"MM\x00\x2a\x00\x00\x00\x08".to_vec();
    tiff.extend(3u16.to_be_bytes());
    entry(&mut tiff, 0x010e, ASCII, DESCRIPTION.len() as u32, description.to_be_bytes());
    let [high, low] = orientation.to_be_bytes();
    entry(&mut tiff, 0x0112, SHORT, 1, [high, low, 0, 0]);
    entry(&mut tiff, 0x8825, LONG, 1, gps_ifd.to_be_bytes());
    tiff.extend(0u32.to_be_bytes());
    assert_eq!(tiff.len() as u32, gps_ifd);
    tiff.extend(4u16.to_be_bytes());
    entry(&mut tiff, 0x0001, ASCII, 2, *b"N\0\0\0");
    entry(&mut tiff, 0x0002, RATIONAL, 3, latitude.to_be_bytes());
    entry(&mut tiff, 0x0003, ASCII, 2, *b"W\0\0\0");
    entry(&mut tiff, 0x0004, RATIONAL, 3, longitude.to_be_bytes());
    tiff.extend(0u32.to_be_bytes());
    assert_eq!(tiff.len() as u32, description);
    tiff.extend(DESCRIPTION);
    for (numerator, denominator) in [(34u32, 1u32), (4, 1), (816, 100), (118, 1), (26, 1), (4272, 100)] {
        tiff.extend(numerator.to_be_bytes());
        tiff.extend(denominator.to_be_bytes());
    }
    [b"Exif\0\0".as_slice(), &tiff].concat()
}

/// A JPEG as a phone writes it: `width` × `height` pixels as stored, the
/// left half red and the right half blue, with an EXIF block saying how to
/// turn it and where it was taken.
pub(super) fn phone_jpeg(width: u32, height: u32, orientation: u16) -> Vec<u8> {
    let pixels = image::RgbImage::from_fn(width, height, |x, _| {
        if x < width / 2 { image::Rgb([220, 20, 20]) } else { image::Rgb([20, 20, 220]) }
    });
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90).encode_image(&pixels).unwrap();
    let exif = exif(orientation);
    let mut segment = vec![0xff, 0xe1];
    segment.extend(((exif.len() + 2) as u16).to_be_bytes());
    segment.extend(exif);
    // Right after the start-of-image marker, where cameras put it.
    [&jpeg[..2], &segment, &jpeg[2..]].concat()
}

/// A black 1-bit PNG of `width` × `height` whose pixels really are all
/// there, compressed (a 30000 × 30000 one is about 110 KB for 900
/// megapixels): the deflate stream is the same block of zeros repeated.
pub(super) fn black_png(width: u32, height: u32) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    fn deflate(zeros: usize, flush: FlushCompress) -> Vec<u8> {
        let mut compress = Compress::new(Compression::best(), false);
        let input = vec![0u8; zeros];
        let mut out = Vec::with_capacity(zeros / 100 + 1024);
        while compress.total_in() < zeros as u64 || out.is_empty() {
            let from = compress.total_in() as usize;
            compress.compress_vec(&input[from..], &mut out, flush).unwrap();
            out.reserve(4096);
        }
        out
    }
    fn chunk(png: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        png.extend((data.len() as u32).to_be_bytes());
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        png.extend(kind);
        png.extend(data);
        png.extend(crc.sum().to_be_bytes());
    }
    // Every row is its filter byte (0, none) and its pixels (0, black).
    let total = u64::from(height) * (1 + u64::from(width).div_ceil(8));
    const BLOCK: usize = 1 << 20;
    let block = deflate(BLOCK, FlushCompress::Full);
    let mut stream = vec![0x78, 0xda];
    for _ in 0..total / BLOCK as u64 {
        stream.extend(&block);
    }
    stream.extend(deflate((total % BLOCK as u64) as usize, FlushCompress::Finish));
    // Adler-32 of `total` zero bytes: a stays 1, b adds it each byte.
    stream.extend((((total % 65521) << 16) as u32 | 1).to_be_bytes());
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend(width.to_be_bytes());
    header.extend(height.to_be_bytes());
    header.extend([1, 0, 0, 0, 0]); // 1 bit, greyscale, deflate, no filter, no interlace
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &stream);
    chunk(&mut png, b"IEND", &[]);
    png
}

pub(super) async fn editor_on(app: &TestApp) -> Client {
    let editor = signed_in(app, "editor@example.org").await;
    give_role(app, user_id(app, "editor@example.org").await, "editor").await;
    editor
}

/// Posts a photo to `address` (an app's): the response, at once.
pub(super) async fn send_photo(
    address: &str,
    client: &Client,
    name: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned());
    client
        .post(format!("{address}/api/editor/photos"))
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .unwrap()
}

/// Posts a photo to `address` (an app's): the answer, at once.
pub(super) async fn post_photo(address: &str, client: &Client, name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let response = send_photo(address, client, name, bytes).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Follows upload `id` on `address` until `done(state)`, as the editor's page does.
pub(super) async fn follow(address: &str, client: &Client, id: &Value, done: impl Fn(&str) -> bool) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let response =
            client.get(format!("{address}/api/editor/photos/{}", id.as_str().unwrap())).send().await;
        let upload: Value = response.unwrap().json().await.unwrap();
        if done(upload["state"].as_str().unwrap_or("")) {
            return upload;
        }
        assert!(std::time::Instant::now() < deadline, "the upload never got there: {upload}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Uploads a photo: a refusal at once (its status and body), or 202 and the
/// upload once it has ended (done, or failed with its reason).
pub(super) async fn upload(app: &TestApp, client: &Client, name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let (status, answer) = post_photo(&app.address, client, name, bytes).await;
    if status != 202 {
        return (status, answer);
    }
    assert_eq!((answer["state"].as_str(), answer["file_name"].as_str()), (Some("waiting"), Some(name)));
    (status, follow(&app.address, client, &answer["id"], |state| ["done", "failed"].contains(&state)).await)
}

/// Uploads a photo that is stored, and answers what the gallery needs of it.
pub(super) async fn stored(app: &TestApp, client: &Client, name: &str, bytes: Vec<u8>) -> Value {
    let (status, upload) = upload(app, client, name, bytes).await;
    assert_eq!((status, upload["state"].as_str()), (202, Some("done")), "{upload}");
    upload["photo"].clone()
}

/// Every URL an upload's answer names: the srcset's and the thumbnail.
pub(super) fn urls(photo: &Value) -> Vec<String> {
    let mut urls: Vec<String> = photo["srcset"]
        .as_str()
        .unwrap()
        .split(", ")
        .map(|candidate| candidate.split(' ').next().unwrap().to_owned())
        .collect();
    urls.push(photo["thumbnail"].as_str().unwrap().to_owned());
    urls
}

/// The chunks of a WebP file (RIFF), by their four-letter names.
fn riff_chunks(webp: &[u8]) -> Vec<String> {
    assert_eq!((&webp[..4], &webp[8..12]), (b"RIFF".as_slice(), b"WEBP".as_slice()));
    let mut chunks = Vec::new();
    let mut at = 12;
    while at + 8 <= webp.len() {
        chunks.push(String::from_utf8_lossy(&webp[at..at + 4]).into_owned());
        let size = u32::from_le_bytes(webp[at + 4..at + 8].try_into().unwrap()) as usize;
        at += 8 + size + size % 2;
    }
    chunks
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|window| window == needle)
}

pub(super) async fn fetch(url: &str, app: &TestApp) -> reqwest::Response {
    browser().get(app.url(url)).send().await.unwrap()
}

#[tokio::test]
async fn a_phone_photo_is_turned_upright_and_stored_without_its_gps_position() {
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    // Stored 2000 × 1500, to be shown turned a quarter clockwise (EXIF 6).
    let jpeg = phone_jpeg(2000, 1500, 6);
    assert!(contains(&jpeg, DESCRIPTION) && contains(&jpeg, b"Exif\0\0"), "the upload carries EXIF");
    let photo = stored(&app, &editor, "IMG_0042.JPG", jpeg).await;

    // Upright: 1500 × 2000, at 480, 960 and 1500 px wide (never wider).
    assert_eq!((photo["width"].as_u64(), photo["height"].as_u64()), (Some(1500), Some(2000)));
    assert_eq!(photo["sizes"], "(max-width: 1000px) 100vw, 960px");
    let srcset = photo["srcset"].as_str().unwrap();
    let widths: Vec<&str> = srcset.split(", ").map(|c| c.rsplit(' ').next().unwrap()).collect();
    assert_eq!(widths, ["480w", "960w", "1500w"], "{srcset}");
    assert!(srcset.contains(&format!("{} 960w", photo["original"].as_str().unwrap())), "{photo}");

    let urls = urls(&photo);
    assert_eq!(urls.len(), 4);
    for url in &urls {
        let response = fetch(url, &app).await;
        assert_eq!(response.status(), 200, "{url}");
        assert_eq!(response.headers()["content-type"], "image/webp");
        assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
        let webp = response.bytes().await.unwrap();
        // The URL is the hash of the bytes it serves.
        let name = url.strip_prefix("/media/").unwrap();
        assert_eq!(name, format!("{}.webp", hex::encode(Sha256::digest(&webp))));
        // Pixels only: no EXIF or XMP chunk, nothing of the EXIF block.
        let chunks = riff_chunks(&webp);
        assert!(chunks.iter().all(|c| ["VP8 ", "VP8L", "VP8X", "ALPH"].contains(&c.as_str())), "{chunks:?}");
        for leak in [DESCRIPTION, b"Exif", b"MM\x00\x2a", &[0, 0, 3, 48, 0, 0, 0, 100]] {
            assert!(!contains(&webp, leak), "{url} holds {leak:?}");
        }
        // Turned clockwise: the stored left half (red) is now on top.
        let shown = image::load_from_memory(&webp).unwrap().into_rgb8();
        assert_eq!(shown.width() * 4, shown.height() * 3, "{url} is portrait");
        let (top, bottom) =
            (shown.get_pixel(shown.width() / 2, 2), shown.get_pixel(shown.width() / 2, shown.height() - 3));
        assert!(top[0] > 150 && top[2] < 100, "{url}: top {top:?} is red");
        assert!(bottom[2] > 150 && bottom[0] < 100, "{url}: bottom {bottom:?} is blue");
    }
    // The same bytes are what the storage holds.
    let stored = app.state.config.data_dir.join("files/media");
    let mut files: Vec<String> = std::fs::read_dir(stored)
        .unwrap()
        .map(|e| format!("/media/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    files.sort();
    let mut expected = urls.clone();
    expected.sort();
    assert_eq!(files, expected);
}

/// The test process's peak resident memory (the server runs in it), in MB.
pub(super) fn peak_memory_mb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|line| line.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
}

/// How much more the peak may be after the refusals: a 60-megapixel photo
/// decoded would add at least 60 MB (180 MB as RGB), the bomb 900 MB.
pub(super) const MEMORY_BOUND_MB: u64 = 40;

#[tokio::test]
async fn a_decompression_bomb_and_a_60_megapixel_photo_are_refused_without_memory_growing() {
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    let bomb = black_png(30_000, 30_000);
    let huge = black_png(10_000, 6_000);
    assert!(bomb.len() < 200_000 && huge.len() < 20_000, "{} and {} bytes", bomb.len(), huge.len());
    // A small one first, so the pipeline's own code and buffers are in.
    stored(&app, &editor, "small.png", black_png(800, 600)).await;

    let before = peak_memory_mb();
    let (status, answer) = upload(&app, &editor, "bomb.png", bomb).await;
    assert_eq!((status, answer["code"].as_str()), (413, Some("too_many_pixels")), "{answer}");
    assert_eq!(
        answer["error"],
        "bomb.png is 30000 × 30000 pixels (900 megapixels); photos can have at most 24 megapixels and 8000 \
         pixels on a side. Export it smaller and upload that."
    );
    let (status, answer) = upload(&app, &editor, "panorama.png", huge).await;
    assert_eq!((status, answer["code"].as_str()), (413, Some("too_many_pixels")), "{answer}");
    assert!(
        answer["error"].as_str().unwrap().starts_with("panorama.png is 10000 × 6000 pixels (60 megapixels)")
    );
    let after = peak_memory_mb();
    eprintln!("peak memory before the refusals {before} MB, after {after} MB");
    assert!(after - before < MEMORY_BOUND_MB, "the peak grew from {before} MB to {after} MB");
    // Nothing of them is stored: the small photo's four files only.
    let stored = std::fs::read_dir(app.state.config.data_dir.join("files/media")).unwrap().count();
    assert_eq!(stored, 3, "800 px wide: 480, 800 and the thumbnail");
}

#[tokio::test]
async fn files_that_are_not_photos_are_refused_naming_the_file_and_the_reason() {
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    let refusals = [
        (
            "abstract.jpg",
            b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\n".to_vec(),
            422,
            "not_a_photo",
            "abstract.jpg is not a photo the site can use: upload a JPEG, PNG or WebP file.",
        ),
        (
            "IMG_0001.HEIC",
            [b"\0\0\0\x18ftypheic".as_slice(), &[0; 64]].concat(),
            422,
            "heic_photo",
            "IMG_0001.HEIC is a HEIC photo, which the site cannot read: export it as JPEG and upload that.",
        ),
    ];
    for (name, bytes, status, code, message) in refusals {
        let (got, answer) = upload(&app, &editor, name, bytes).await;
        assert_eq!(
            (got, answer["code"].as_str(), answer["error"].as_str()),
            (status, Some(code), Some(message)),
            "{name}"
        );
    }
    // A cut file's header reads well: its upload is taken, and fails once decoded.
    let (status, answer) = upload(&app, &editor, "cut.png", black_png(400, 300)[..60].to_vec()).await;
    assert_eq!(
        (status, answer["state"].as_str(), answer["code"].as_str(), answer["error"].as_str()),
        (
            202,
            Some("failed"),
            Some("damaged_photo"),
            Some(
                "cut.png is damaged or incomplete and cannot be opened. Save or export it again and upload the new file."
            )
        )
    );
    assert_eq!(answer["photo"], Value::Null);
    let (status, answer) = upload(&app, &editor, "empty.png", Vec::new()).await;
    assert_eq!((status, answer["error"].as_str()), (422, Some("The file is empty.")));
    let (status, answer) = upload(&app, &editor, "poster.png", vec![0; 26 << 20]).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (413, Some("poster.png: The file is too large. Photos can be at most 25 MB."))
    );
    assert!(!app.state.config.data_dir.join("files/media").exists(), "nothing was stored");
}

#[tokio::test]
async fn only_editors_upload_photos_and_only_stored_names_are_served() {
    let app = spawn_app().await;
    let (status, _) = upload(&app, &browser(), "a.jpg", phone_jpeg(64, 48, 1)).await;
    assert_eq!(status, 401);
    let user = signed_in(&app, "student@example.edu").await;
    let (status, _) = upload(&app, &user, "a.jpg", phone_jpeg(64, 48, 1)).await;
    assert_eq!(status, 403);
    crate::admin::admin(&app, "admin@example.org").await;
    // Admins can do what editors can.
    let photo = stored(&app, &app.client, "a.jpg", phone_jpeg(64, 48, 1)).await;
    assert_eq!(fetch(photo["original"].as_str().unwrap(), &app).await.status(), 200);

    let unknown = format!("/media/{}.webp", "0".repeat(64));
    for path in [unknown.as_str(), "/media/..%2Fcolloquy.db", "/media/abc.webp"] {
        assert_eq!(fetch(path, &app).await.status(), 404, "{path}");
    }
}

pub(super) async fn json_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Saves the site's first gallery item as `item` in a draft.
pub(super) async fn put_in_gallery(app: &TestApp, editor: &Client, item: impl FnOnce(&mut Value)) {
    let (status, document) =
        json_of(editor.get(app.url("/api/editor/documents/site")).send().await.unwrap()).await;
    assert_eq!(status, 200, "{document}");
    let mut body = document["body"].clone();
    item(&mut body["gallery"][0]);
    let saved = editor
        .put(app.url("/api/editor/documents/site"))
        .json(&json!({"base": document["tag"], "body": body}))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
}

pub(super) fn use_photo(item: &mut Value, photo: &Value) {
    for field in ["original", "thumbnail", "srcset", "sizes", "width", "height"] {
        item[field] = photo[field].clone();
    }
}

#[tokio::test]
async fn a_gallery_item_with_an_uploaded_photo_publishes_and_one_with_an_unknown_photo_does_not() {
    let app = spawn_app_with(axum::Router::new(), |_| {}).await;
    let editor = editor_on(&app).await;
    let photo = stored(&app, &editor, "quad.jpg", phone_jpeg(1800, 1200, 1)).await;

    put_in_gallery(&app, &editor, |item| {
        use_photo(item, &photo);
        item["thumbnail"] = json!(format!("/media/{}.webp", "e".repeat(64)));
    })
    .await;
    let (status, answer) =
        json_of(editor.post(app.url("/api/editor/publish")).json(&json!({})).send().await.unwrap()).await;
    assert_eq!(status, 422, "{answer}");
    assert!(answer["fields"]["site.toml"].to_string().contains("is no longer on the site"), "{answer}");

    put_in_gallery(&app, &editor, |item| use_photo(item, &photo)).await;
    let (status, answer) =
        json_of(editor.post(app.url("/api/editor/publish")).json(&json!({})).send().await.unwrap()).await;
    assert_eq!(status, 200, "{answer}");
    let (_, site) = json_of(fetch("/api/content/site", &app).await).await;
    assert_eq!(site["gallery"][0]["srcset"], photo["srcset"]);
    assert_eq!(site["gallery"][0]["width"], 1600);
}

#[tokio::test]
async fn photos_nothing_uses_are_swept_after_the_grace_period() {
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    let used = stored(&app, &editor, "used.jpg", phone_jpeg(1000, 800, 1)).await;
    let unused = stored(&app, &editor, "unused.jpg", phone_jpeg(700, 500, 1)).await;
    put_in_gallery(&app, &editor, |item| use_photo(item, &used)).await;

    let sweep = |grace| colloquy::images::sweep::sweep_unused(&app.state.db, &app.state.storage, grace);
    assert_eq!(sweep(colloquy::images::sweep::GRACE).await.unwrap(), 0, "within the grace period");
    // Past it: the unused photo's three files go (480, 700, thumbnail);
    // the draft's stay.
    assert_eq!(sweep(time::Duration::ZERO).await.unwrap(), 3);
    for url in urls(&unused) {
        assert_eq!(fetch(&url, &app).await.status(), 404, "{url}");
    }
    for url in urls(&used) {
        assert_eq!(fetch(&url, &app).await.status(), 200, "{url}");
    }
    // Published, then the draft gone: the version still names them.
    let published = editor.post(app.url("/api/editor/publish")).json(&json!({})).send().await.unwrap();
    assert_eq!(published.status(), 200);
    assert_eq!(sweep(time::Duration::ZERO).await.unwrap(), 0);

    // A file a crash left without a row goes too.
    let orphan = format!("{}.webp", "f".repeat(64));
    app.state
        .storage
        .put_bytes(&colloquy::images::storage_key(&orphan), b"RIFF".to_vec().into())
        .await
        .unwrap();
    assert_eq!(sweep(time::Duration::ZERO).await.unwrap(), 1);
    assert_eq!(fetch(&format!("/media/{orphan}"), &app).await.status(), 404);
}

#[tokio::test]
async fn photos_are_stored_on_s3_compatible_storage() {
    let Some(s3) = S3::from_env() else { return };
    let prefix = format!("photos-{}", &uuid::Uuid::now_v7().simple().to_string()[20..]);
    let storage = format!("s3://{}/{prefix}", s3.bucket);
    let app = spawn_app_with(axum::Router::new(), |config| config.storage = Some(storage)).await;
    let editor = editor_on(&app).await;
    let photo = stored(&app, &editor, "bucket.jpg", phone_jpeg(1200, 900, 6)).await;
    let mut keys = s3.objects(&prefix).await;
    keys.sort();
    let mut expected: Vec<String> = urls(&photo).iter().map(|url| format!("{prefix}{url}")).collect();
    expected.sort();
    assert_eq!(keys, expected);
    for url in urls(&photo) {
        let webp = fetch(&url, &app).await.bytes().await.unwrap();
        assert!(!contains(&webp, DESCRIPTION) && !contains(&webp, b"Exif"), "{url}");
        assert_eq!(url, format!("/media/{}.webp", hex::encode(Sha256::digest(&webp))));
    }
}

#[tokio::test]
async fn an_upload_is_followed_by_its_editor_alone() {
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    let (status, answer) = post_photo(&app.address, &editor, "mine.jpg", phone_jpeg(640, 480, 1)).await;
    assert_eq!(status, 202, "{answer}");
    let path = format!("/api/editor/photos/{}", answer["id"].as_str().unwrap());
    let other = signed_in(&app, "other@example.org").await;
    give_role(&app, user_id(&app, "other@example.org").await, "editor").await;
    assert_eq!(other.get(app.url(&path)).send().await.unwrap().status(), 404);
    assert_eq!(browser().get(app.url(&path)).send().await.unwrap().status(), 401);
    let unknown = format!("/api/editor/photos/{}", uuid::Uuid::now_v7());
    assert_eq!(editor.get(app.url(&unknown)).send().await.unwrap().status(), 404);
    let upload = follow(&app.address, &editor, &answer["id"], |state| state == "done").await;
    assert_eq!(upload["photo"]["width"], 640);
}

#[tokio::test]
async fn uploads_a_killed_server_was_resizing_are_reported_lost_not_left_waiting() {
    use std::io::{BufRead, BufReader};
    let app = spawn_app().await;
    let editor = editor_on(&app).await;
    // Another server on the same database and files, killed (SIGKILL) while
    // its uploads are resized: two at a time, so the others wait.
    let mut server = super::import::colloquy_on(&app, &app.state.config.data_dir)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line.trim().strip_prefix("colloquy is serving the site at ").unwrap().to_owned();
    let photo = phone_jpeg(5000, 4000, 1);
    let mut ids = Vec::new();
    for n in 0..4 {
        let (status, answer) = post_photo(&address, &editor, &format!("big-{n}.jpg"), photo.clone()).await;
        assert_eq!(status, 202, "{answer}");
        ids.push(answer["id"].clone());
    }
    server.kill().unwrap();
    server.wait().unwrap();

    let states = |uploads: &[Value]| {
        uploads.iter().map(|u| u["state"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    let mut before = Vec::new();
    for id in &ids {
        before.push(follow(&app.address, &editor, id, |_| true).await);
    }
    let before = states(&before);
    assert!(before.iter().any(|state| state == "waiting" || state == "resizing"), "{before:?}");
    // Nothing will finish them. Ten minutes on, they read as lost.
    app.state.clock.advance(time::Duration::minutes(11));
    for (id, was) in ids.iter().zip(&before) {
        let upload = follow(&app.address, &editor, id, |_| true).await;
        if was == "done" {
            assert_eq!(upload["state"], "done");
            continue;
        }
        assert_eq!((upload["state"].as_str(), upload["code"].as_str()), (Some("failed"), Some("photo_lost")));
        let name = upload["file_name"].as_str().unwrap();
        assert_eq!(
            upload["error"].as_str().unwrap(),
            format!("The server stopped while resizing {name}. Please upload it again.")
        );
    }
}
