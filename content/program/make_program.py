#!/usr/bin/env python3
"""Generate web/public/sculc-program.pdf, the SCULC 2025 conference program.

The conference page embeds this file in a frame, and the server serves it at
/sculc-program.pdf (Vite copies web/public/ into dist/).

Everything in it comes from the 2025 edition's content data,
content/editions/2025.toml (the same file the conference page is rendered
from): the title, the day from its `event` table, check-in and price from
the "Event details" facts, the talk format from the "About" list, and one
session per `schedule` block of the "program" section. Change the program
there, then regenerate (see README.md here). The talks and speakers in that
file are SAMPLE entries, and each page of the PDF says so.

Only the PDF core fonts (Helvetica) are used, so the file stays small and
needs no font files; core fonts only encode Latin-1, so keep text in it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fpdf import FPDF
from fpdf.enums import XPos, YPos

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_EDITION = REPO_ROOT / "content" / "editions" / "2025.toml"
DEFAULT_OUTPUT = REPO_ROOT / "web" / "public" / "sculc-program.pdf"

SUBTITLE = "Undergraduate Linguistics Conference - Program"
SAMPLE_NOTICE = "SAMPLE PROGRAM - placeholder talks and speakers, to be replaced with the real program"

# A fixed date keeps the output byte-for-byte reproducible, so regenerating
# without changes leaves git with nothing to commit.
CREATION_DATE = dt.datetime(2025, 5, 1, tzinfo=dt.timezone.utc)

# Brand colours as RGB (ink for text, accent for headings and rules).
INK = (33, 37, 41)
ACCENT = (123, 30, 58)
MUTED = (108, 117, 125)
SHADE = (246, 240, 242)

# Schedule layout, in mm.
ROW_HEIGHT = 6
DETAIL_HEIGHT = 5
HEADING_HEIGHT = 7
HEADING_GAP = 3

# Typographic characters the core fonts lack, written the plain way.
PLAIN = str.maketrans(
    {"\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2026": "..."}
)


def latin1(text: str) -> str:
    plain = text.translate(PLAIN)
    try:
        plain.encode("latin-1")
    except UnicodeEncodeError as error:
        raise SystemExit(f"the program's text must be Latin-1 for the PDF core fonts: {text!r}") from error
    return plain


@dataclass(frozen=True)
class Slot:
    """One row of the schedule: a time, what happens, and optional details."""

    time: str
    event: str
    detail: str = ""


@dataclass(frozen=True)
class Session:
    """A block of the day with a heading and its rows."""

    heading: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Program:
    title: str
    date_line: str
    venue_line: str
    note: str
    sessions: tuple[Session, ...]


def clock(hhmm: str) -> str:
    """'17:30' -> '05:30 PM', as the conference page writes times."""
    return dt.datetime.strptime(hhmm, "%H:%M").strftime("%I:%M %p")


def blocks(page: dict[str, Any], section_id: str) -> list[dict[str, Any]]:
    for section in page["sections"]:
        if section["id"] == section_id:
            return section["blocks"]
    raise SystemExit(f"the edition's first page has no {section_id!r} section")


def read_program(path: Path) -> Program:
    """The program as the edition's content data gives it."""
    edition = tomllib.loads(path.read_text(encoding="utf-8"))
    event = edition["event"]
    page = edition["pages"][0]
    day = dt.date.fromisoformat(event["date"])
    facts = {
        item["label"]: item["value"]
        for block in blocks(page, "event-details")
        if block["type"] == "facts"
        for item in block["items"]
    }
    about = [item for block in blocks(page, "about") if block["type"] == "list" for item in block["items"]]
    sessions = tuple(
        Session(
            latin1(block.get("heading", "Program")),
            tuple(Slot(latin1(i["time"]), latin1(i["title"]), latin1(i.get("detail", ""))) for i in block["items"]),
        )
        for block in blocks(page, "program")
        if block["type"] == "schedule"
    )
    if not sessions:
        raise SystemExit(f"{path}: the program section has no schedule blocks")
    venue = [event["location"]]
    if "Check-in" in facts:
        venue.append(f"check-in {facts['Check-in'][0].lower()}{facts['Check-in'][1:]}")
    if "Price" in facts:
        venue.append(facts["Price"].lower())
    return Program(
        title=latin1(edition["title"]),
        date_line=f"{day:%A} {day.day} {day:%B %Y}, {clock(event['starts'])} to {clock(event['ends'])}",
        venue_line=latin1(" - ".join(venue)),
        note=latin1(" ".join(about[:1]) + " Every talk, presenter and speaker named here is a sample placeholder."),
        sessions=sessions,
    )


