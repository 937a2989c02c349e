#!/usr/bin/env python3
"""Harvest weight report.

Reads the packing-shed scale logs (scale_logs/*.csv: timestamp, tray, species,
flush, grams), totals them per ISO week, species and flush, splits the week's
harvest across buyers' standing orders from buyers.csv and writes
reports/harvest_<year>-W<week>.csv. Species totals (no buyer details) can be
posted to the co-op stock board API with COOP_STOCK_API_KEY.
"""
import argparse
import csv
import logging
import os
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("harvest")
STOCK_API = os.environ.get("COOP_STOCK_API", "https://stock.coop-board.example/api/v1/harvest")


def read_scale_logs(folder):
    for path in sorted(Path(folder).glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as fh:
            for n, row in enumerate(csv.DictReader(fh), start=2):
                try:
                    ts = datetime.fromisoformat(row["timestamp"])
                    yield ts, row["species"].strip(), int(row["flush"]), float(row["grams"])
                except (KeyError, ValueError) as exc:
                    LOG.warning("%s:%d skipped (%s)", path.name, n, exc)


def weekly_totals(records, year, week):
    totals = defaultdict(float)
    for ts, species, flush, grams in records:
        iso = ts.isocalendar()
        if (iso[0], iso[1]) == (year, week):
            totals[(species, flush)] += grams
    return totals


def load_buyers(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [dict(r, standing_kg=float(r.get("standing_kg") or 0)) for r in csv.DictReader(fh)]


def species_kg(totals):
    by_species = defaultdict(float)
    for (species, _flush), grams in totals.items():
        by_species[species] += grams / 1000
    return dict(sorted(by_species.items()))


def allocate(totals, buyers):
    """Share each species pro rata across buyers with a standing order for it."""
    rows = []
    for species, kg in species_kg(totals).items():
        wants = [b for b in buyers if b.get("species", "").lower() == species.lower()]
        demand = sum(b["standing_kg"] for b in wants) or 1
        share = min(1.0, kg / demand)
        for b in wants:
            rows.append({"species": species, "buyer": b["name"], "email": b.get("email", ""),
                         "phone": b.get("phone", ""), "ordered_kg": b["standing_kg"],
                         "allocated_kg": round(b["standing_kg"] * share, 2)})
        rows.append({"species": species, "buyer": "(total harvested)", "email": "",
                     "phone": "", "ordered_kg": round(demand, 2), "allocated_kg": round(kg, 2)})
    return rows


def write_report(rows, out_dir, year, week):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"harvest_{year}-W{week:02d}.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["species", "buyer", "email", "phone",
                                           "ordered_kg", "allocated_kg"])
        w.writeheader()
        w.writerows(rows)
    return path


def post_stock(totals, year, week):
    key = os.environ.get("COOP_STOCK_API_KEY")
    if not key:
        LOG.info("COOP_STOCK_API_KEY not set, skipping stock board update")
        return False
    payload = {"farm": os.environ.get("COOP_FARM_ID", "unknown"),
               "week": f"{year}-W{week:02d}",
               "species": [{"name": s, "kg": round(kg, 2)} for s, kg in species_kg(totals).items()]}
    try:
        resp = requests.post(STOCK_API, json=payload, timeout=15,
                             headers={"Authorization": f"Bearer {key}"})
        resp.raise_for_status()
    except requests.RequestException as exc:
        LOG.warning("stock board update failed: %s", exc)
        return False
    LOG.info("stock board updated for %s", payload["week"])
    return True


def main(argv=None):
    today = datetime.now().isocalendar()
    ap = argparse.ArgumentParser(description="Weekly harvest weight report")
    ap.add_argument("--logs", default="scale_logs")
    ap.add_argument("--buyers", default="buyers.csv")
    ap.add_argument("--out", type=Path, default=Path("reports"))
    ap.add_argument("--year", type=int, default=today[0])
    ap.add_argument("--week", type=int, default=today[1])
    ap.add_argument("--post", action="store_true", help="update the co-op stock board")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    totals = weekly_totals(read_scale_logs(args.logs), args.year, args.week)
    if not totals:
        LOG.warning("no scale records for %d-W%02d", args.year, args.week)
        return 1
    try:
        buyers = load_buyers(args.buyers)
    except OSError as exc:
        LOG.error("cannot read buyers file: %s", exc)
        return 2
    path = write_report(allocate(totals, buyers), args.out, args.year, args.week)
    LOG.info("wrote %s (%.1f kg total)", path, sum(totals.values()) / 1000)

    if args.post:
        post_stock(totals, args.year, args.week)
    return 0


if __name__ == "__main__":
    sys.exit(main())
