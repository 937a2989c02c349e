#!/usr/bin/env python3
"""Build the print-edition PDF for the press.

Collects the page PDFs exported from the layout system (pages/A01.pdf,
pages/A02.pdf, ... and section B, C ...), checks the page plan in
edition.json is complete, makes sure the house fonts are available to
Ghostscript, and merges everything into one PDF/X-1a file for the print
plant in ./out.
"""
import argparse
import json
import logging
import os
import re
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("printpdf")

PAGE_RE = re.compile(r"^([A-Z])(\d{2,3})\.pdf$")
USER_FONT_DIR = Path.home() / ".local" / "share" / "fonts" / "newsroom"
GS = shutil.which("gs") or "gs"


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        plan = json.load(fh)
    sections = plan.get("sections", {})
    if not sections:
        raise ValueError("edition.json has no sections")
    return plan


def collect_pages(pages_dir, plan):
    found = {}
    for f in pages_dir.iterdir():
        m = PAGE_RE.match(f.name)
        if m:
            found[(m.group(1), int(m.group(2)))] = f
    ordered, missing = [], []
    for section, count in sorted(plan["sections"].items()):
        for n in range(1, count + 1):
            page = found.get((section, n))
            (ordered if page else missing).append(page or f"{section}{n:02d}")
    return ordered, missing


def install_fonts(font_src):
    """Make the house typefaces visible to fontconfig for this user."""
    USER_FONT_DIR.mkdir(parents=True, exist_ok=True)
    copied = 0
    for font in Path(font_src).glob("*.[ot]tf"):
        dest = USER_FONT_DIR / font.name
        if not dest.exists() or dest.stat().st_mtime < font.stat().st_mtime:
            shutil.copy2(font, dest)
            copied += 1
    if copied:
        subprocess.run(["fc-cache", "-f", str(USER_FONT_DIR)], check=True,
                       stdout=subprocess.DEVNULL)
        log.info("installed %d fonts", copied)


def merge(pages, output, icc_profile):
    cmd = [
        GS, "-dBATCH", "-dNOPAUSE", "-dQUIET", "-dSAFER",
        "-sDEVICE=pdfwrite", "-dPDFX", "-dCompatibilityLevel=1.3",
        "-sColorConversionStrategy=CMYK", "-dProcessColorModel=/DeviceCMYK",
        f"-sOutputICCProfile={icc_profile}",
        "-dEmbedAllFonts=true", "-dSubsetFonts=true",
        f"-sOutputFile={output}",
    ] + [str(p) for p in pages]
    log.debug("running %s", " ".join(cmd[:8]))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"gs exited {proc.returncode}")


def page_count(pdf):
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    m = re.search(r"^Pages:\s+(\d+)", out, re.M)
    return int(m.group(1)) if m else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Merge page PDFs into the print edition")
    ap.add_argument("--plan", default="edition.json")
    ap.add_argument("--pages", type=Path, default=Path("pages"))
    ap.add_argument("--fonts", default="fonts")
    ap.add_argument("--icc", default="profiles/ISOnewspaper26v4.icc")
    ap.add_argument("--date", default=date.today().isoformat())
    ap.add_argument("--allow-missing", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        plan = load_plan(args.plan)
    except (OSError, ValueError) as exc:
        log.error("page plan: %s", exc)
        return 2

    pages, missing = collect_pages(args.pages, plan)
    if missing and not args.allow_missing:
        log.error("missing pages: %s", ", ".join(missing))
        return 1

    if os.path.isdir(args.fonts):
        install_fonts(args.fonts)

    out_dir = Path("out")
    out_dir.mkdir(exist_ok=True)
    output = out_dir / f"{plan.get('title', 'edition')}-{args.date}.pdf"
    try:
        merge(pages, output, args.icc)
    except (RuntimeError, FileNotFoundError) as exc:
        log.error("ghostscript failed: %s", exc)
        return 1

    expected = sum(plan["sections"].values()) - len(missing)
    got = page_count(output)
    if got != expected:
        log.error("page count mismatch: expected %d, got %d", expected, got)
        return 1
    log.info("wrote %s (%d pages)", output, got)
    return 0


if __name__ == "__main__":
    sys.exit(main())
