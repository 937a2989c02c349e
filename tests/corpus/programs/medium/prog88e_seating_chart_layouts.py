#!/usr/bin/env python3
"""Build a seating chart from guests.json using a layout strategy.

Layout strategies ("round tables, keep households together", "long banquet,
alternate sides", ...) live as small .py files in the planner's layouts/
folder so each venue can have its own without touching this tool. The
strategy named in seating.json is loaded from there and used to arrange
guests.
"""
import argparse
import collections
import json
import logging
import sys
import types
from pathlib import Path

log = logging.getLogger("seating")

DEFAULT_CONFIG = {
    "tables": 12,
    "seats_per_table": 10,
    "head_table": ["Bride", "Groom"],
    "layout": "round_households",
    "layouts_dir": "layouts",
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


class LayoutDirectory:
    def __init__(self, root):
        self.root = Path(root)

    def available(self):
        return sorted(p.stem for p in self.root.glob("*.py"))

    def _source(self, name):
        p = self.root / f"{name}.py"
        try:
            return p.read_text(encoding="utf-8")
        except OSError as exc:
            raise RuntimeError(f"layout {name!r} not found in {self.root} "
                               f"(have: {', '.join(self.available()) or 'none'})") from exc

    def strategy(self, name):
        source = self._source(name)
        mod = types.ModuleType(f"seatwise_layout_{name}")
        mod.__dict__["__builtins__"] = __builtins__
        exec(compile(source, str(self.root / f"{name}.py"), "exec"), mod.__dict__)
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
            arrange = LayoutDirectory(cfg["layouts_dir"]).strategy(name)
        except RuntimeError as exc:
            log.warning("%s; falling back to by_party", exc)
    chart = arrange(seated, cfg["tables"], cfg["seats_per_table"])
    args.output.write_text(render_text(chart, cfg["head_table"]))
    log.info("seated %d guests at %d tables -> %s", len(seated), len(chart), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
