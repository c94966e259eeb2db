#!/usr/bin/env python3
"""Draw the site's images: original, linguistics-themed illustrations.

Writes WebP files under web/public/images/ (Vite copies web/public/ into the
build): each artwork at 480, 960 and 1600 px wide for `srcset`, plus a 240 px
thumbnail, and web/public/images/fallback.svg, the carousel's error image.
Nothing is copied from anywhere: every picture is drawn here from shapes,
sine waves and characters set in DejaVu (Debian's fonts-dejavu-core), which
covers the IPA and the scripts shown.

The files are checked in, so neither a build nor a test needs Python. The
2023/2022 "photos" are illustrations standing in for real photos (the content
says so): replace them with the real ones.

    python3 content/images/make_images.py        # needs Pillow with WebP
"""

from __future__ import annotations

import argparse
import math
import random
from pathlib import Path
from typing import Callable

from PIL import Image, ImageDraw, ImageFilter, ImageFont

REPO_ROOT = Path(__file__).resolve().parents[2]
OUTPUT = REPO_ROOT / "web" / "public" / "images"
FONTS = Path("/usr/share/fonts/truetype/dejavu")

# The artwork is drawn once at this size; smaller versions are resized down.
WIDTH, HEIGHT = 1600, 1000
WIDTHS = (480, 960, 1600)
THUMB_WIDTH = 240
QUALITY = 74

# The site's palette (index.html's theme colour is NAVY).
NAVY = (29, 53, 87)
BLUE = (69, 123, 157)
SKY = (168, 218, 220)
CREAM = (241, 250, 238)
RED = (230, 57, 70)
GOLD = (244, 162, 97)
INK = (20, 30, 45)


def font(size: int, *, serif: bool = False, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSerif" if serif else "DejaVuSans"
    return ImageFont.truetype(str(FONTS / f"{name}{'-Bold' if bold else ''}.ttf"), size)


def canvas(top: tuple[int, int, int], bottom: tuple[int, int, int]) -> Image.Image:
    """A vertical gradient from `top` to `bottom`."""
    image = Image.new("RGB", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    for y in range(HEIGHT):
        t = y / (HEIGHT - 1)
        draw.line([(0, y), (WIDTH, y)], fill=tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)))
    return image


def centred(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face, fill) -> None:
    draw.text(xy, text, font=face, fill=fill, anchor="mm")


def ipa_vowels() -> Image.Image:
    """The IPA vowel trapezoid, its symbols set large where they sit."""
    image = canvas(NAVY, (12, 24, 44))
    draw = ImageDraw.Draw(image)
    left, right, top, bottom, shift = 260, 1340, 170, 830, 360
    corners = [(left, top), (right, top), (right, bottom), (left + shift, bottom)]
    draw.line(corners + [corners[0]], fill=SKY, width=6)
    for t in (1 / 3, 2 / 3):
        y = top + (bottom - top) * t
        draw.line([(left + shift * t, y), (right, y)], fill=BLUE, width=3)
    draw.line([((left + right) / 2, top), ((left + shift + right) / 2, bottom)], fill=BLUE, width=3)
    rows = [
        ("i y", "ɨ ʉ", "ɯ u"),
        ("e ø", "ɘ ɵ", "ɤ o"),
        ("ɛ œ", "ɜ ɞ", "ʌ ɔ"),
        ("a ɶ", "", "ɑ ɒ"),
    ]
    face = font(64, serif=True)
    for r, row in enumerate(rows):
        t = r / 3
        y = top + (bottom - top) * t
        x0 = left + shift * t
        for c, pair in enumerate(row):
            if pair:
                x = x0 + (right - x0) * c / 2
                draw.rounded_rectangle([x - 78, y - 44, x + 78, y + 44], radius=22, fill=CREAM)
                centred(draw, (x, y), pair, face, NAVY)
    # Schwa, the mid central vowel, between the close-mid and open-mid rows.
    centred(draw, ((left + shift / 2 + right) / 2, (top + bottom) / 2), "ə", font(110, serif=True), GOLD)
    centred(draw, (WIDTH / 2, 80), "front · central · back", font(40), SKY)
    return image


def syntax_tree() -> Image.Image:
    """A constituency tree for 'linguists love trees'."""
    image = canvas(CREAM, SKY)
    draw = ImageDraw.Draw(image)
    nodes = {
        "S": (800, 140),
        "NP1": (420, 360),
        "VP": (1120, 360),
        "N1": (420, 580),
        "V": (900, 580),
        "NP2": (1340, 580),
        "N2": (1340, 760),
    }
    labels = {"S": "S", "NP1": "NP", "VP": "VP", "N1": "N", "V": "V", "NP2": "NP", "N2": "N"}
    edges = [("S", "NP1"), ("S", "VP"), ("NP1", "N1"), ("VP", "V"), ("VP", "NP2"), ("NP2", "N2")]
    for a, b in edges:
        (x1, y1), (x2, y2) = nodes[a], nodes[b]
        draw.line([(x1, y1 + 40), (x2, y2 - 40)], fill=BLUE, width=7)
    label_face = font(64, bold=True)
    for key, (x, y) in nodes.items():
        draw.ellipse([x - 70, y - 48, x + 70, y + 48], fill=NAVY)
        centred(draw, (x, y), labels[key], label_face, CREAM)
    word_face = font(72, serif=True)
    for key, word in (("N1", "linguists"), ("V", "love"), ("N2", "trees")):
        x, y = nodes[key]
        wy = 900 if key == "N2" else 760
        draw.line([(x, y + 48), (x, wy - 46)], fill=BLUE, width=4)
        centred(draw, (x, wy), word, word_face, RED)
    return image


