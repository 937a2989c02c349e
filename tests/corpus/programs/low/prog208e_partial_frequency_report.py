#!/usr/bin/env python3
"""Partial frequency report for freshly cast and tuned bells.

Reads strike measurements (hum, prime, tierce, quint, nominal in Hz) from a
CSV file and reports each partial's deviation, in cents, from the ideal
true-harmonic tuning relative to the nominal.
"""
import argparse
import csv
import json
import logging
import math
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("partials")

# ideal ratios relative to the nominal for true-harmonic tuning
IDEAL = {"hum": 0.25, "prime": 0.5, "tierce": 0.6, "quint": 0.75, "nominal": 1.0}


def cents(measured, ideal):
    return 1200.0 * math.log2(measured / ideal)


@dataclass
class BellReading:
    bell: str
    partials: dict = field(default_factory=dict)

    @property
    def nominal(self):
        return self.partials["nominal"]

    def deviations(self):
        return {name: round(cents(self.partials[name], self.nominal * ratio), 1)
                for name, ratio in IDEAL.items() if name in self.partials}


def read_readings(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                partials = {k: float(row[k]) for k in IDEAL if row.get(k)}
            except ValueError as exc:
                log.warning("bad row for %s: %s", row.get("bell"), exc)
                continue
            if "nominal" not in partials:
                log.warning("%s has no nominal, skipped", row.get("bell"))
                continue
            yield BellReading(row.get("bell", "?"), partials)


def as_text(results, tolerance):
    lines = []
    for bell, devs in results.items():
        flags = [n for n, d in devs.items() if abs(d) > tolerance]
        detail = "  ".join(f"{n}:{d:+.1f}" for n, d in devs.items())
        lines.append(f"{bell:<12} {detail}" + (f"   RETUNE {','.join(flags)}" if flags else ""))
    return "\n".join(lines) + "\n"


def as_json(results, tolerance):
    return json.dumps({"tolerance_cents": tolerance, "bells": results}, indent=2) + "\n"


def as_csv(results, tolerance):
    header = "bell," + ",".join(IDEAL) + "\n"
    rows = [bell + "," + ",".join(str(devs.get(n, "")) for n in IDEAL)
            for bell, devs in results.items()]
    return header + "\n".join(rows) + "\n"


FORMATTERS = {"text": as_text, "json": as_json, "csv": as_csv}


def main():
    ap = argparse.ArgumentParser(description="Bell partial deviation report")
    ap.add_argument("measurements", help="CSV with bell,hum,prime,tierce,quint,nominal")
    ap.add_argument("--format", choices=sorted(FORMATTERS), default="text")
    ap.add_argument("--tolerance", type=float, default=10.0,
                    help="flag partials outside this many cents")
    ap.add_argument("--out", help="write report to this file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        results = {r.bell: r.deviations() for r in read_readings(args.measurements)}
    except OSError as exc:
        log.error("cannot read %s: %s", args.measurements, exc)
        return 1
    if not results:
        log.error("no usable readings")
        return 1

    report = FORMATTERS[args.format](results, args.tolerance)
    if args.out:
        Path(args.out).write_text(report, encoding="utf-8")
        log.info("report for %d bell(s) written to %s", len(results), args.out)
    else:
        print(report, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
