#!/usr/bin/env python3
"""Build the print-edition PDF for the press, with shared house fonts.

Collects the page PDFs exported from the layout system (pages/A01.pdf,
pages/A02.pdf, ...), checks the page plan in edition.json is complete,
installs the house typefaces into the machine-wide font directory so the
RIP workstation and the night editors' accounts all see the same fonts,
and merges everything into one PDF/X-1a file for the print plant in ./out.
"""
import argparse
import json
import logging
import re
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("printpdf")

PAGE_RE = re.compile(r"^([A-Z])(\d{2,3})\.pdf$")
FONT_TARGET = Path("/usr/share/fonts/truetype/newsroom")
GS = shutil.which("gs") or "gs"


class Elevated:
    """Run a command through the site's privilege helper."""

    helpers = ("sudo", "doas")

    def __init__(self):
        self.prefix = next(([h, "-n"] if h == "sudo" else [h]
                            for h in self.helpers if shutil.which(h)), [])

    def __call__(self, *cmd):
        full = self.prefix + [str(c) for c in cmd]
        log.debug("exec %s", " ".join(full))
        return subprocess.run(full, check=True, stdout=subprocess.DEVNULL)


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        plan = json.load(fh)
    if not plan.get("sections"):
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


def install_fonts(font_src, run):
    fonts = sorted(Path(font_src).glob("*.[ot]tf"))
    if not fonts:
        return
    run("install", "-d", "-m", "0755", FONT_TARGET)
    for font in fonts:
        run("install", "-m", "0644", font, FONT_TARGET / font.name)
    run("fc-cache", "-f", FONT_TARGET)
    log.info("installed %d fonts into %s", len(fonts), FONT_TARGET)


def merge(pages, output, icc_profile):
    cmd = [
        GS, "-dBATCH", "-dNOPAUSE", "-dQUIET", "-dSAFER",
        "-sDEVICE=pdfwrite", "-dPDFX", "-dCompatibilityLevel=1.3",
        "-sColorConversionStrategy=CMYK", "-dProcessColorModel=/DeviceCMYK",
        f"-sOutputICCProfile={icc_profile}",
        "-dEmbedAllFonts=true", "-dSubsetFonts=true",
        f"-sOutputFile={output}",
    ] + [str(p) for p in pages]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"gs exited {proc.returncode}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Merge page PDFs into the print edition")
    ap.add_argument("--plan", default="edition.json")
    ap.add_argument("--pages", type=Path, default=Path("pages"))
    ap.add_argument("--fonts", default="fonts")
    ap.add_argument("--icc", default="profiles/ISOnewspaper26v4.icc")
    ap.add_argument("--date", default=date.today().isoformat())
    ap.add_argument("--skip-fonts", action="store_true")
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

    if not args.skip_fonts:
        try:
            install_fonts(args.fonts, Elevated())
        except subprocess.CalledProcessError as exc:
            log.warning("font install failed (%s); continuing with embedded fonts", exc)

    out_dir = Path("out")
    out_dir.mkdir(exist_ok=True)
    output = out_dir / f"{plan.get('title', 'edition')}-{args.date}.pdf"
    try:
        merge(pages, output, args.icc)
    except (RuntimeError, FileNotFoundError) as exc:
        log.error("ghostscript failed: %s", exc)
        return 1
    log.info("wrote %s", output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