def waveform() -> Image.Image:
    """A speech-like waveform: bursts of sine waves, one per syllable."""
    image = canvas((10, 20, 38), NAVY)
    draw = ImageDraw.Draw(image)
    mid = 440
    syllables = [(120, 520, 180.0), (600, 980, 140.0), (1060, 1480, 110.0)]
    rng = random.Random(7)
    for x in range(80, WIDTH - 80, 6):
        amplitude = 6.0
        for start, end, height in syllables:
            if start <= x <= end:
                t = (x - start) / (end - start)
                amplitude = max(amplitude, height * math.sin(math.pi * t) ** 0.8)
        wobble = math.sin(x / 9.0) * 0.35 + math.sin(x / 23.0) * 0.45 + rng.uniform(0.1, 0.3)
        h = amplitude * abs(wobble) * 1.6 + 4
        colour = RED if h > 150 else GOLD if h > 70 else SKY
        draw.rounded_rectangle([x, mid - h, x + 3, mid + h], radius=2, fill=colour)
    draw.line([(60, mid), (WIDTH - 60, mid)], fill=BLUE, width=2)
    face = font(76, serif=True)
    for (start, end, _), part in zip(syllables, ("ˈlæŋ", "ɡwɪ", "dʒ")):
        centred(draw, ((start + end) / 2, 800), part, face, CREAM)
    centred(draw, (WIDTH / 2, 920), "/ˈlæŋɡwɪdʒ/", font(48), SKY)
    return image


def scripts() -> Image.Image:
    """Letters of several writing systems scattered over a grid."""
    image = canvas(SKY, CREAM)
    draw = ImageDraw.Draw(image)
    for x in range(0, WIDTH, 100):
        draw.line([(x, 0), (x, HEIGHT)], fill=(200, 228, 230), width=2)
    for y in range(0, HEIGHT, 100):
        draw.line([(0, y), (WIDTH, y)], fill=(200, 228, 230), width=2)
    letters = "AßΩλЖяԱՖჯდאשبعʘǂǁŋðþæøɣ"
    rng = random.Random(2025)
    colours = [NAVY, BLUE, RED, GOLD, INK]
    cells = [(c, r) for c in range(16) for r in range(10)]
    rng.shuffle(cells)
    for letter, (c, r) in zip(letters * 2, cells[::2]):
        size = rng.choice((70, 90, 120, 150))
        x, y = c * 100 + 50 + rng.randint(-20, 20), r * 100 + 50 + rng.randint(-20, 20)
        # DejaVu Serif lacks Armenian, Georgian, Hebrew and Arabic; Sans has them all.
        centred(draw, (x, y), letter, font(size), rng.choice(colours))
    return image


def program_page(number: int) -> Callable[[], Image.Image]:
    """A page of a (sample) printed program, as a carousel image."""
    sessions = {
        1: ("Morning", ["09:00 Check-in and breakfast", "09:30 Welcome", "10:00 Sample talk A", "10:20 Sample talk B"]),
        2: ("Keynote and lunch", ["11:00 Keynote (sample)", "12:00 Lunch", "12:45 Group photo"]),
        3: ("Afternoon", ["13:00 Sample talk C", "13:20 Sample talk D", "13:40 Sample talk E", "14:00 Break"]),
        4: ("Posters and closing", ["14:20 Poster session", "15:30 Awards", "16:00 Closing remarks"]),
    }
    heading, rows = sessions[number]

    def draw_page() -> Image.Image:
        image = canvas(NAVY, BLUE)
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle([200, 70, 1400, 930], radius=28, fill=CREAM)
        draw.rectangle([200, 70, 1400, 250], fill=RED)
        draw.rounded_rectangle([200, 70, 1400, 120], radius=28, fill=RED)
        centred(draw, (800, 140), "SCULC 2024 Program", font(72, bold=True), CREAM)
        centred(draw, (800, 215), f"Page {number} of 4 · sample program", font(38), CREAM)
        draw.text((280, 300), heading, font=font(60, serif=True, bold=True), fill=NAVY)
        for i, row in enumerate(rows):
            y = 420 + i * 110
            time, _, title = row.partition(" ")
            draw.rounded_rectangle([270, y - 10, 1330, y + 80], radius=16, fill=(225, 238, 240) if i % 2 else CREAM)
            draw.text((300, y), time, font=font(52, bold=True), fill=RED)
            draw.text((500, y), title, font=font(52), fill=INK)
        return image

    return draw_page


