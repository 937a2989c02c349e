#!/usr/bin/env python3
"""Build the monthly weighbridge report site.

Turns the weighbridge ticket CSVs in ./tickets into a small set of static
HTML pages (one per haulier plus an index) under ./build. `clean` removes
the build output and the render cache so the next build starts fresh.
Before building, the tool checks that the office intranet, where the pages
get linked from, is up.
"""
import argparse
import csv
import html
import logging
import shutil
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("wb-report")

ROOT = Path.cwd()
BUILD_DIR = ROOT / "build"
CACHE_DIR = ROOT / ".render-cache"
TICKETS_DIR = ROOT / "tickets"
INTRANET = "https://intranet.example.com/"


def intranet_up(url):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return 200 <= resp.status < 400
    except (urllib.error.URLError, OSError):
        return False


def load(tickets_dir):
    per_haulier = defaultdict(list)
    for f in sorted(tickets_dir.glob("*.csv")):
        with open(f, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    net = (float(row["gross_kg"]) - float(row["tare_kg"])) / 1000.0
                except (KeyError, ValueError):
                    continue
                per_haulier[row.get("haulier", "unknown")].append((row.get("ticket", ""), row.get("reg", ""), net))
    return per_haulier


def page(title, body):
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"</head><body><h1>{html.escape(title)}</h1>{body}</body></html>")


def render(per_haulier):
    BUILD_DIR.mkdir(exist_ok=True)
    links = []
    for haulier, loads in sorted(per_haulier.items()):
        slug = "".join(c if c.isalnum() else "_" for c in haulier.lower())
        rows = "".join(f"<tr><td>{html.escape(t)}</td><td>{html.escape(r)}</td><td>{n:.2f}</td></tr>"
                       for t, r, n in loads)
        total = sum(n for _, _, n in loads)
        body = f"<p>{len(loads)} loads, {total:.1f} t</p><table>{rows}</table>"
        (BUILD_DIR / f"{slug}.html").write_text(page(haulier, body), encoding="utf-8")
        links.append(f"<li><a href='{slug}.html'>{html.escape(haulier)}</a> ({total:.1f} t)</li>")
    (BUILD_DIR / "index.html").write_text(page("Weighbridge report", "<ul>" + "".join(links) + "</ul>"),
                                          encoding="utf-8")
    return len(links)


def clean():
    # only ever remove our own output folders inside the project directory
    for target in (BUILD_DIR, CACHE_DIR):
        resolved = target.resolve()
        if resolved.parent != ROOT.resolve():
            log.error("refusing to remove %s: outside project", resolved)
            continue
        if resolved.exists():
            shutil.rmtree(resolved)
            log.info("removed %s", resolved.name)


def main():
    ap = argparse.ArgumentParser(description="Build weighbridge report pages")
    ap.add_argument("command", choices=["build", "clean", "rebuild"])
    ap.add_argument("--skip-check", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.command in ("clean", "rebuild"):
        clean()
    if args.command in ("build", "rebuild"):
        if not args.skip_check and not intranet_up(INTRANET):
            log.warning("intranet not reachable; building anyway")
        if not TICKETS_DIR.is_dir():
            log.error("no tickets folder at %s", TICKETS_DIR)
            sys.exit(1)
        n = render(load(TICKETS_DIR))
        log.info("built %d haulier pages in %s", n, BUILD_DIR)


if __name__ == "__main__":
    main()
