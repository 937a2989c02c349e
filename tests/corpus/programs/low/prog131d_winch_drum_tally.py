#!/usr/bin/env python3
"""Winch drum tally.

Reads the daily launch sheets (CSV exported from the launch point tablet) and
produces per-winch, per-driver and per-cable totals, including cable breaks,
so the tech officer knows when a drum is due for a splice inspection.

    winch_drum_tally.py sheets/*.csv --cable-length 1200
"""
import argparse
import base64
import collections
import csv
import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("drumtally")

# Default wear coefficients from the manufacturer's service bulletin, kept
# encoded so the tablet's config editor doesn't mangle them.
_DEFAULT_COEFFS = (
    "eyJtb2RlbCI6InNreWxhdW5jaC0yIiwicGVyX2ttIjoxLjAsImJyZWFrX3BlbmFsdHki"
    "OjAuMTUsIm1pbl9sZW5ndGhfa20iOjAuNSwic3BsaWNlX2ludGVydmFsIjo0MDB9"
)


@dataclass
class DrumStats:
    launches: int = 0
    breaks: int = 0
    drivers: collections.Counter = field(default_factory=collections.Counter)


class WearModel:
    """Manufacturer's linear wear formula with a penalty per cable break."""

    def __init__(self, override=None):
        self.coeffs = json.loads(base64.b64decode(_DEFAULT_COEFFS))
        if override:
            with open(override, encoding="utf-8") as fh:
                self.coeffs.update(json.load(fh))

    @property
    def splice_interval(self):
        return float(self.coeffs.get("splice_interval", 400))

    def factor(self, launches, breaks, length_m):
        c = self.coeffs
        km = max(length_m / 1000.0, c["min_length_km"])
        base = launches * c["per_km"] / km
        return round(base * (1.0 + c["break_penalty"] * breaks), 2)


def read_sheet(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            yield {k.strip().lower(): (v or "").strip() for k, v in row.items() if k}


def tally(paths):
    drums = collections.defaultdict(DrumStats)
    days = set()
    for p in paths:
        try:
            for row in read_sheet(p):
                key = f"{row.get('winch') or 'W1'}/{row.get('drum') or 'A'}"
                st = drums[key]
                st.launches += 1
                if row.get("cable_break", "").lower() in ("y", "yes", "1", "true"):
                    st.breaks += 1
                if row.get("driver"):
                    st.drivers[row["driver"]] += 1
                if row.get("date"):
                    days.add(row["date"])
        except (OSError, csv.Error) as exc:
            log.error("could not read %s: %s", p, exc)
    return drums, days


def report(drums, days, model, cable_length, limit, out):
    out.write(f"Launch sheets covering {len(days)} flying day(s)\n\n")
    out.write(f"{'drum':<8}{'launches':>10}{'breaks':>8}{'wear':>8}  top drivers\n")
    for key in sorted(drums):
        st = drums[key]
        wear = model.factor(st.launches, st.breaks, cable_length)
        top = ", ".join(f"{d} ({n})" for d, n in st.drivers.most_common(3))
        flag = "  <-- inspect" if wear >= limit else ""
        out.write(f"{key:<8}{st.launches:>10}{st.breaks:>8}{wear:>8}  {top}{flag}\n")
    out.write(f"\nTotal launches: {sum(s.launches for s in drums.values())}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Tally winch launches per drum")
    ap.add_argument("sheets", nargs="+", type=Path)
    ap.add_argument("--cable-length", type=float, default=1100.0, help="metres")
    ap.add_argument("--inspect-at", type=float, help="wear factor threshold")
    ap.add_argument("--coeffs", type=Path, help="JSON file overriding wear coefficients")
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s: %(message)s")

    for p in args.sheets:
        if not p.exists():
            log.warning("no such sheet: %s", p)
    drums, days = tally(p for p in args.sheets if p.exists())
    if not drums:
        log.error("no launches found")
        return 1

    try:
        model = WearModel(args.coeffs)
    except (OSError, ValueError, KeyError) as exc:
        log.error("bad wear coefficients: %s", exc)
        return 2
    limit = args.inspect_at or model.splice_interval

    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            report(drums, days, model, args.cable_length, limit, fh)
        log.info("report written to %s", args.output)
    else:
        report(drums, days, model, args.cable_length, limit, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
