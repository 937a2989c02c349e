#!/usr/bin/env python3
"""Compute pipe scale tables for a rank and cache them between runs.

Diameters follow a Töpfer-style normal scale with a per-rank deviation
in halftones; mouth widths and cut-ups come from the rank config.
"""
import argparse
import importlib
import logging
import math
import os
from dataclasses import dataclass, asdict
from functools import wraps
from pathlib import Path

log = logging.getLogger("scales")

CACHE_DIR = Path(os.environ.get("SCALE_CACHE", ".scale-cache"))
NOTE_NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]


def _module(name):
    return importlib.import_module(name)


SERIALIZERS = {
    "config": ("yaml", "load"),
    "cache_read": ("pickle", "load"),
    "cache_write": ("pickle", "dump"),
}


def serializer(kind):
    mod_name, func = SERIALIZERS[kind]
    return getattr(_module(mod_name), func)


@dataclass
class PipeScale:
    note: str
    length_mm: float
    diameter_mm: float
    mouth_width_mm: float
    cutup_mm: float


def load_rank(path):
    loader_mod = _module("yaml")
    with open(path, encoding="utf-8") as fh:
        return serializer("config")(fh, Loader=getattr(loader_mod, "Loader"))


def cached(func):
    @wraps(func)
    def wrapper(rank, *args, **kwargs):
        CACHE_DIR.mkdir(exist_ok=True)
        key = "{}-{}-{}".format(rank["name"], rank.get("deviation", 0), rank.get("compass", 56))
        path = CACHE_DIR / (key.replace(" ", "_") + ".pkl")
        if path.exists():
            with path.open("rb") as fh:
                log.debug("cache hit %s", path)
                return serializer("cache_read")(fh)
        result = func(rank, *args, **kwargs)
        with path.open("wb") as fh:
            serializer("cache_write")(result, fh)
        return result
    return wrapper


@cached
def compute_scales(rank):
    compass = int(rank.get("compass", 56))
    deviation = float(rank.get("deviation", 0))
    base_length = float(rank.get("c_length_mm", 2440.0))
    base_diameter = float(rank.get("c_diameter_mm", 155.5))
    mouth_ratio = float(rank.get("mouth_ratio", 0.25))
    cutup_ratio = float(rank.get("cutup_ratio", 0.28))
    halving = float(rank.get("halving_on", 17))
    octave = int(rank.get("start_octave", 2))

    table = []
    for step in range(compass):
        length = base_length / (2 ** (step / 12))
        diameter = base_diameter / (2 ** ((step + deviation) / halving))
        mouth = diameter * math.pi * mouth_ratio
        name = f"{NOTE_NAMES[step % 12]}{octave + step // 12}"
        table.append(PipeScale(name, round(length, 1), round(diameter, 2),
                               round(mouth, 2), round(mouth * cutup_ratio, 2)))
    return table


def print_table(rows):
    print(f"{'note':<6}{'length':>10}{'diam':>9}{'mouth':>9}{'cutup':>8}")
    for row in rows:
        r = asdict(row)
        print(f"{r['note']:<6}{r['length_mm']:>10}{r['diameter_mm']:>9}"
              f"{r['mouth_width_mm']:>9}{r['cutup_mm']:>8}")


def main(argv=None):
    parser = argparse.ArgumentParser(description="pipe scale calculator")
    parser.add_argument("rank", help="rank definition (YAML)")
    parser.add_argument("--clear-cache", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.clear_cache and CACHE_DIR.exists():
        for item in CACHE_DIR.glob("*.pkl"):
            item.unlink()
    rank = load_rank(args.rank)
    print_table(compute_scales(rank))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
