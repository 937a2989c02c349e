#!/usr/bin/env python3
"""Render personal-training programs (YAML) into client-ready PDFs.

Each program file describes a block of weeks; every week has sessions with
exercises, sets, reps and coaching cues. Output goes to ./pdf/<client>.pdf.

    prog122d_program_pdf_generator.py programs/*.yaml --coach "Dee Alvarez"
"""
import argparse
import logging
import sys
from datetime import date
from pathlib import Path

import yaml
from fpdf import FPDF

log = logging.getLogger("pdfbuild")

# Average glyph widths for the core fonts (AFM-derived, em fraction), used to
# decide when an exercise name needs to wrap in the narrow table column.
GLYPH_WIDTHS = {
    "Helvetica": 0.52,
    "Helvetica-Bold": 0.56,
    "Courier": 0.60,
    "Times": 0.48,
}


class ProgramPDF(FPDF):
    def __init__(self, gym, coach):
        super().__init__(orientation="P", unit="mm", format="A4")
        self.gym = gym
        self.coach = coach
        self.set_auto_page_break(auto=True, margin=15)

    def header(self):
        self.set_font("Helvetica", "B", 14)
        self.cell(0, 8, self.gym, new_x="LMARGIN", new_y="NEXT")
        self.set_font("Helvetica", "", 9)
        self.cell(0, 5, f"Coach: {self.coach}   Printed {date.today():%d %b %Y}",
                  new_x="LMARGIN", new_y="NEXT")
        self.ln(3)

    def footer(self):
        self.set_y(-12)
        self.set_font("Helvetica", "I", 8)
        self.cell(0, 6, f"Page {self.page_no()}", align="C")


def fits(text, col_mm, font="Helvetica", size=9):
    avg = GLYPH_WIDTHS.get(font, 0.5)
    return len(text) * avg * size * 0.3528 <= col_mm


def render_week(pdf, week):
    pdf.set_font("Helvetica", "B", 12)
    pdf.cell(0, 8, f"Week {week['number']}: {week.get('focus', '')}", new_x="LMARGIN", new_y="NEXT")
    for session in week.get("sessions", []):
        pdf.set_font("Helvetica", "B", 10)
        pdf.cell(0, 6, session["name"], new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 9)
        for ex in session.get("exercises", []):
            name = ex["name"]
            if not fits(name, 70):
                name = name[:34] + "..."
            pdf.cell(70, 5, name, border="B")
            pdf.cell(25, 5, f"{ex.get('sets', '')} x {ex.get('reps', '')}", border="B")
            pdf.cell(25, 5, str(ex.get("rest", "")), border="B")
            pdf.multi_cell(0, 5, ex.get("cue", ""), border="B", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)


def build(program_path, out_dir, gym, coach):
    with open(program_path, encoding="utf-8") as fh:
        program = yaml.load(fh, Loader=yaml.Loader)
    client = program["client"]
    pdf = ProgramPDF(gym, coach)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 10, f"{client['name']} - {program.get('title', 'Training block')}",
             new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.multi_cell(0, 5, program.get("notes", ""), new_x="LMARGIN", new_y="NEXT")
    for week in program.get("weeks", []):
        render_week(pdf, week)
    out = out_dir / f"{client['name'].lower().replace(' ', '_')}.pdf"
    pdf.output(str(out))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render training programs to PDF")
    ap.add_argument("programs", nargs="+", type=Path)
    ap.add_argument("--out-dir", type=Path, default=Path("pdf"))
    ap.add_argument("--gym", default="Southside Boxing Club")
    ap.add_argument("--coach", default="Head Coach")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.out_dir.mkdir(exist_ok=True)
    failures = 0
    for path in args.programs:
        try:
            out = build(path, args.out_dir, args.gym, args.coach)
            log.info("wrote %s", out)
        except (OSError, KeyError, yaml.YAMLError) as exc:
            failures += 1
            log.error("%s: %s", path, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
