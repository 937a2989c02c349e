#!/usr/bin/env python3
"""Build customer quote PDFs for fitted kitchens and bespoke furniture.

Input is the JSON job sheet exported from the survey app (units, worktops,
appliances, labour). Output is a branded A4 PDF in ./quotes/.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

log = logging.getLogger("quote-pdf")

VAT_RATE = Decimal("0.20")
CACHE_DIR = Path(".quote_cache")


@dataclass
class Line:
    section: str
    description: str
    qty: Decimal
    unit_price: Decimal

    @property
    def total(self):
        return (self.qty * self.unit_price).quantize(Decimal("0.01"), ROUND_HALF_UP)


@dataclass
class Quote:
    ref: str
    customer: str
    address: str
    lines: list = field(default_factory=list)
    notes: str = ""

    @property
    def net(self):
        return sum((l.total for l in self.lines), Decimal("0"))

    @property
    def vat(self):
        return (self.net * VAT_RATE).quantize(Decimal("0.01"), ROUND_HALF_UP)


def load_job(path):
    data = json.loads(Path(path).read_text())
    q = Quote(ref=data["ref"], customer=data["customer"]["name"],
              address=", ".join(data["customer"].get("address", [])),
              notes=data.get("notes", ""))
    for section in ("units", "worktops", "appliances", "labour"):
        for item in data.get(section, []):
            q.lines.append(Line(section.title(), item["desc"],
                                Decimal(str(item.get("qty", 1))),
                                Decimal(str(item["price"]))))
    return q, data


def cache_key(raw):
    return hashlib.md5(json.dumps(raw, sort_keys=True).encode()).hexdigest()


def render(quote, out_path, company):
    styles = getSampleStyleSheet()
    doc = SimpleDocTemplate(str(out_path), pagesize=A4,
                            leftMargin=18 * mm, rightMargin=18 * mm,
                            title=f"Quote {quote.ref}", author=company)
    story = [Paragraph(f"<b>{company}</b>", styles["Title"]),
             Paragraph(f"Quotation {quote.ref}", styles["Heading2"]),
             Paragraph(f"{quote.customer}<br/>{quote.address}", styles["Normal"]),
             Spacer(1, 8 * mm)]
    rows = [["Section", "Description", "Qty", "Unit", "Total"]]
    for l in quote.lines:
        rows.append([l.section, Paragraph(l.description, styles["BodyText"]),
                     f"{l.qty:g}", f"£{l.unit_price:,.2f}", f"£{l.total:,.2f}"])
    rows += [["", "", "", "Net", f"£{quote.net:,.2f}"],
             ["", "", "", "VAT 20%", f"£{quote.vat:,.2f}"],
             ["", "", "", "Total", f"£{quote.net + quote.vat:,.2f}"]]
    table = Table(rows, colWidths=[28 * mm, 80 * mm, 14 * mm, 26 * mm, 26 * mm], repeatRows=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#2f3b45")),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("ALIGN", (2, 1), (-1, -1), "RIGHT"),
        ("LINEBELOW", (0, -4), (-1, -4), 0.5, colors.grey),
        ("FONTNAME", (3, -1), (-1, -1), "Helvetica-Bold"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))
    story.append(table)
    if quote.notes:
        story += [Spacer(1, 6 * mm), Paragraph(quote.notes, styles["Italic"])]
    story += [Spacer(1, 6 * mm),
              Paragraph("Quotation valid for 30 days. 40% deposit on order.", styles["Normal"])]
    doc.build(story)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jobs", nargs="+", help="job sheet JSON files")
    ap.add_argument("--out", default="quotes")
    ap.add_argument("--company", default=os.environ.get("QUOTE_COMPANY", "Hartwell Kitchens Ltd"))
    ap.add_argument("--force", action="store_true", help="ignore the render cache")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    CACHE_DIR.mkdir(exist_ok=True)
    failures = 0
    for job in args.jobs:
        try:
            quote, raw = load_job(job)
        except (OSError, KeyError, ValueError) as exc:
            log.error("%s: bad job sheet (%s)", job, exc)
            failures += 1
            continue
        key = cache_key(raw)
        marker = CACHE_DIR / f"{quote.ref}.md5"
        target = out_dir / f"Quote_{quote.ref}.pdf"
        if not args.force and target.exists() and marker.exists() and marker.read_text() == key:
            log.info("%s unchanged, skipping", quote.ref)
            continue
        render(quote, target, args.company)
        os.chmod(target, 0o600)
        marker.write_text(key)
        log.info("wrote %s (£%s inc VAT)", target, quote.net + quote.vat)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
