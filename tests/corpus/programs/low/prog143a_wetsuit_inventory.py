#!/usr/bin/env python3
"""Wetsuit inventory.

Keeps track of the wetsuit stock (size, thickness, condition, last repair)
in a JSON file in the working directory and renders a one-page HTML sheet
with embedded photos for the shed wall tablet. Writes are atomic so a
power cut in the shed doesn't leave a half-written inventory.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
from html import escape
from pathlib import Path

LOG = logging.getLogger("wetsuits")

STORE = Path("wetsuits.json")
CACHE_DIR = Path(".render_cache")
SHEET = Path("wetsuit_sheet.html")
CONDITIONS = ("good", "worn", "repair", "retired")


class Inventory:
    def __init__(self, path: Path):
        self.path = path
        self.items = json.loads(path.read_text()) if path.exists() else {}

    def save(self):
        # write to a temp file next to the target, then swap it in
        fd, tmp = tempfile.mkstemp(prefix=".wetsuits-", suffix=".json", dir=".")
        try:
            with os.fdopen(fd, "w") as fh:
                json.dump(self.items, fh, indent=2, sort_keys=True)
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    def add(self, tag, size, mm, photo=None):
        self.items[tag] = {"size": size, "mm": mm, "condition": "good", "photo": photo}

    def set_condition(self, tag, condition):
        if condition not in CONDITIONS:
            raise ValueError(f"condition must be one of {CONDITIONS}")
        self.items[tag]["condition"] = condition


def photo_data_uri(photo_path):
    """Embed the photo as base64 so the sheet is a single file; cache by content hash."""
    p = Path(photo_path)
    if not p.is_file():
        return ""
    raw = p.read_bytes()
    key = hashlib.md5(raw).hexdigest()
    cached = CACHE_DIR / f"{key}.b64"
    if cached.exists():
        return cached.read_text()
    CACHE_DIR.mkdir(exist_ok=True)
    uri = "data:image/jpeg;base64," + base64.b64encode(raw).decode()
    cached.write_text(uri)
    return uri


def render(inv: Inventory, out: Path):
    rows = []
    for tag, it in sorted(inv.items.items()):
        img = photo_data_uri(it["photo"]) if it.get("photo") else ""
        img_html = f'<img src="{img}" width="80">' if img else ""
        rows.append(f"<tr><td>{escape(tag)}</td><td>{escape(it['size'])}</td>"
                    f"<td>{it['mm']} mm</td><td>{escape(it['condition'])}</td><td>{img_html}</td></tr>")
    out.write_text("<html><body><h1>Wetsuits</h1><table>" + "".join(rows) + "</table></body></html>")
    LOG.info("rendered %d wetsuits to %s", len(rows), out)


def clean_cache():
    if CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        LOG.info("render cache removed")


def main():
    parser = argparse.ArgumentParser(description="Wetsuit inventory")
    sub = parser.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("tag"); a.add_argument("size"); a.add_argument("mm", type=int)
    a.add_argument("--photo")
    c = sub.add_parser("condition"); c.add_argument("tag"); c.add_argument("condition")
    sub.add_parser("render")
    sub.add_parser("clean")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    inv = Inventory(STORE)
    try:
        if args.cmd == "add":
            inv.add(args.tag, args.size, args.mm, args.photo)
            inv.save()
        elif args.cmd == "condition":
            inv.set_condition(args.tag, args.condition)
            inv.save()
        elif args.cmd == "render":
            render(inv, SHEET)
        elif args.cmd == "clean":
            clean_cache()
    except (KeyError, ValueError) as exc:
        LOG.error("error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
