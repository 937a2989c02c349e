#!/usr/bin/env python3
"""Track weigh-ins for hedgehogs in care and flag the ones not gaining.

Data lives in a CSV in the working directory (weighins.csv by default).
Subcommands: add, report, drop-cache.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import pathlib
import statistics
from dataclasses import asdict, dataclass

log = logging.getLogger("weights")

DATA = pathlib.Path(os.environ.get("WEIGHINS_CSV", "weighins.csv"))
CACHE = pathlib.Path(".weights_report.json")
FIELDS = ["hog", "date", "grams"]
RELEASE_MIN_G = 600


@dataclass
class WeighIn:
    hog: str
    date: dt.date
    grams: float

    @classmethod
    def from_row(cls, row):
        return cls(row["hog"], dt.date.fromisoformat(row["date"]), float(row["grams"]))


def load():
    if not DATA.exists():
        return []
    with DATA.open(newline="") as fh:
        return [WeighIn.from_row(r) for r in csv.DictReader(fh)]


def cmd_add(args):
    new = not DATA.exists()
    with DATA.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            w.writeheader()
        w.writerow({"hog": args.hog, "date": args.date or dt.date.today().isoformat(), "grams": args.grams})
    log.info("recorded %s at %sg", args.hog, args.grams)
    CACHE.unlink(missing_ok=True)
    return 0


def analyse(entries):
    by_hog = {}
    for e in sorted(entries, key=lambda e: e.date):
        by_hog.setdefault(e.hog, []).append(e)
    out = {}
    for hog, series in by_hog.items():
        grams = [e.grams for e in series]
        deltas = [b - a for a, b in zip(grams, grams[1:])]
        out[hog] = {
            "last": asdict(series[-1]) | {"date": series[-1].date.isoformat()},
            "avg_gain": round(statistics.mean(deltas), 1) if deltas else None,
            "flag": bool(deltas) and statistics.mean(deltas[-3:]) <= 0,
            "release_ready": grams[-1] >= RELEASE_MIN_G,
        }
    return out


def cmd_report(args):
    report = analyse(load())
    CACHE.write_text(json.dumps(report, indent=2))
    for hog, info in sorted(report.items()):
        marks = [m for m, on in (("NOT GAINING", info["flag"]), ("release weight", info["release_ready"])) if on]
        print(f"{hog:<12} {info['last']['grams']:>6.0f}g  avg {info['avg_gain']}  {' '.join(marks)}")
    return 0


def cmd_drop_cache(args):
    if CACHE.exists():
        CACHE.unlink()
        log.info("removed %s", CACHE)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("hog")
    a.add_argument("grams", type=float)
    a.add_argument("--date")
    sub.add_parser("report")
    sub.add_parser("drop-cache")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    handlers = {"add": cmd_add, "report": cmd_report, "drop-cache": cmd_drop_cache}
    try:
        return handlers[args.cmd](args)
    except (ValueError, KeyError) as exc:
        log.error("bad data in %s: %s", DATA, exc)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
