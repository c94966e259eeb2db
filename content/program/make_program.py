#!/usr/bin/env python3
"""Generate web/public/sculc-program.pdf, the SCULC 2025 conference program.

The conference page embeds this file in a frame, and the server serves it at
/sculc-program.pdf (Vite copies web/public/ into dist/).

The spec fixes the day, the hours, check-in and lunch, but names no talks or
speakers, so every talk, presenter and the keynote below are SAMPLE entries:
replace them in PROGRAM / KEYNOTE and regenerate (see README.md here).

Only the PDF core fonts (Helvetica) are used, so the file stays small and
needs no font files; core fonts only encode Latin-1, so keep text in it.
"""

from __future__ import annotations

import argparse
import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUTPUT = REPO_ROOT / "web" / "public" / "sculc-program.pdf"

TITLE = "SCULC 2025"
SUBTITLE = "Undergraduate Linguistics Conference - Program"
DATE_LINE = "Saturday 17 May 2025, 09:00 AM to 05:30 PM"
VENUE_LINE = "Campus Learning Pavilion - check-in from 8:30 AM - attendance is free"
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


def talks(start_hour: int, start_minute: int, count: int, first: int) -> tuple[Slot, ...]:
    """Talk slots of 20 minutes each: a 15-minute talk plus 5 minutes of Q&A."""
    slots = []
    minutes = start_hour * 60 + start_minute
    for number in range(first, first + count):
        slots.append(
            Slot(
                clock(minutes),
                f"Sample talk {number}: title to be announced",
                f"Presenter {number} (sample), university to be announced",
            )
        )
        minutes += 20
    return tuple(slots)


def clock(minutes: int) -> str:
    """'09:30 AM' style, as the conference page writes times."""
    hour, minute = divmod(minutes, 60)
    suffix = "AM" if hour < 12 else "PM"
    return f"{(hour - 1) % 12 + 1:02d}:{minute:02d} {suffix}"


KEYNOTE = Slot(
    "09:30 AM",
    "Keynote address: title to be announced (sample)",
    "Keynote speaker to be announced (sample)",
)

PROGRAM: tuple[Session, ...] = (
    Session(
        "Morning",
        (
            Slot("08:30 AM", "Check-in opens", "Pick up your name badge at the pavilion entrance"),
            Slot("09:00 AM", "Welcome and opening remarks"),
            KEYNOTE,
            Slot("10:20 AM", "Short break"),
        ),
    ),
    Session("Session 1 - Presentations (sample)", talks(10, 30, 3, first=1)),
    Session(
        "Lunch",
        (Slot("11:30 AM", "Lunch, 11:30 AM to 1:00 PM", "Provided for presenters and attendees"),),
    ),
    Session("Session 2 - Presentations (sample)", talks(13, 0, 4, first=4)),
    Session(
        "Poster session",
        (
            Slot(
                "02:20 PM",
                "Poster session and coffee",
                "Sample posters 1-6, presenters at their posters until 03:20 PM",
            ),
        ),
    ),
    Session(
        "Session 3 - Presentations, including virtual talks (sample)",
        talks(15, 30, 4, first=8),
    ),
    Session(
        "Closing",
        (
            Slot("04:50 PM", "Closing remarks and thanks"),
            Slot("05:30 PM", "End of the conference"),
        ),
    ),
)


class ProgramPdf(FPDF):
    """Letter-sized pages with the sample notice in every header and footer."""

    def header(self) -> None:
        self.set_font("Helvetica", "B", 8)
        self.set_text_color(*ACCENT)
        self.cell(0, 5, SAMPLE_NOTICE, align="C", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", "", 8)
        self.set_text_color(*MUTED)
        self.cell(0, 5, f"{TITLE} program - sample content - page {self.page_no()}/{{nb}}", align="C")


def build(output: Path) -> None:
    pdf = ProgramPdf(orientation="portrait", unit="mm", format="Letter")
    pdf.set_creation_date(CREATION_DATE)
    pdf.set_title(f"{TITLE} Program (sample)")
    pdf.set_author("Undergraduate Linguistics Society")
    pdf.set_subject(SAMPLE_NOTICE)
    pdf.set_margins(18, 14, 18)
    pdf.set_auto_page_break(auto=True, margin=16)
    pdf.add_page()

    pdf.set_text_color(*ACCENT)
    pdf.set_font("Helvetica", "B", 26)
    pdf.cell(0, 12, TITLE, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font("Helvetica", "", 13)
    pdf.cell(0, 7, SUBTITLE, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(*INK)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 7, DATE_LINE, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 6, VENUE_LINE, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font("Helvetica", "I", 9)
    pdf.set_text_color(*MUTED)
    pdf.multi_cell(
        0,
        5,
        "Talks are 15 minutes plus 5 minutes of questions. Virtual presenters join over video call. "
        "Every talk, presenter and speaker named here is a sample placeholder.",
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )

    for session in PROGRAM:
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
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the PDF")
    args = parser.parse_args()
    build(args.output)
    print(f"wrote {args.output} ({args.output.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
