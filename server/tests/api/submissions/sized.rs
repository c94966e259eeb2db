//! PDFs of an exact size whose bytes differ all along, so a file put back
//! together from parts in the wrong order, or with a part twice or missing,
//! cannot pass for the original.

use lopdf::{Document, Stream, dictionary};
use sha2::{Digest, Sha256};

/// A real PDF (one page of text) of exactly `size` bytes; `seed` varies the
/// filler.
pub fn pdf_of_size(size: usize, seed: u64) -> Vec<u8> {
    let base = super::make_pdf(&["an abstract of a given size"], None);
    let mut filler = size.checked_sub(base.len() + 64).expect("a size above a few hundred bytes");
    for _ in 0..4 {
        let pdf = with_filler(&base, filler, seed);
        if pdf.len() == size {
            return pdf;
        }
        filler = (filler + size).checked_sub(pdf.len()).unwrap();
    }
    panic!("could not make a PDF of exactly {size} bytes");
}

/// `base` with an extra stream object of `len` filler bytes.
fn with_filler(base: &[u8], len: usize, seed: u64) -> Vec<u8> {
    let mut doc = Document::load_mem(base).unwrap();
    doc.add_object(Stream::new(dictionary! {}, hex_noise(len, seed)));
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

/// Pseudo-random hexadecimal digits (xorshift): they can spell no PDF
/// keyword, so the filler changes nothing about how the PDF reads.
fn hex_noise(len: usize, seed: u64) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            b"0123456789abcdef"[(state >> 60) as usize]
        })
        .collect()
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}
