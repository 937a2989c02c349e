#!/usr/bin/env python3
"""Batch-render HETAS installation certificates to PDF in the company style.

Reads the week's completed installs from installs.csv and renders a PDF
certificate for each into ./certs_pdf/. Certificates use the company brand
fonts (shipped in ./brand/fonts); these are also made available system-wide
so the LibreOffice quote templates on the same PC render identically.

    python3 hetas_cert_batch_printer.py installs.csv --installer "J. Pryce" --reg 12345
"""
import argparse
import csv
import logging
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

log = logging.getLogger("cert-batch")

BRAND_FONTS = Path("brand/fonts")
SYSTEM_FONT_DIR = Path("/usr/local/share/fonts/sweepdesk")
FONT_MAP = {"Brand": "BrandSans-Regular.ttf", "Brand-Bold": "BrandSans-Bold.ttf"}


class FontSetup:
    """Makes the brand fonts available to reportlab and to the desktop apps."""

    def __init__(self, src: Path = BRAND_FONTS, dest: Path = SYSTEM_FONT_DIR):
        self.src, self.dest = src, dest

    def _needs_install(self) -> bool:
        return any(not (self.dest / f).exists() for f in FONT_MAP.values())

    def install(self) -> None:
        if not self._needs_install():
            return
        files = [str(self.src / f) for f in FONT_MAP.values()]
        elevate = [] if os.geteuid() == 0 else ["sudo"]
        log.info("installing brand fonts into %s", self.dest)
        subprocess.run(elevate + ["install", "-d", "-m", "0755", str(self.dest)], check=True)
        subprocess.run(elevate + ["install", "-m", "0644", *files, str(self.dest)], check=True)
        if shutil.which("fc-cache"):
            subprocess.run(elevate + ["fc-cache", "-f", str(self.dest)], check=False)

    def register(self) -> None:
        for name, fname in FONT_MAP.items():
            path = self.dest / fname
            if not path.exists():
                path = self.src / fname
            pdfmetrics.registerFont(TTFont(name, str(path)))


def draw_certificate(path: Path, row: dict, installer: str, reg: str) -> None:
    c = canvas.Canvas(str(path), pagesize=A4)
    w, h = A4
    c.setFont("Brand-Bold", 20)
    c.drawString(20 * mm, h - 30 * mm, "Certificate of Compliance")
    c.setFont("Brand", 10)
    c.drawRightString(w - 20 * mm, h - 30 * mm, f"No. {row['cert_no']}")
    y = h - 50 * mm
    fields = [("Customer", row["customer"]), ("Address", row["address"]),
              ("Appliance", f"{row['make']} {row['model']}"), ("Fuel", row["fuel"]),
              ("Output (kW)", row.get("kw", "")), ("Flue / liner", row["flue"]),
              ("Hearth", row.get("hearth", "")), ("CO alarm", row.get("co_alarm", "Yes")),
              ("Date installed", row.get("date", date.today().isoformat()))]
    for label, value in fields:
        c.setFont("Brand-Bold", 10)
        c.drawString(20 * mm, y, label)
        c.setFont("Brand", 10)
        c.drawString(65 * mm, y, str(value))
        y -= 8 * mm
    c.setFont("Brand", 9)
    c.drawString(20 * mm, y - 10 * mm,
                 f"Installed by {installer} (HETAS registration {reg}) in accordance with "
                 "Approved Document J.")
    c.drawString(20 * mm, 20 * mm, "Keep this certificate with the property documents.")
    c.showPage()
    c.save()


def main():
    ap = argparse.ArgumentParser(description="batch HETAS certificate PDFs")
    ap.add_argument("installs", type=Path)
    ap.add_argument("--installer", required=True)
    ap.add_argument("--reg", required=True, help="HETAS registration number")
    ap.add_argument("--out", type=Path, default=Path("certs_pdf"))
    ap.add_argument("--skip-font-install", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    fonts = FontSetup()
    if not args.skip_font_install:
        try:
            fonts.install()
        except subprocess.CalledProcessError as exc:
            log.warning("system font install failed (%s); using local copies", exc)
    fonts.register()

    args.out.mkdir(exist_ok=True)
    done = 0
    with args.installs.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if not row.get("cert_no"):
                log.warning("row without cert_no skipped: %s", row.get("customer"))
                continue
            target = args.out / f"{row['cert_no']}.pdf"
            try:
                draw_certificate(target, row, args.installer, args.reg)
            except KeyError as exc:
                log.error("%s: missing column %s", row["cert_no"], exc)
                continue
            done += 1
    log.info("%d certificates written to %s/", done, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
