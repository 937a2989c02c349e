#!/usr/bin/env python3
"""Render organ stop lists from the workshop catalogue.

The catalogue (catalogue.json in the working directory) holds every
instrument the firm has built or restored: opus number, church, year and
the stop list per division. This tool renders it as CSV for the office
spreadsheet, Markdown for the website and TSV for the old NPOR import.
Rendered output is cached under ./.render_cache keyed on the catalogue
contents and options, so the website build does not redo unchanged work.

    python stoplist_catalogue_render.py --format md --division Great
"""

import argparse
import csv
import hashlib
import io
import json
import logging
import shutil
import sys
from pathlib import Path

log = logging.getLogger("stoplist-render")

DIVISION_ORDER = ["Solo", "Choir", "Great", "Swell", "Positive", "Pedal"]
CACHE_DIR = Path(".render_cache")


def load_catalogue(path):
    with open(path, "r", encoding="utf-8") as fh:
        data = json.load(fh)
    instruments = data.get("instruments", [])
    log.debug("loaded %d instruments from %s", len(instruments), path)
    return instruments


def iter_rows(instruments, division=None, min_year=None):
    """Yield (opus, church, year, division, stop, pitch) rows."""
    for inst in instruments:
        if min_year and inst.get("year", 0) < min_year:
            continue
        divisions = inst.get("divisions", {})
        for div in sorted(divisions, key=lambda d: DIVISION_ORDER.index(d) if d in DIVISION_ORDER else 99):
            if division and div.lower() != division.lower():
                continue
            for stop in divisions[div]:
                yield (inst["opus"], inst["church"], inst.get("year", ""), div,
                       stop.get("name", ""), stop.get("pitch", ""))


def to_csv(rows):
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["opus", "church", "year", "division", "stop", "pitch"])
    writer.writerows(rows)
    return buf.getvalue()


def to_tsv(rows):
    return "\n".join("\t".join(map(str, r)) for r in rows) + "\n"


def to_markdown(rows):
    out = []
    current = None
    for opus, church, year, div, stop, pitch in rows:
        if (opus, div) != current:
            if current and current[0] != opus:
                out.append("")
            if not current or current[0] != opus:
                out.append(f"## Opus {opus}: {church} ({year})")
            out.append(f"\n**{div}**\n")
            current = (opus, div)
        out.append(f"- {stop} {pitch}".rstrip())
    return "\n".join(out) + "\n"


FORMATS = {"csv": to_csv, "md": to_markdown, "tsv": to_tsv}


def cache_key(catalogue_path, args):
    h = hashlib.md5()
    h.update(Path(catalogue_path).read_bytes())
    h.update(f"{args.format}|{args.division}|{args.since}".encode())
    return h.hexdigest()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render organ stop lists")
    ap.add_argument("--catalogue", default="catalogue.json")
    ap.add_argument("--format", default="csv", choices=sorted(FORMATS))
    ap.add_argument("--division")
    ap.add_argument("--since", type=int, help="only instruments built since YEAR")
    ap.add_argument("-o", "--output", help="output file (default: stdout)")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cleared %s", CACHE_DIR)

    try:
        key = cache_key(args.catalogue, args)
        cached = CACHE_DIR / f"{key}.{args.format}"
        if cached.exists():
            text = cached.read_text(encoding="utf-8")
            log.debug("cache hit %s", cached)
        else:
            rows = list(iter_rows(load_catalogue(args.catalogue), args.division, args.since))
            text = FORMATS[args.format](rows)
            CACHE_DIR.mkdir(exist_ok=True)
            cached.write_text(text, encoding="utf-8")
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read catalogue: %s", exc)
        return 1

    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        log.info("wrote %s", args.output)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
