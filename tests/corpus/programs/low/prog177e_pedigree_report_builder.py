#!/usr/bin/env python3
"""Build printable HTML pedigree certificates from the breed database export.

Reads the pedigree CSV, renders a three-generation certificate per dog,
embeds the club crest as a data URI and caches rendered pages by content.
"""
import argparse
import base64
import csv
import hashlib
import html
import logging
import os
from pathlib import Path

LOG = logging.getLogger("pedigree_builder")

EXPORT = Path(os.environ.get("PEDIGREE_EXPORT", "exports/pedigrees.csv"))
OUT_DIR = Path(os.environ.get("CERT_OUT_DIR", "certificates"))
CACHE_DIR = Path(".cert_cache")
CREST = Path(os.environ.get("CLUB_CREST", "assets/crest.png"))

TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Pedigree of {name}</title>
<style>body{{font-family:serif}} td{{border:1px solid #444;padding:4px}}</style></head>
<body><img src="data:image/png;base64,{crest}" width="80" alt="crest">
<h1>{name}</h1><p>Registration {reg_no} &middot; {breed}</p>
<table>{rows}</table></body></html>
"""


def load(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        return {row["reg_no"]: row for row in csv.DictReader(fh)}


def crest_b64():
    if CREST.exists():
        return base64.b64encode(CREST.read_bytes()).decode("ascii")
    return ""


def name_of(dogs, reg_no):
    dog = dogs.get(reg_no or "")
    return dog["name"] if dog else "&mdash;"


def generation_rows(dogs, reg_no):
    dog = dogs[reg_no]
    sire, dam = dog.get("sire"), dog.get("dam")
    grand = []
    for parent in (sire, dam):
        p = dogs.get(parent or "", {})
        grand.extend([p.get("sire"), p.get("dam")])
    rows = [
        f"<tr><td rowspan=2>Sire: {html.escape(name_of(dogs, sire))}</td>"
        f"<td>{html.escape(name_of(dogs, grand[0]))}</td></tr>",
        f"<tr><td>{html.escape(name_of(dogs, grand[1]))}</td></tr>",
        f"<tr><td rowspan=2>Dam: {html.escape(name_of(dogs, dam))}</td>"
        f"<td>{html.escape(name_of(dogs, grand[2]))}</td></tr>",
        f"<tr><td>{html.escape(name_of(dogs, grand[3]))}</td></tr>",
    ]
    return "\n".join(rows)


def render(dogs, reg_no, crest):
    dog = dogs[reg_no]
    return TEMPLATE.format(name=html.escape(dog["name"]), reg_no=html.escape(reg_no),
                           breed=html.escape(dog.get("breed", "")), crest=crest,
                           rows=generation_rows(dogs, reg_no))


def cache_key(text):
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def main():
    parser = argparse.ArgumentParser(description="Render pedigree certificates")
    parser.add_argument("--export", type=Path, default=EXPORT)
    parser.add_argument("--breed", help="only this breed")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.key"):
            f.unlink()
    CACHE_DIR.mkdir(exist_ok=True)
    OUT_DIR.mkdir(parents=True, exist_ok=True)

    dogs = load(args.export)
    crest = crest_b64()
    written = skipped = 0
    for reg_no, dog in dogs.items():
        if args.breed and dog.get("breed", "").lower() != args.breed.lower():
            continue
        page = render(dogs, reg_no, crest)
        key = cache_key(page)
        marker = CACHE_DIR / f"{reg_no}.key"
        if marker.exists() and marker.read_text() == key:
            skipped += 1
            continue
        (OUT_DIR / f"{reg_no}.html").write_text(page, encoding="utf-8")
        marker.write_text(key)
        written += 1
    LOG.info("%d certificates written, %d unchanged", written, skipped)


if __name__ == "__main__":
    main()
