#!/usr/bin/env python3
"""Compute beat-rate tables for historical temperaments and cache them.

Temperament definitions (fractions of the Pythagorean comma per fifth) live
in YAML files shared on the workshop drive; computed tables are cached so the
tuning tablet can load them instantly.
"""
import argparse
import hashlib
import logging
import math
import pickle
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("temperament-cache")

NOTES = ["C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#", "F"]
CACHE_DIR = Path(".temperament_cache")


@dataclass
class Temperament:
    name: str
    fifths: list  # tempering of each fifth in fractions of the Pythagorean comma

    def cents(self):
        comma = 1200 * math.log2(3 ** 12 / 2 ** 19)
        pos, out = 0.0, {}
        for note, frac in zip(NOTES, [0.0] + self.fifths[:-1]):
            pos += 0 if note == "C" else (701.955 - frac * comma)
            out[note] = pos % 1200
        return out


def beat_table(t: Temperament, a4: float):
    c4 = a4 / 2 ** (9 / 12)
    cents = t.cents()
    freqs = {n: c4 * 2 ** (c / 1200) for n, c in cents.items()}
    table = {}
    for n, f in freqs.items():
        fifth = freqs[NOTES[(NOTES.index(n) + 1) % 12]]
        while fifth < f:
            fifth *= 2
        table[n] = round(abs(3 * f - 2 * fifth), 3)
    return table


def load_definitions(path: Path):
    with path.open() as fh:
        raw = yaml.load(fh, Loader=yaml.Loader)
    return [Temperament(d["name"], d["fifths"]) for d in raw.get("temperaments", [])]


def cache_key(t: Temperament, a4: float) -> str:
    return hashlib.sha1(f"{t.name}|{t.fifths}|{a4}".encode()).hexdigest()


class Cache:
    def __init__(self, folder: Path):
        self.folder = folder
        folder.mkdir(exist_ok=True)

    def get(self, key):
        p = self.folder / f"{key}.pkl"
        if p.exists():
            with p.open("rb") as fh:
                return pickle.load(fh)
        return None

    def put(self, key, value):
        with (self.folder / f"{key}.pkl").open("wb") as fh:
            pickle.dump(value, fh)


def main():
    ap = argparse.ArgumentParser(description="Temperament beat-rate tables")
    ap.add_argument("definitions", type=Path)
    ap.add_argument("--a4", type=float, default=415.0)
    ap.add_argument("--cache", type=Path, default=CACHE_DIR)
    ap.add_argument("--only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        temps = load_definitions(args.definitions)
    except (OSError, yaml.YAMLError, KeyError) as exc:
        log.error("cannot read %s: %s", args.definitions, exc)
        return 1

    cache = Cache(args.cache)
    for t in temps:
        if args.only and t.name != args.only:
            continue
        key = cache_key(t, args.a4)
        table = cache.get(key)
        if table is None:
            table = beat_table(t, args.a4)
            cache.put(key, table)
            log.info("computed %s", t.name)
        print(f"{t.name} @ A={args.a4}")
        for n in NOTES:
            print(f"  {n:>2}: {table[n]:7.3f} beats/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
