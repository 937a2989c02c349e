#!/usr/bin/env python3
"""Saddle-stitch booklet imposition in pure Python.

Takes a PDF of single pages in reading order, pads it to a multiple of
four with blank pages, and lays out pairs of pages side by side on
sheets twice as wide, in the order a saddle-stitched booklet needs when
printed duplex (flip on short edge).  Results are cached in ./.impose-cache
keyed by the input content and settings, so re-running a job that did
not change is instant.

    booklet-impose brochure.pdf -o brochure-booklet.pdf --creep 0.2
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
from pathlib import Path

from pypdf import PageObject, PdfReader, PdfWriter, Transformation

log = logging.getLogger("booklet")

CACHE_DIR = Path(".impose-cache")
MM = 72 / 25.4


def booklet_order(n):
    """Page indices per sheet side for a booklet of n pages (n % 4 == 0)."""
    order = []
    lo, hi = 0, n - 1
    while lo < hi:
        order.append((hi, lo))          # front: last | first
        order.append((lo + 1, hi - 1))  # back: second | second-to-last
        lo += 2
        hi -= 2
    return order


def cache_key(src, settings):
    h = hashlib.md5()
    with open(src, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    h.update(json.dumps(settings, sort_keys=True).encode())
    return h.hexdigest()


def impose(reader, creep_mm=0.0):
    pages = list(reader.pages)
    if not pages:
        raise ValueError("input has no pages")
    w = float(pages[0].mediabox.width)
    h = float(pages[0].mediabox.height)
    while len(pages) % 4:
        pages.append(None)
    total = len(pages)
    sheets = total // 4
    writer = PdfWriter()
    for side, (left, right) in enumerate(booklet_order(total)):
        sheet = PageObject.create_blank_page(width=2 * w, height=h)
        # inner sheets stick out at the fore-edge after folding; pull their
        # pages towards the spine so the trimmed edge lines up
        shift = creep_mm * MM * (side // 2) / max(sheets - 1, 1)
        for idx, x in ((left, shift), (right, w - shift)):
            page = pages[idx]
            if page is None:
                continue
            sheet.merge_transformed_page(page, Transformation().translate(tx=x, ty=0))
        writer.add_page(sheet)
    return writer, total


def main(argv=None):
    ap = argparse.ArgumentParser(description="saddle-stitch booklet imposition")
    ap.add_argument("pdf", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--creep", type=float, default=0.0, help="creep compensation in mm")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")
    if not args.pdf.is_file():
        log.error("%s: no such file", args.pdf)
        return 2
    out = args.output or args.pdf.with_name(f"{args.pdf.stem}-booklet.pdf")

    settings = {"creep": args.creep, "v": 2}
    key = cache_key(args.pdf, settings)
    cached = CACHE_DIR / f"{key}.pdf"
    if cached.exists() and not args.no_cache:
        shutil.copyfile(cached, out)
        log.info("%s (from cache)", out)
        return 0

    try:
        reader = PdfReader(str(args.pdf))
        writer, total = impose(reader, args.creep)
    except (ValueError, OSError) as exc:
        log.error("imposition failed: %s", exc)
        return 1
    with open(out, "wb") as fh:
        writer.write(fh)
    log.info("%s: %d pages -> %d sheets (%d sides)", out, total, total // 4, total // 2)

    if not args.no_cache:
        CACHE_DIR.mkdir(exist_ok=True)
        shutil.copyfile(out, cached)
    return 0


if __name__ == "__main__":
    sys.exit(main())
