#!/usr/bin/env python3
"""Render customer waiver forms to HTML/PDF with a small on-disk cache.

Each booking gets a pre-filled waiver. Rendering is slow-ish, so finished
documents are cached under ./.waiver_cache keyed by a hash of the inputs.
The company logo is inlined as a data URI so the files are self-contained.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("waiver-pdf")

CACHE_DIR = Path(".waiver_cache")
OUT_DIR = Path("waivers")
LOGO = Path("assets/logo.png")

TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Waiver {ref}</title></head>
<body>
<img src="data:image/png;base64,{logo}" alt="Riverside Canoes" width="160">
<h1>Participant waiver</h1>
<p>Booking {ref} &mdash; {name}, {boat} on {date}</p>
<p>I confirm I can swim 50 m, will wear the buoyancy aid provided at all
times on the water, and accept the risks of paddling on moving water.</p>
<p>Signature: ____________________</p>
</body></html>
"""


def logo_b64():
    try:
        return base64.b64encode(LOGO.read_bytes()).decode("ascii")
    except OSError:
        log.warning("logo missing, rendering without it")
        return ""


def cache_key(booking):
    # MD5 is fine here: it only names cache files
    blob = json.dumps(booking, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def atomic_write(path, text):
    """Write via a temp file in the same directory, then rename into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class WaiverRenderer:
    def __init__(self):
        self.logo = logo_b64()
        self.hits = 0
        self.misses = 0

    def render(self, booking):
        cached = CACHE_DIR / f"{cache_key(booking)}.html"
        if cached.exists():
            self.hits += 1
            return cached.read_text(encoding="utf-8")
        self.misses += 1
        doc = TEMPLATE.format(
            logo=self.logo,
            ref=html.escape(booking["ref"]),
            name=html.escape(booking["name"]),
            boat=html.escape(booking["boat"]),
            date=html.escape(booking["date"]),
        )
        atomic_write(cached, doc)
        return doc


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bookings", help="JSON file with a list of bookings")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    try:
        bookings = json.loads(Path(args.bookings).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read bookings: %s", exc)
        return 1

    renderer = WaiverRenderer()
    for b in bookings:
        try:
            doc = renderer.render(b)
        except KeyError as exc:
            log.warning("booking missing field %s, skipped", exc)
            continue
        atomic_write(OUT_DIR / f"waiver_{b['ref']}.html", doc)
    log.info("rendered %d (cache %d hit / %d miss)", len(bookings),
             renderer.hits, renderer.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
