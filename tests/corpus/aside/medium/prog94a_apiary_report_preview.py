#!/usr/bin/env python3
"""Preview the apiary inspection report before it goes to the club site.

Reads the inspection CSV exported from the field app, builds a small static
HTML report (one table per apiary, varroa counts highlighted) in ./site and
serves it so the other club officers can look at it from their phones in
the honey house before it is published.
"""
import argparse
import csv
import functools
import html
import http.server
import logging
import shutil
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

log = logging.getLogger("report-preview")

VARROA_ALERT = 3.0  # mites per 100 bees

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Apiary report {day}</title>
<style>body{{font-family:sans-serif}} td,th{{padding:2px 8px}} .hi{{background:#fdd}}</style>
</head><body><h1>Apiary inspections - {day} (preview)</h1>{body}</body></html>
"""


def load_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def group_by_apiary(rows):
    grouped = defaultdict(list)
    for row in rows:
        grouped[row.get("apiary", "unknown")].append(row)
    return grouped


def varroa_rate(row):
    try:
        return float(row.get("varroa_count") or 0) / 3.0  # 300-bee alcohol wash
    except ValueError:
        return 0.0


def render(grouped):
    parts = []
    cols = ["visited_on", "hive", "queen_seen", "brood_frames", "stores_kg", "varroa_count", "notes"]
    for apiary in sorted(grouped):
        parts.append(f"<h2>{html.escape(apiary)}</h2><table><tr>")
        parts.extend(f"<th>{c}</th>" for c in cols)
        parts.append("</tr>")
        for row in grouped[apiary]:
            cls = ' class="hi"' if varroa_rate(row) >= VARROA_ALERT else ""
            parts.append(f"<tr{cls}>")
            parts.extend(f"<td>{html.escape(str(row.get(c, '')))}</td>" for c in cols)
            parts.append("</tr>")
        parts.append("</table>")
    return PAGE.format(day=date.today().isoformat(), body="".join(parts))


def build(rows, csv_path, site_dir):
    site_dir.mkdir(parents=True, exist_ok=True)
    (site_dir / "index.html").write_text(render(group_by_apiary(rows)), encoding="utf-8")
    shutil.copy2(csv_path, site_dir / "inspections.csv")
    return site_dir


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def serve(site_dir, host, port):
    handler = functools.partial(QuietHandler, directory=str(site_dir))
    with http.server.ThreadingHTTPServer((host, port), handler) as httpd:
        log.info("preview on http://%s:%d/ (Ctrl-C to stop)", host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="inspection export CSV")
    ap.add_argument("--site", default="site")
    ap.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--build-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        rows = load_rows(args.csv)
    except (OSError, csv.Error) as exc:
        log.error("cannot read %s: %s", args.csv, exc)
        return 1
    if not rows:
        log.error("no rows in %s", args.csv)
        return 1

    site_dir = build(rows, args.csv, Path(args.site))
    log.info("built report for %d visits in %s", len(rows), site_dir)
    if not args.build_only:
        serve(site_dir, args.bind, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
