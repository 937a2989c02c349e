#!/usr/bin/env python3
"""Escapement timing report.

Reads the beat-rate log written by the acoustic pickup on the escapement test
bench, compares each movement against the QA tolerances published on the
intranet, and writes a report next to the log.
"""
import argparse
import csv
import importlib
import json
import logging
import os
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("escapement.report")

TOLERANCE_URL = os.environ.get(
    "QA_TOLERANCE_URL", "https://qa.toyworks.example.com/api/tolerances/escapement")
FALLBACK = {"beat_error_ms": 1.5, "rate_spread_bph": 60}


@dataclass
class Movement:
    movement_id: str
    readings: list = field(default_factory=list)
    errors: list = field(default_factory=list)

    def summary(self, stats):
        mean = getattr(stats, "mean")
        spread = max(self.readings) - min(self.readings) if self.readings else 0
        return {
            "movement_id": self.movement_id,
            "samples": len(self.readings),
            "mean_bph": round(mean(self.readings), 1) if self.readings else None,
            "spread_bph": round(spread, 1),
            "mean_beat_error_ms": round(mean(self.errors), 2) if self.errors else None,
        }


def fetch_tolerances(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            data = json.load(resp)
        return {**FALLBACK, **data}
    except (OSError, ValueError) as exc:
        log.warning("using fallback tolerances (%s)", exc)
        return dict(FALLBACK)


def load(path: Path):
    movements = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            mid = row.get("movement_id", "?")
            m = movements.setdefault(mid, Movement(mid))
            try:
                m.readings.append(float(row["beats_per_hour"]))
                m.errors.append(float(row["beat_error_ms"]))
            except (KeyError, ValueError):
                continue
    return list(movements.values())


def judge(summary, tol):
    ok = True
    if summary["mean_beat_error_ms"] is not None:
        ok &= summary["mean_beat_error_ms"] <= tol["beat_error_ms"]
    ok &= summary["spread_bph"] <= tol["rate_spread_bph"]
    summary["verdict"] = "PASS" if ok else "FAIL"
    return summary


def write_csv(rows, out):
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def write_json(rows, out):
    out.write_text(json.dumps(rows, indent=2))


WRITERS = {"csv": write_csv, "json": write_json}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("log", type=Path, nargs="?", default=Path("beat_log.csv"))
    ap.add_argument("--format", choices=sorted(WRITERS), default="csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    stats = importlib.import_module("statistics")
    tol = fetch_tolerances(TOLERANCE_URL)
    rows = [judge(m.summary(stats), tol) for m in load(args.log)]
    if not rows:
        log.error("no readings in %s", args.log)
        return 1
    out = args.log.with_name(args.log.stem + "_report." + args.format)
    WRITERS[args.format](rows, out)
    fails = sum(r["verdict"] == "FAIL" for r in rows)
    log.info("%d movements, %d failing; report at %s", len(rows), fails, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
