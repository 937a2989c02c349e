#!/usr/bin/env python3
"""Weekly reed and spares stock report for the workshop.

Reads stock.csv (sku, item, category, on_hand, reorder_at, weekly_use) from
the working directory and writes a reorder report next to it.
"""
import argparse
import csv
import functools
import hashlib
import importlib
import json
import logging
import os
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("stock-report")

CACHE = Path(".stock_cache")


@dataclass
class Line:
    sku: str
    item: str
    category: str
    on_hand: int
    reorder_at: int
    weekly_use: float

    @property
    def weeks_left(self):
        return self.on_hand / self.weekly_use if self.weekly_use else float("inf")


def memo_on_file(fn):
    @functools.wraps(fn)
    def inner(path):
        digest = hashlib.md5(Path(path).read_bytes()).hexdigest()
        hit = CACHE / f"{digest}.json"
        if hit.exists():
            return [Line(**d) for d in json.loads(hit.read_text())]
        lines = fn(path)
        CACHE.mkdir(exist_ok=True)
        hit.write_text(json.dumps([asdict(l) for l in lines]))
        return lines
    return inner


@memo_on_file
def load(path):
    out = []
    with open(path, newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                out.append(Line(row["sku"], row["item"], row["category"], int(row["on_hand"]),
                                int(row["reorder_at"]), float(row["weekly_use"] or 0)))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)
    return out


RULES = {
    "reorder": lambda l: l.on_hand <= l.reorder_at,
    "low": lambda l: l.weeks_left < 3,
    "all": lambda l: True,
}


def as_markdown(lines):
    rows = ["| SKU | Item | On hand | Weeks left |", "|---|---|---:|---:|"]
    rows += [f"| {l.sku} | {l.item} | {l.on_hand} | {l.weeks_left:.1f} |" for l in lines]
    return "\n".join(rows) + "\n"


def as_json(lines):
    return json.dumps([dict(asdict(l), weeks_left=round(l.weeks_left, 1)) for l in lines], indent=2)


def write_private(path, text):
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".report-")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stock", default="stock.csv")
    ap.add_argument("--rule", choices=sorted(RULES), default="reorder")
    ap.add_argument("--format", choices=("markdown", "json"), default="markdown")
    ap.add_argument("--category", help="limit to one category, e.g. reeds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not Path(args.stock).is_file():
        log.error("%s not found in %s", args.stock, os.getcwd())
        return 1
    lines = [l for l in load(args.stock) if RULES[args.rule](l)]
    if args.category:
        lines = [l for l in lines if l.category.lower() == args.category.lower()]
    lines.sort(key=lambda l: l.weeks_left)
    render = getattr(importlib.import_module(__name__), "as_" + args.format)
    out = Path(f"stock_report.{'md' if args.format == 'markdown' else 'json'}")
    write_private(out, render(lines))
    log.info("%d items in %s", len(lines), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
