#!/usr/bin/env python3
"""Publish the weekly pool & studio class timetable.

Pulls the class schedule (aqua aerobics, swim school, lane swim, parent &
toddler, etc.) from the booking system's public feed and renders it into
static HTML for the website and for the foyer signage screens.

Layout comes from a signage theme pack. Packs live in ./themes/<name>/ or
are fetched once from the signage vendor's theme catalogue and cached.

    timetable_publisher.py --site riverside --week 2024-09-09 --out public/
"""
import argparse
import html
import importlib.util
import io
import json
import logging
import os
import sys
import urllib.request
import zipfile
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("timetable")

FEED_URL = "https://booking.leisure-centre.example.org/api/public/classes?site={site}&from={start}&to={end}"
THEME_CATALOGUE = os.environ.get("SIGNAGE_THEME_CATALOGUE",
                                 "https://themes.signage-cloud.example.com/packs")
THEME_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "timetable-themes"
DEFAULT_THEME = "poolside-2024"
USER_AGENT = "timetable-publisher/2.4"


def http_get(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def fetch_classes(site, start: date):
    end = start + timedelta(days=6)
    raw = http_get(FEED_URL.format(site=site, start=start, end=end))
    classes = json.loads(raw)["classes"]
    for c in classes:
        c["starts"] = datetime.fromisoformat(c["starts"])
    log.info("%d classes for %s week of %s", len(classes), site, start)
    return classes


class ThemeLoader:
    """Resolves a theme name to a module exposing render(classes, meta)."""

    def __init__(self, local_dir=Path("themes"), cache_dir=THEME_CACHE):
        self.local_dir = local_dir
        self.cache_dir = cache_dir

    def _locate(self, name):
        for base in (self.local_dir, self.cache_dir):
            candidate = base / name / "theme.py"
            if candidate.is_file():
                return candidate
        return None

    def _install(self, name):
        url = f"{THEME_CATALOGUE}/{name}.zip"
        log.info("theme %s not installed, fetching %s", name, url)
        data = http_get(url, timeout=60)
        target = self.cache_dir / name
        target.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            zf.extractall(target)
        return target / "theme.py"

    def load(self, name):
        path = self._locate(name)
        if path is None:
            try:
                path = self._install(name)
            except OSError as exc:
                log.warning("could not fetch theme %s (%s); using plain layout", name, exc)
                return None
        spec = importlib.util.spec_from_file_location(f"timetable_theme_{name.replace('-', '_')}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module


def plain_render(classes, meta):
    by_day = defaultdict(list)
    for c in sorted(classes, key=lambda c: c["starts"]):
        by_day[c["starts"].strftime("%A %d %b")].append(c)
    out = [f"<html><head><meta charset='utf-8'><title>{html.escape(meta['title'])}</title></head><body>",
           f"<h1>{html.escape(meta['title'])}</h1>"]
    for day, items in by_day.items():
        out.append(f"<h2>{html.escape(day)}</h2><table>")
        for c in items:
            out.append("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>".format(
                c["starts"].strftime("%H:%M"), html.escape(c["name"]),
                html.escape(c.get("venue", "")), html.escape(c.get("instructor", ""))))
        out.append("</table>")
    out.append(f"<p class='updated'>Updated {html.escape(meta['generated'])}</p></body></html>")
    return "\n".join(out)


def publish(classes, meta, theme, out_dir: Path):
    out_dir.mkdir(parents=True, exist_ok=True)
    render = getattr(theme, "render", None) or plain_render
    pages = {"timetable.html": classes,
             "pool.html": [c for c in classes if c.get("venue", "").lower().startswith("pool")],
             "studio.html": [c for c in classes if c.get("venue", "").lower().startswith("studio")]}
    for fname, subset in pages.items():
        (out_dir / fname).write_text(render(subset, meta), encoding="utf-8")
        log.info("wrote %s (%d classes)", out_dir / fname, len(subset))
    feed = [{**c, "starts": c["starts"].isoformat()} for c in classes]
    (out_dir / "timetable.json").write_text(json.dumps(feed, indent=1))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render and publish the class timetable")
    ap.add_argument("--site", required=True)
    ap.add_argument("--week", help="Monday, YYYY-MM-DD (default this week)")
    ap.add_argument("--theme", default=os.environ.get("TIMETABLE_THEME", DEFAULT_THEME))
    ap.add_argument("--out", type=Path, default=Path("public"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    start = date.fromisoformat(args.week) if args.week else date.today() - timedelta(days=date.today().weekday())
    try:
        classes = fetch_classes(args.site, start)
    except (OSError, ValueError, KeyError) as exc:
        log.error("timetable feed unavailable: %s", exc)
        return 1
    meta = {"title": f"{args.site.title()} Leisure Centre - classes w/c {start:%d %B}",
            "generated": datetime.now().strftime("%d/%m/%Y %H:%M"), "site": args.site}
    theme = ThemeLoader().load(args.theme)
    publish(classes, meta, theme, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
