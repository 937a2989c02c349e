#!/usr/bin/env python3
"""Turn the couple's shot list into a printable run sheet.

Reads a CSV (time,location,shot,people,notes) from a file or from stdin, so
it can sit at the end of a shell pipeline, e.g.

    grep -v '^#' shotlist.csv | SHOTLIST_TITLE="Ana & Ben" python3 shot_list_formatter.py -

and writes Markdown and HTML run sheets into ./runsheets/. Rendered output
is cached by content hash so re-running on an unchanged list is instant.
"""
import argparse
import csv
import hashlib
import html
import io
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("shotlist")
OUT_DIR = Path("./runsheets")
CACHE_DIR = Path("./.runsheet_cache")
FIELDS = ["time", "location", "shot", "people", "notes"]


class Shot:
    def __init__(self, row):
        self.time = (row.get("time") or "").strip()
        self.location = (row.get("location") or "").strip() or "TBC"
        self.shot = (row.get("shot") or "").strip()
        self.people = [p.strip() for p in (row.get("people") or "").split(";") if p.strip()]
        self.notes = (row.get("notes") or "").strip()

    def sort_key(self):
        try:
            hh, mm = self.time.split(":")
            return int(hh) * 60 + int(mm)
        except ValueError:
            return 24 * 60


def read_shots(text):
    reader = csv.DictReader(io.StringIO(text))
    missing = [f for f in ("time", "shot") if f not in (reader.fieldnames or [])]
    if missing:
        raise ValueError(f"CSV is missing columns: {', '.join(missing)}")
    shots = [Shot(row) for row in reader if (row.get("shot") or "").strip()]
    return sorted(shots, key=Shot.sort_key)


def render_markdown(title, shots):
    lines = [f"# {title}", "", "| Time | Location | Shot | People | Notes |",
             "|---|---|---|---|---|"]
    for s in shots:
        lines.append(f"| {s.time} | {s.location} | {s.shot} | {', '.join(s.people)} | {s.notes} |")
    lines.append("")
    lines.append(f"{len(shots)} shots, {len({s.location for s in shots})} locations")
    return "\n".join(lines) + "\n"


def render_html(title, shots):
    rows = "\n".join(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>".format(
            html.escape(s.time), html.escape(s.location), html.escape(s.shot),
            html.escape(", ".join(s.people)), html.escape(s.notes))
        for s in shots)
    return ("<!doctype html><meta charset='utf-8'><title>{0}</title>"
            "<style>td,th{{border:1px solid #999;padding:4px}}</style>"
            "<h1>{0}</h1><table><tr><th>Time</th><th>Location</th><th>Shot</th>"
            "<th>People</th><th>Notes</th></tr>\n{1}\n</table>").format(html.escape(title), rows)


def cache_key(title, text):
    return hashlib.md5((title + "\0" + text).encode()).hexdigest()


def write_private(path, content):
    path.write_text(content)
    os.chmod(path, 0o600)   # guest names and phone notes stay private


def main():
    ap = argparse.ArgumentParser(description="format a wedding shot list")
    ap.add_argument("csv", help="CSV file, or - for stdin")
    ap.add_argument("--title", default=os.environ.get("SHOTLIST_TITLE", "Wedding run sheet"))
    ap.add_argument("--slug", default=None)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.done"):
            f.unlink()
        LOG.info("cache cleared")

    try:
        text = sys.stdin.read() if args.csv == "-" else Path(args.csv).read_text()
        shots = read_shots(text)
    except (OSError, ValueError, csv.Error) as exc:
        LOG.error("cannot read shot list: %s", exc)
        return 2

    slug = args.slug or "".join(c if c.isalnum() else "_" for c in args.title).strip("_").lower()
    key = cache_key(args.title, text)
    marker = CACHE_DIR / f"{slug}-{key}.done"
    if marker.exists() and (OUT_DIR / f"{slug}.md").exists():
        LOG.info("shot list unchanged; run sheets are current")
        return 0

    OUT_DIR.mkdir(exist_ok=True)
    CACHE_DIR.mkdir(exist_ok=True)
    write_private(OUT_DIR / f"{slug}.md", render_markdown(args.title, shots))
    write_private(OUT_DIR / f"{slug}.html", render_html(args.title, shots))
    for old in CACHE_DIR.glob(f"{slug}-*.done"):
        old.unlink()
    marker.touch()
    LOG.info("%d shots written to %s/%s.{md,html}", len(shots), OUT_DIR, slug)
    return 0


if __name__ == "__main__":
    sys.exit(main())