def photo_stand_in(year: int, number: int) -> Callable[[], Image.Image]:
    """Flat illustrations of a conference day, standing in for photos."""

    def people(draw: ImageDraw.ImageDraw, rng: random.Random, y: int, count: int, scale: float) -> None:
        for i in range(count):
            x = 120 + i * (WIDTH - 240) / max(count - 1, 1) + rng.randint(-15, 15)
            colour = rng.choice([RED, GOLD, BLUE, NAVY, (120, 90, 150)])
            draw.rounded_rectangle([x - 45 * scale, y, x + 45 * scale, y + 150 * scale], radius=int(30 * scale), fill=colour)
            draw.ellipse([x - 32 * scale, y - 70 * scale, x + 32 * scale, y - 6 * scale], fill=(222, 184, 150))

    def draw_scene() -> Image.Image:
        rng = random.Random(year * 10 + number)
        image = canvas((250, 244, 232), (214, 200, 180))
        draw = ImageDraw.Draw(image)
        if number == 1:  # a hall: a screen with a tree, rows of audience seen from behind
            draw.rectangle([450, 80, 1150, 480], fill=NAVY)
            for a, b in [((800, 150), (640, 300)), ((800, 150), (960, 300)), ((960, 300), (880, 420)), ((960, 300), (1040, 420))]:
                draw.line([a, b], fill=SKY, width=8)
            centred(draw, (800, 520), f"SCULC {year}", font(44, bold=True), NAVY)
            people(draw, rng, 640, 9, 1.0)
            people(draw, rng, 800, 8, 1.25)
        elif number == 2:  # a presenter at a lectern
            draw.rectangle([900, 120, 1500, 520], fill=CREAM, outline=NAVY, width=6)
            centred(draw, (1200, 230), "[ˈfoʊnimz]", font(70, serif=True), NAVY)
            centred(draw, (1200, 360), "/p/ → [pʰ]", font(60, serif=True), RED)
            draw.ellipse([420, 260, 540, 380], fill=(200, 160, 125))
            draw.rounded_rectangle([400, 390, 560, 700], radius=40, fill=BLUE)
            draw.polygon([(330, 520), (630, 520), (590, 900), (370, 900)], fill=NAVY)
            centred(draw, (480, 650), "SCULC", font(40, bold=True), CREAM)
        else:  # posters on boards, people reading them
            for i, colour in enumerate([RED, GOLD, BLUE]):
                x = 170 + i * 470
                draw.rectangle([x, 100, x + 380, 560], fill=CREAM, outline=NAVY, width=5)
                draw.rectangle([x + 30, 130, x + 350, 200], fill=colour)
                for j in range(5):
                    draw.line([(x + 40, 250 + j * 55), (x + 340 - rng.randint(0, 120), 250 + j * 55)], fill=INK, width=10)
            people(draw, rng, 680, 6, 1.1)
        return image.filter(ImageFilter.SMOOTH)

    return draw_scene


ARTWORKS: dict[str, Callable[[], Image.Image]] = {
    "home/ipa-vowels": ipa_vowels,
    "home/syntax-tree": syntax_tree,
    "home/waveform": waveform,
    "home/scripts": scripts,
    **{f"sculc-2024/program-{n}": program_page(n) for n in range(1, 5)},
    **{f"sculc-{year}/photo-{n}": photo_stand_in(year, n) for year in (2023, 2022) for n in range(1, 4)},
}

FALLBACK_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1000" role="img" aria-label="Image unavailable">
  <rect width="1600" height="1000" fill="#f1faee"/>
  <rect x="600" y="300" width="400" height="300" rx="24" fill="none" stroke="#457b9d" stroke-width="16"/>
  <circle cx="700" cy="390" r="36" fill="#a8dadc"/>
  <path d="M620 580 L760 440 L860 540 L920 480 L980 580 Z" fill="#457b9d"/>
  <text x="800" y="700" text-anchor="middle" font-family="sans-serif" font-size="56" fill="#1d3557">Image unavailable</text>
</svg>
"""


def write(name: str, image: Image.Image, output: Path) -> int:
    written = 0
    for width in WIDTHS:
        path = output / f"{name}-{width}.webp"
        path.parent.mkdir(parents=True, exist_ok=True)
        resized = image.resize((width, round(width * HEIGHT / WIDTH)), Image.Resampling.LANCZOS)
        resized.save(path, "WEBP", quality=QUALITY, method=6)
        written += path.stat().st_size
    thumb = output / f"{name}-thumb.webp"
    image.resize((THUMB_WIDTH, round(THUMB_WIDTH * HEIGHT / WIDTH)), Image.Resampling.LANCZOS).save(
        thumb, "WEBP", quality=70, method=6
    )
    return written + thumb.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="folder to write into")
    args = parser.parse_args()
    total = 0
    for name, draw in ARTWORKS.items():
        total += write(name, draw(), args.output)
    fallback = args.output / "fallback.svg"
    fallback.write_text(FALLBACK_SVG)
    total += fallback.stat().st_size
    print(f"wrote {len(ARTWORKS)} images at {WIDTHS} px + thumbnails and fallback.svg: {total / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
