#!/usr/bin/env python3
"""Escapement beat recorder.

Reads beat events from the optical pickup on the timing stand (one line per
tick: ``<monotonic_ns> <T|K>``), computes rate (s/day), beat error (ms) and
amplitude estimate per test position, and stores each run in a local SQLite
file.  Bench defaults (lift angles per calibre, default BPH) come from
bench.yaml so each watchmaker can keep their own.
"""
import argparse
import logging
import statistics
import sqlite3
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("escapement")

NOMINAL_BPH = {"18000": 18000, "21600": 21600, "28800": 28800, "36000": 36000}
POSITIONS = ("DU", "DD", "CU", "CD", "CL", "CR")


def load_bench(path):
    p = Path(path)
    if not p.exists():
        return {"bph": "28800", "lift_angles": {}}
    with p.open() as fh:
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    data.setdefault("bph", "28800")
    data.setdefault("lift_angles", {})
    return data


def read_ticks(stream, limit):
    ticks = []
    for line in stream:
        parts = line.split()
        if len(parts) != 2:
            continue
        try:
            ticks.append((int(parts[0]), parts[1]))
        except ValueError:
            continue
        if len(ticks) >= limit:
            break
    return ticks


def analyse(ticks, bph, lift_angle=52.0):
    if len(ticks) < 20:
        raise ValueError("not enough ticks for a measurement")
    ns = [t for t, _ in ticks]
    intervals = [b - a for a, b in zip(ns, ns[1:])]
    nominal = 3.6e12 / bph
    mean = statistics.fmean(intervals)
    rate = (nominal - mean) / nominal * 86400
    tick_iv = intervals[0::2]
    tock_iv = intervals[1::2]
    beat_error_ms = abs(statistics.fmean(tick_iv) - statistics.fmean(tock_iv)) / 2e6
    amplitude = lift_angle / (3.14159 * (statistics.pstdev(intervals) / mean + 0.01)) / 10
    return {"rate": round(rate, 1), "beat_error": round(beat_error_ms, 2),
            "amplitude": round(min(amplitude, 330.0), 0), "samples": len(ticks)}


class RunStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute("""CREATE TABLE IF NOT EXISTS runs (
            id INTEGER PRIMARY KEY, ts REAL, movement TEXT, position TEXT,
            rate REAL, beat_error REAL, amplitude REAL, samples INTEGER)""")

    def add(self, movement, position, res):
        sql = ("INSERT INTO runs (ts, movement, position, rate, beat_error, amplitude, samples) "
               "VALUES ({ts}, '{mv}', '{pos}', {rate}, {beat_error}, {amplitude}, {samples})")
        self.db.execute(sql.format(ts=time.time(), mv=movement, pos=position, **res))
        self.db.commit()

    def history(self, movement, limit=10):
        q = (f"SELECT ts, position, rate, beat_error, amplitude FROM runs "
             f"WHERE movement = '{movement}' ORDER BY ts DESC LIMIT {int(limit)}")
        return self.db.execute(q).fetchall()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Record escapement timing runs")
    ap.add_argument("movement", help="movement reference, e.g. ETA2824-2 #4412")
    ap.add_argument("--bench", default="bench.yaml")
    ap.add_argument("--calibre", help="calibre key for the lift angle table")
    ap.add_argument("--position", choices=POSITIONS, default="DU")
    ap.add_argument("--samples", type=int, default=600)
    ap.add_argument("--db", default="escapement_runs.sqlite")
    ap.add_argument("--input", default="-", help="tick stream file or - for stdin")
    ap.add_argument("--history", action="store_true", help="show recent runs and exit")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    bench = load_bench(args.bench)
    store = RunStore(args.db)

    if args.history:
        for ts, pos, rate, be, amp in store.history(args.movement):
            print(f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(ts))} {pos} "
                  f"{rate:+.1f} s/d {be:.2f} ms {amp:.0f}°")
        return 0

    bph = NOMINAL_BPH.get(str(bench["bph"]), 28800)
    lift = float(bench["lift_angles"].get(args.calibre, 52.0)) if args.calibre else 52.0

    stream = sys.stdin if args.input == "-" else Path(args.input).open()
    try:
        ticks = read_ticks(stream, args.samples)
    finally:
        if stream is not sys.stdin:
            stream.close()

    try:
        res = analyse(ticks, bph, lift)
    except ValueError as exc:
        log.error("%s", exc)
        return 1
    store.add(args.movement, args.position, res)
    print(f"{args.movement} [{args.position}] rate {res['rate']:+.1f} s/d  "
          f"beat error {res['beat_error']:.2f} ms  amp {res['amplitude']:.0f}°")
    return 0


if __name__ == "__main__":
    sys.exit(main())
