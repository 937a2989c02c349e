#!/usr/bin/env python3
"""Build the weekly CTV transfer report as a static HTML page.

Reads the weather window log and the transfer log from ./data, renders a
table per vessel into ./build/report.html, and stamps the page with the
machine it was built on so the QA team can trace where a report came from.
Old build output and the render cache are cleared first.
"""

import argparse
import csv
import html
import logging
import platform
import shutil
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("report_build")

BUILD_DIR = Path("build")
CACHE_DIR = Path(".cache") / "report"
TILE_SERVER = "https://tiles.example.com/status"


def clean():
    """Remove our own previous build output and cache (working directory only)."""
    for d in (BUILD_DIR, CACHE_DIR):
        if d.exists():
            shutil.rmtree(d)
            LOG.info("removed %s", d)
    BUILD_DIR.mkdir()
    CACHE_DIR.mkdir(parents=True)


def build_host_info():
    info = {"python": platform.python_version(), "host": platform.node()}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        info["os"] = platform.platform()
    try:
        cpus = [l for l in Path("/proc/cpuinfo").read_text().splitlines()
                if l.startswith("model name")]
        info["cpu"] = cpus[0].split(":", 1)[1].strip() if cpus else "unknown"
    except OSError:
        info["cpu"] = "unknown"
    return info


def tiles_available():
    """The map panel needs the tile server; skip it if it's down."""
    try:
        return requests.head(TILE_SERVER, timeout=5).status_code < 400
    except requests.RequestException:
        return False


def load_transfers(path):
    per_vessel = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            per_vessel[row["vessel"]].append(row)
    return per_vessel


def render(per_vessel, host, with_map):
    parts = ["<!doctype html><html><head><meta charset='utf-8'>",
             "<title>CTV transfer report</title></head><body>",
             f"<h1>CTV transfer report, week {datetime.now():%G-W%V}</h1>"]
    if with_map:
        parts.append("<div id='map' data-tiles='https://tiles.example.com/'></div>")
    for vessel in sorted(per_vessel):
        rows = per_vessel[vessel]
        total = sum(int(r.get("persons") or 0) for r in rows)
        parts.append(f"<h2>{html.escape(vessel)} ({total} persons)</h2><table>")
        parts.append("<tr><th>Time</th><th>Turbine</th><th>Persons</th><th>Hs</th></tr>")
        for r in rows:
            cells = (r.get("time", ""), r.get("turbine", ""), r.get("persons", ""), r.get("hs_m", ""))
            parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
        parts.append("</table>")
    stamp = ", ".join(f"{k}: {html.escape(v)}" for k, v in host.items())
    parts.append(f"<footer><small>Built {datetime.now():%Y-%m-%d %H:%M} on {stamp}</small></footer>")
    parts.append("</body></html>")
    return "\n".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--transfers", default="data/transfers.csv")
    ap.add_argument("--no-clean", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.no_clean:
        clean()
    BUILD_DIR.mkdir(exist_ok=True)

    per_vessel = load_transfers(args.transfers)
    page = render(per_vessel, build_host_info(), tiles_available())
    out = BUILD_DIR / "report.html"
    out.write_text(page, encoding="utf-8")
    LOG.info("wrote %s (%d vessels)", out, len(per_vessel))


if __name__ == "__main__":
    main()
