#!/usr/bin/env python3
"""Weight and lifting report for a cutting list of stone blocks.

Reads a CSV cutting list (tag, stone, length, height, depth in mm), works out
each block's mass from the stone density table and flags anything over the
gantry crane or the banker-bench trolley limits.
"""
import argparse
import csv
import importlib
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("weights")

DENSITY = {  # kg per cubic metre
    "portland": 2200, "bath": 2100, "caen": 2000, "purbeck": 2600,
    "yorkstone": 2400, "granite": 2700, "clipsham": 2250,
}
LIMITS = {"trolley": 350, "bench_crane": 1000, "gantry": 5000}
CACHE_DIR = Path(".cache")


@dataclass
class Block:
    tag: str
    stone: str
    length: float
    height: float
    depth: float

    @property
    def volume_m3(self):
        return self.length * self.height * self.depth / 1e9

    def mass(self):
        return round(self.volume_m3 * DENSITY[self.stone.lower()], 1)


def lift_class(kg):
    for name, cap in sorted(LIMITS.items(), key=lambda kv: kv[1]):
        if kg <= cap:
            return name
    return "special lift"


def cache_key(path: Path):
    hasher = getattr(importlib.import_module("hashlib"), "md5")
    return hasher(path.read_bytes()).hexdigest()


def read_list(path):
    blocks, bad = [], 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                b = Block(row["tag"], row["stone"], *(float(row[k]) for k in ("length", "height", "depth")))
                b.mass()
                blocks.append(b)
            except (KeyError, ValueError) as exc:
                bad += 1
                log.warning("skipping row %s: %s", row.get("tag", "?"), exc)
    return blocks, bad


def build_report(blocks):
    rows = [{"tag": b.tag, "stone": b.stone, "kg": b.mass(), "lift": lift_class(b.mass())}
            for b in blocks]
    return {"blocks": rows, "total_kg": round(sum(r["kg"] for r in rows), 1)}


def main():
    ap = argparse.ArgumentParser(description="block weight report")
    ap.add_argument("cutting_list", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("weights_report.json"))
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.cutting_list.is_file():
        log.error("no such file: %s", args.cutting_list)
        return 2
    cached = CACHE_DIR / f"{cache_key(args.cutting_list)}.json"
    if cached.exists() and not args.no_cache:
        report = json.loads(cached.read_text())
        log.debug("cache hit %s", cached.name)
    else:
        blocks, bad = read_list(args.cutting_list)
        report = build_report(blocks)
        report["rejected_rows"] = bad
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(report))

    args.output.write_text(json.dumps(report, indent=2))
    os.chmod(args.output, 0o600)
    heavy = [r for r in report["blocks"] if r["lift"] in ("gantry", "special lift")]
    print(f"{len(report['blocks'])} blocks, {report['total_kg']} kg total, {len(heavy)} need the gantry or more")
    for r in heavy:
        print(f"  {r['tag']:10} {r['kg']:8.1f} kg  {r['lift']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
