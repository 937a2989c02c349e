#!/usr/bin/env python3
"""Render the static results board pages.

Pulls today's heats from the timing API, renders one HTML page per heat
plus an index with the fastest laps of the day, and writes everything to
./build for the café screens to load. Driver names come from the booking
form, so templates always escape them.
"""
import argparse
import logging
import shutil
import sys
import urllib.error
import urllib.request
import json
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("board-render")

TIMING_API = "https://timing.example.com/api/heats"
BUILD = Path("build")


def get_json(url, timeout=10):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def api_alive(url, timeout=5):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status < 400
    except urllib.error.URLError:
        return False


def fmt_lap(ms):
    if ms is None:
        return "-"
    return f"{ms // 60000}:{(ms % 60000) / 1000:06.3f}"


def fastest_laps(heats, n=10):
    laps = []
    for h in heats:
        for r in h.get("results", []):
            if r.get("best_ms"):
                laps.append({"driver": r["driver"], "kart": r.get("kart"),
                             "best_ms": r["best_ms"], "heat": h["name"]})
    return sorted(laps, key=lambda x: x["best_ms"])[:n]


class Renderer:
    def __init__(self, template_dir):
        self.env = Environment(
            loader=FileSystemLoader(template_dir),
            autoescape=select_autoescape(["html", "xml"]),
        )
        self.env.filters["lap"] = fmt_lap

    def page(self, template, out_path, **ctx):
        html = self.env.get_template(template).render(**ctx)
        out_path.write_text(html, encoding="utf-8")
        log.info("wrote %s", out_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--api", default=TIMING_API)
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--date", help="YYYY-MM-DD, default today")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not api_alive(args.api):
        log.error("timing API not reachable at %s", args.api)
        return 1
    url = args.api + (f"?date={args.date}" if args.date else "")
    try:
        heats = get_json(url).get("heats", [])
    except (urllib.error.URLError, ValueError) as exc:
        log.error("could not load heats: %s", exc)
        return 1

    # start from a clean build folder every time
    if BUILD.exists():
        shutil.rmtree(BUILD)
    (BUILD / "heats").mkdir(parents=True)

    r = Renderer(args.templates)
    for i, heat in enumerate(heats, 1):
        r.page("heat.html", BUILD / "heats" / f"heat_{i:02d}.html", heat=heat)
    r.page("index.html", BUILD / "index.html", heats=heats, fastest=fastest_laps(heats))
    log.info("rendered %d heats", len(heats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
