#!/usr/bin/env python3
"""Cost up home EV charging sessions for an expense claim.

Takes the session export from the wallbox app (CSV with start, end, kWh and
vehicle columns) and a tariff file with time-of-use bands, splits each
session across the bands it overlaps and writes a per-vehicle, per-month
summary.  The output contains the employer mileage reference so it is kept
readable by the owner only.
"""
import argparse
import csv
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("ev-costs")

DEFAULT_BANDS = [
    {"name": "off-peak", "start": "00:30", "end": "04:30", "p_per_kwh": 7.5},
    {"name": "day", "start": "04:30", "end": "00:30", "p_per_kwh": 28.6},
]


def parse_hhmm(text):
    h, m = text.split(":")
    return int(h) * 60 + int(m)


def band_for(minute_of_day, bands):
    for b in bands:
        start, end = parse_hhmm(b["start"]), parse_hhmm(b["end"])
        inside = start <= minute_of_day < end if start < end else (
            minute_of_day >= start or minute_of_day < end)
        if inside:
            return b
    raise ValueError(f"no tariff band covers minute {minute_of_day}")


def split_session(start, end, kwh, bands):
    """Spread energy evenly over the session minutes and price each minute."""
    minutes = max(1, int((end - start).total_seconds() // 60))
    per_min = kwh / minutes
    out = defaultdict(float)
    t = start
    for _ in range(minutes):
        b = band_for(t.hour * 60 + t.minute, bands)
        out[b["name"]] += per_min
        t += timedelta(minutes=1)
    prices = {b["name"]: b["p_per_kwh"] for b in bands}
    cost_p = sum(k * prices[name] for name, k in out.items())
    return dict(out), cost_p


def read_sessions(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield (datetime.fromisoformat(row["start"]), datetime.fromisoformat(row["end"]),
                       float(row["kwh"]), row.get("vehicle") or "unknown")
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row, exc)


def summarise(sessions, bands):
    summary = defaultdict(lambda: {"sessions": 0, "kwh": 0.0, "cost_gbp": 0.0, "bands": defaultdict(float)})
    for start, end, kwh, vehicle in sessions:
        split, cost_p = split_session(start, end, kwh, bands)
        s = summary[(vehicle, start.strftime("%Y-%m"))]
        s["sessions"] += 1
        s["kwh"] += kwh
        s["cost_gbp"] += cost_p / 100
        for name, k in split.items():
            s["bands"][name] += k
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sessions", type=Path, help="wallbox CSV export")
    ap.add_argument("--tariff", type=Path, help="JSON list of bands")
    ap.add_argument("--reference", default=os.environ.get("EXPENSE_REF", ""))
    ap.add_argument("-o", "--output", type=Path, default=Path("ev_costs.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bands = json.loads(args.tariff.read_text()) if args.tariff else DEFAULT_BANDS
    if not args.sessions.exists():
        log.error("%s not found", args.sessions)
        return 1
    summary = summarise(read_sessions(args.sessions), bands)

    report = {"reference": args.reference, "generated": datetime.now().isoformat(timespec="seconds"),
              "months": []}
    for (vehicle, month), s in sorted(summary.items()):
        report["months"].append({
            "vehicle": vehicle, "month": month, "sessions": s["sessions"],
            "kwh": round(s["kwh"], 2), "cost_gbp": round(s["cost_gbp"], 2),
            "bands_kwh": {k: round(v, 2) for k, v in s["bands"].items()},
        })
        print(f"{month}  {vehicle:12s} {s['sessions']:3d} sessions {s['kwh']:7.1f} kWh "
              f"£{s['cost_gbp']:7.2f}")
    args.output.write_text(json.dumps(report, indent=2))
    os.chmod(args.output, 0o600)
    log.info("report written to %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
