#!/usr/bin/env python3
"""Build a self-contained HTML gallery of an apprentice's portfolio photos.

Assessors like a single file they can open offline, so the photos are
embedded as base64 data URIs. The gallery is written atomically (temp file in
the same folder, then renamed) and made private to the current user because
it contains client photos.
"""
import argparse
import base64
import html
import logging
import mimetypes
import os
import shutil
import tempfile
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("gallery")

VLE_URL = "https://vle.example.com/portfolio"
IMAGE_TYPES = {".jpg", ".jpeg", ".png", ".webp"}
WORK_DIR = Path(".gallery_build")


def os_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown OS"


def vle_reachable(apprentice_id):
    """Only used to decide whether to print the online link in the footer."""
    try:
        resp = requests.head(f"{VLE_URL}/{apprentice_id}", timeout=5, allow_redirects=True)
        return resp.status_code < 400
    except requests.RequestException:
        return False


def data_uri(path: Path):
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    encoded = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"data:{mime};base64,{encoded}"


def collect_photos(folder: Path):
    photos = [p for p in sorted(folder.iterdir()) if p.suffix.lower() in IMAGE_TYPES]
    LOG.info("%d photo(s) in %s", len(photos), folder)
    return photos


def render(apprentice, photos, online):
    cards = []
    for p in photos:
        caption = html.escape(p.stem.replace("_", " "))
        cards.append(f'<figure><img src="{data_uri(p)}" alt="{caption}" width="320">'
                     f"<figcaption>{caption}</figcaption></figure>")
    footer = f"Generated {datetime.now():%d %b %Y %H:%M} on {html.escape(os_name())}."
    if online:
        footer += f' Online copy: <a href="{VLE_URL}/{html.escape(apprentice)}">VLE</a>.'
    return ("<!doctype html><html><head><meta charset='utf-8'>"
            f"<title>Portfolio - {html.escape(apprentice)}</title></head><body>"
            f"<h1>Portfolio: {html.escape(apprentice)}</h1>{''.join(cards)}"
            f"<footer>{footer}</footer></body></html>")


def write_private(out_path: Path, content: str):
    out_path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out_path.parent, prefix=".gallery-", suffix=".html")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(content)
        os.chmod(tmp, 0o600)
        os.replace(tmp, out_path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("apprentice", help="apprentice id, e.g. HB2-0147")
    parser.add_argument("--photos", default="photos", help="folder of portfolio photos")
    parser.add_argument("--out", default="galleries")
    parser.add_argument("--offline", action="store_true", help="skip the VLE link check")
    parser.add_argument("--clean", action="store_true", help="remove the build folder afterwards")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    folder = Path(args.photos)
    if not folder.is_dir():
        raise SystemExit(f"{folder} is not a folder")
    photos = collect_photos(folder)
    if not photos:
        raise SystemExit("no photos to include")

    WORK_DIR.mkdir(exist_ok=True)
    online = False if args.offline else vle_reachable(args.apprentice)
    page = render(args.apprentice, photos, online)
    out_path = Path(args.out) / f"{args.apprentice}.html"
    write_private(out_path, page)
    LOG.info("wrote %s (%.1f MB)", out_path, out_path.stat().st_size / 1e6)

    if args.clean and WORK_DIR.exists():
        shutil.rmtree(WORK_DIR)


if __name__ == "__main__":
    main()
