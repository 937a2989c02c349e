#!/usr/bin/env python3
"""String tension table for a harp design.

Given a scale file (string number, note, octave, speaking length, gauge,
material) computes each string's tension and the total load on the
soundboard. Results are cached by the scale file's MD5 so repeated runs
while tweaking a design are instant.
"""
import argparse
import base64
import csv
import hashlib
import importlib
import json
import logging
import math
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("tension")

CACHE = Path(os.environ.get("TENSION_CACHE", ".tension_cache"))
DENSITY = {"nylon": 1140.0, "gut": 1300.0, "fluorocarbon": 1780.0, "wound": 4500.0}
SEMITONES = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


@dataclass
class Row:
    number: int
    note: str
    length_mm: float
    gauge_mm: float
    material: str
    freq_hz: float = 0.0
    tension_n: float = 0.0


def freq(note: str, octave: int, a4: float = 440.0) -> float:
    return a4 * 2 ** ((SEMITONES[note] + 12 * (octave - 4)) / 12)


def tension(r: Row) -> float:
    radius = r.gauge_mm / 2000.0
    mu = DENSITY[r.material] * math.pi * radius ** 2
    return 4 * mu * (r.length_mm / 1000.0) ** 2 * r.freq_hz ** 2


def cache_key(path: Path, a4: float) -> str:
    h = hashlib.md5(path.read_bytes())
    h.update(str(a4).encode())
    return h.hexdigest()


def compute(path: Path, a4: float):
    rows = []
    with path.open(newline="") as fh:
        for rec in csv.DictReader(fh):
            r = Row(int(rec["number"]), rec["note"], float(rec["length_mm"]),
                    float(rec["gauge_mm"]), rec.get("material", "nylon"))
            r.freq_hz = round(freq(rec["note"], int(rec["octave"]), a4), 2)
            r.tension_n = round(tension(r), 1)
            rows.append(r)
    return rows


def cached(fn):
    def wrapper(path: Path, a4: float):
        CACHE.mkdir(exist_ok=True)
        entry = CACHE / (cache_key(path, a4) + ".json")
        if entry.exists():
            log.debug("cache hit %s", entry.name)
            return [Row(**d) for d in json.loads(entry.read_text())]
        rows = fn(path, a4)
        entry.write_text(json.dumps([asdict(r) for r in rows]))
        os.chmod(entry, 0o600)
        return rows
    return wrapper


def out_text(rows, _):
    for r in rows:
        print(f"{r.number:>3} {r.note:<2} {r.freq_hz:>8.2f} Hz {r.tension_n:>7.1f} N")
    print(f"total load: {sum(r.tension_n for r in rows) / 9.81:.0f} kgf")


def out_share(rows, _):
    blob = json.dumps([asdict(r) for r in rows], separators=(",", ":")).encode()
    print(base64.urlsafe_b64encode(blob).decode())


def out_json(rows, _):
    print(getattr(importlib.import_module("json"), "dumps")([asdict(r) for r in rows], indent=2))


OUTPUTS = {"text": out_text, "json": out_json, "share": out_share}


def main():
    ap = argparse.ArgumentParser(description="harp string tension table")
    ap.add_argument("scale", type=Path)
    ap.add_argument("--a4", type=float, default=440.0)
    ap.add_argument("--output", choices=sorted(OUTPUTS), default="text")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    runner = compute if args.no_cache else cached(compute)
    OUTPUTS[args.output](runner(args.scale, args.a4), args)


if __name__ == "__main__":
    main()