class ProgramPdf(FPDF):
    """Letter-sized pages with the sample notice in every header and footer."""

    program_title = ""

    def header(self) -> None:
        self.set_font("Helvetica", "B", 8)
        self.set_text_color(*ACCENT)
        self.cell(0, 5, SAMPLE_NOTICE, align="C", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", "", 8)
        self.set_text_color(*MUTED)
        self.cell(0, 5, f"{self.program_title} program - sample content - page {self.page_no()}/{{nb}}", align="C")


def build(program: Program, output: Path) -> None:
    pdf = ProgramPdf(orientation="portrait", unit="mm", format="Letter")
    pdf.program_title = program.title
    pdf.set_creation_date(CREATION_DATE)
    pdf.set_title(f"{program.title} Program (sample)")
    pdf.set_author("Undergraduate Linguistics Society")
    pdf.set_subject(SAMPLE_NOTICE)
    pdf.set_margins(18, 14, 18)
    pdf.set_auto_page_break(auto=True, margin=16)
    pdf.add_page()

    pdf.set_text_color(*ACCENT)
    pdf.set_font("Helvetica", "B", 26)
    pdf.cell(0, 12, program.title, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font("Helvetica", "", 13)
    pdf.cell(0, 7, SUBTITLE, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(*INK)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 7, program.date_line, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 6, program.venue_line, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font("Helvetica", "I", 9)
    pdf.set_text_color(*MUTED)
    pdf.multi_cell(
        0,
        5,
        program.note,
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )

    for session in program.sessions:
        session_block(pdf, session)

    pdf.output(str(output))


def session_height(session: Session) -> float:
    rows = sum(ROW_HEIGHT + (DETAIL_HEIGHT if slot.detail else 0) for slot in session.slots)
    return HEADING_GAP + HEADING_HEIGHT + rows


def session_block(pdf: FPDF, session: Session) -> None:
    # Keep a session on one page: a talk split from its presenter, or a
    # heading alone at the foot of a page, reads badly in print.
    if pdf.get_y() + session_height(session) > pdf.page_break_trigger:
        pdf.add_page()
    pdf.ln(HEADING_GAP)
    pdf.set_draw_color(*ACCENT)
    pdf.set_text_color(*ACCENT)
    pdf.set_font("Helvetica", "B", 12)
    pdf.cell(0, HEADING_HEIGHT, session.heading, border="B", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(*INK)
    for index, slot in enumerate(session.slots):
        # Shade every other row so times line up with their events at a glance.
        fill = index % 2 == 1
        pdf.set_fill_color(*SHADE)
        pdf.set_font("Helvetica", "B", 10)
        pdf.cell(24, ROW_HEIGHT, slot.time, fill=fill)
        pdf.set_font("Helvetica", "", 10)
        pdf.cell(0, ROW_HEIGHT, slot.event, fill=fill, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        if slot.detail:
            pdf.set_x(pdf.l_margin + 24)
            pdf.set_font("Helvetica", "I", 9)
            pdf.set_text_color(*MUTED)
            pdf.cell(0, DETAIL_HEIGHT, slot.detail, fill=fill, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            pdf.set_text_color(*INK)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", type=Path, default=DEFAULT_EDITION, help="the edition's content file")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the PDF")
    args = parser.parse_args()
    build(read_program(args.edition), args.output)
    print(f"wrote {args.output} ({args.output.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
