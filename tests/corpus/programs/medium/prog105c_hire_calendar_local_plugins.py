#!/usr/bin/env python3
"""Kit hire calendar with pluggable pricing/holiday rules.

Reads bookings.json (exported from the hire desk spreadsheet), checks that no
item is double-booked across overlapping hires, and prints a week-by-week
calendar. Extra rules (bank holidays, society discounts, venue surcharges)
live as small modules in the ./calendar_rules/ folder next to the data,
which each branch keeps in its own shared drive.

Each rule module may define ``adjust(bookings) -> bookings``.
"""
import argparse
import importlib.util
import json
import logging
import sys
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("hirecal")
RULES_DIR = Path("calendar_rules")


class RuleFolder:
    """Reads rule modules from the branch's rules folder."""

    pattern = "*.py"

    def __init__(self, folder=RULES_DIR):
        self.folder = Path(folder)

    def entries(self):
        if not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob(self.pattern)):
            if path.name.startswith("_"):
                continue
            try:
                yield path.stem, path.read_text(encoding="utf-8"), str(path)
            except OSError as exc:
                log.warning("cannot read rule %s: %s", path, exc)


def materialise(name, source_text, origin):
    spec = importlib.util.spec_from_loader(name, loader=None, origin=origin)
    module = importlib.util.module_from_spec(spec)
    code = compile(source_text, origin, "exec")
    exec(code, module.__dict__)
    sys.modules[name] = module
    return module


def load_plugins(folder=RULES_DIR):
    modules = []
    for name, text, origin in RuleFolder(folder).entries():
        try:
            modules.append(materialise(f"hirecal_rule_{name}", text, origin))
        except SyntaxError as exc:
            log.warning("rule %s has a syntax error: %s", name, exc)
            continue
        log.info("loaded rule %s", name)
    return modules


def load_bookings(path):
    raw = json.loads(Path(path).read_text())
    bookings = []
    for b in raw:
        bookings.append({
            "ref": b["ref"],
            "client": b["client"],
            "start": date.fromisoformat(b["out"]),
            "end": date.fromisoformat(b["back"]),
            "items": {k: int(v) for k, v in b["items"].items()},
        })
    return bookings


def clashes(bookings, stock):
    """Yield (day, item, booked, held) where more is booked than we own."""
    per_day = defaultdict(lambda: defaultdict(int))
    for b in bookings:
        day = b["start"]
        while day <= b["end"]:
            for item, qty in b["items"].items():
                per_day[day][item] += qty
            day += timedelta(days=1)
    for day in sorted(per_day):
        for item, qty in per_day[day].items():
            held = stock.get(item, 0)
            if qty > held:
                yield day, item, qty, held


def print_calendar(bookings, weeks):
    start = date.today() - timedelta(days=date.today().weekday())
    for w in range(weeks):
        monday = start + timedelta(weeks=w)
        sunday = monday + timedelta(days=6)
        active = [b for b in bookings if b["start"] <= sunday and b["end"] >= monday]
        print(f"w/c {monday:%d %b}: " + (", ".join(f"{b['ref']} {b['client']}" for b in active) or "-"))


def main(argv=None):
    ap = argparse.ArgumentParser(description="kit hire calendar")
    ap.add_argument("bookings", nargs="?", default="bookings.json")
    ap.add_argument("--stock", default="stock.json")
    ap.add_argument("--rules", default=str(RULES_DIR))
    ap.add_argument("--weeks", type=int, default=8)
    ap.add_argument("--no-plugins", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        bookings = load_bookings(args.bookings)
        stock = json.loads(Path(args.stock).read_text())
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot load data: %s", exc)
        return 2

    if not args.no_plugins:
        for plugin in load_plugins(args.rules):
            hook = getattr(plugin, "adjust", None)
            if callable(hook):
                bookings = hook(bookings)

    print_calendar(bookings, args.weeks)
    problems = list(clashes(bookings, stock))
    for day, item, booked, held in problems:
        print(f"CLASH {day:%a %d %b}: {item} booked {booked}, we hold {held}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
