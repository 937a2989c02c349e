#!/usr/bin/env python3
"""Merge scanned chapter PDFs into one book with bookmarks.

Given a folder such as  thesis/  containing 01-intro.pdf, 02-method.pdf ...
this writes thesis/thesis-merged.pdf next to them, one outline entry per
chapter.  Optional JSON sidecar (chapters.json) overrides titles/order.
"""
import argparse
import json
import logging
import re
import sys
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.errors import PdfReadError

log = logging.getLogger("pdfmerge")
NUM_PREFIX = re.compile(r"^(\d+)[-_ ]*(.*)$")


def natural_key(path):
    m = NUM_PREFIX.match(path.stem)
    if m:
        return (int(m.group(1)), m.group(2).lower())
    return (10**6, path.stem.lower())


def title_from_name(path):
    m = NUM_PREFIX.match(path.stem)
    text = m.group(2) if m and m.group(2) else path.stem
    return text.replace("_", " ").replace("-", " ").strip().title()


def load_sidecar(folder):
    sidecar = folder / "chapters.json"
    if not sidecar.exists():
        return {}
    try:
        with sidecar.open(encoding="utf-8") as fh:
            data = json.load(fh)
    except json.JSONDecodeError as exc:
        log.error("ignoring malformed %s: %s", sidecar.name, exc)
        return {}
    return {entry["file"]: entry.get("title") for entry in data.get("chapters", [])}


class BookBuilder:
    def __init__(self, strip_blank=False):
        self.writer = PdfWriter()
        self.strip_blank = strip_blank
        self.page_count = 0

    @staticmethod
    def _is_blank(page):
        text = (page.extract_text() or "").strip()
        return not text and not page.images

    def add_chapter(self, path, title):
        try:
            reader = PdfReader(str(path))
        except (PdfReadError, OSError) as exc:
            log.error("cannot read %s: %s", path.name, exc)
            return False
        if reader.is_encrypted:
            log.warning("%s is encrypted, skipping", path.name)
            return False
        first = self.page_count
        for page in reader.pages:
            if self.strip_blank and self._is_blank(page):
                continue
            self.writer.add_page(page)
            self.page_count += 1
        if self.page_count > first:
            self.writer.add_outline_item(title, first)
        log.info("%-30s %3d pages", path.name, self.page_count - first)
        return True

    def save(self, target, metadata):
        self.writer.add_metadata(metadata)
        with target.open("wb") as fh:
            self.writer.write(fh)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path)
    ap.add_argument("-o", "--output", help="file name inside the folder")
    ap.add_argument("--title", help="document title metadata")
    ap.add_argument("--strip-blank", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    folder = args.folder.resolve()
    out_name = args.output or f"{folder.name}-merged.pdf"
    target = folder / Path(out_name).name
    inputs = sorted((p for p in folder.glob("*.pdf") if p != target), key=natural_key)
    if not inputs:
        log.error("no PDFs in %s", folder)
        return 1

    titles = load_sidecar(folder)
    book = BookBuilder(strip_blank=args.strip_blank)
    ok = sum(book.add_chapter(p, titles.get(p.name) or title_from_name(p)) for p in inputs)
    if not ok:
        log.error("no chapters could be added")
        return 1
    book.save(target, {"/Title": args.title or folder.name, "/Producer": "pdfmerge"})
    log.info("wrote %s (%d pages from %d files)", target, book.page_count, ok)
    return 0


if __name__ == "__main__":
    sys.exit(main())
