#!/usr/bin/env python3
"""Builds printable formula cards for the colour bar.

Takes the formula records (formulas.json) and the swatch photos, and
renders one self-contained HTML card per client with the swatch image
embedded, so the cards work offline on the colour bar tablet.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import platform
import shutil
import urllib.request
from pathlib import Path

log = logging.getLogger("card-builder")

BUILD_DIR = Path("build")
CACHE_DIR = Path(".swatch_cache")
CARD = """<!doctype html><html><head><meta charset="utf-8">
<title>{client}</title></head><body style="font-family:sans-serif">
<h2>{client}</h2><img alt="swatch" width="240" src="data:image/jpeg;base64,{swatch}">
<ul><li>Base: {base}</li><li>Toner: {toner}</li><li>Developer: {developer}</li>
<li>Processing: {minutes} min</li></ul><p>{notes}</p>
<footer><small>{footer}</small></footer></body></html>"""


def host_footer():
    """Short description of the build machine for the card footer."""
    name = platform.system()
    try:
        with open("/etc/os-release") as fh:
            fields = dict(line.rstrip().split("=", 1) for line in fh if "=" in line)
        name = fields.get("PRETTY_NAME", name).strip('"')
    except OSError:
        pass
    return f"built on {name}"


class SwatchCache:
    """Downloads swatch photos once and keeps them by URL hash."""

    def __init__(self, folder):
        self.folder = folder
        self.folder.mkdir(exist_ok=True)

    def key(self, url):
        return hashlib.md5(url.encode("utf-8")).hexdigest()

    def get(self, url):
        path = self.folder / (self.key(url) + ".jpg")
        if path.exists():
            return path.read_bytes()
        with urllib.request.urlopen(url, timeout=15) as resp:
            data = resp.read()
        path.write_bytes(data)
        return data


def build_card(rec, swatches, footer):
    try:
        img = swatches.get(rec["swatch_url"]) if rec.get("swatch_url") else b""
    except OSError as exc:
        log.warning("swatch for %s unavailable: %s", rec.get("client"), exc)
        img = b""
    esc = {k: html.escape(str(rec.get(k, ""))) for k in
           ("client", "base", "toner", "developer", "minutes", "notes")}
    return CARD.format(swatch=base64.b64encode(img).decode("ascii"),
                       footer=html.escape(footer), **esc)


def safe_name(client):
    return "".join(c if c.isalnum() else "_" for c in client).strip("_").lower() or "client"


def main():
    parser = argparse.ArgumentParser(description="Render formula cards")
    parser.add_argument("--records", default="formulas.json")
    parser.add_argument("--clean", action="store_true", help="remove previous build and cache")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        for d in (BUILD_DIR, CACHE_DIR):
            if d.exists():
                shutil.rmtree(d)
                log.info("removed %s", d)
    BUILD_DIR.mkdir(exist_ok=True)

    try:
        records = json.loads(Path(args.records).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot load %s: %s", args.records, exc)
        return 1

    swatches = SwatchCache(CACHE_DIR)
    footer = host_footer()
    for rec in records:
        if "client" not in rec:
            continue
        out = BUILD_DIR / f"{safe_name(rec['client'])}.html"
        out.write_text(build_card(rec, swatches, footer), encoding="utf-8")
    log.info("wrote %d cards to %s", len(records), BUILD_DIR)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
