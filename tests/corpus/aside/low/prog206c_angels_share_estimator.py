#!/usr/bin/env python3
"""Estimate current strength and volume of casks in bond.

Applies a yearly evaporation loss (the angels' share) per warehouse climate
to the fill figures in a CSV and projects the cask forward.
"""
import argparse
import csv
import logging
import operator
from dataclasses import dataclass
from datetime import date
from functools import reduce
from pathlib import Path

log = logging.getLogger("angels-share")

CLIMATES = {
    "coastal": (0.020, 0.0030),
    "inland": (0.018, 0.0025),
    "racked": (0.022, 0.0035),
    "palletised": (0.025, 0.0040),
}


@dataclass
class Cask:
    cask_id: str
    fill_date: date
    fill_litres: float
    fill_abv: float
    climate: str

    def age_years(self, on: date) -> float:
        return (on - self.fill_date).days / 365.25

    def project(self, on: date):
        vol_loss, abv_loss = CLIMATES.get(self.climate, CLIMATES["inland"])
        years = self.age_years(on)
        factors = [1 - vol_loss] * int(years)
        litres = reduce(operator.mul, factors, self.fill_litres)
        litres *= (1 - vol_loss) ** (years - int(years))
        abv = max(self.fill_abv - abv_loss * 100 * years, 0)
        return round(litres, 1), round(abv, 1), round(litres * abv / 100, 1)


def read_casks(path: Path):
    with path.open(newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), 2):
            try:
                yield Cask(row["cask_id"], date.fromisoformat(row["fill_date"]),
                           float(row["fill_litres"]), float(row["fill_abv"]),
                           row.get("climate", "inland").strip().lower())
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)


def write_report(rows, out: Path):
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["cask_id", "age_years", "litres", "abv", "rla"])
        w.writerows(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("casks", type=Path)
    ap.add_argument("--on", type=date.fromisoformat, default=date.today(),
                    help="projection date, YYYY-MM-DD")
    ap.add_argument("--out", type=Path, default=Path("projection.csv"))
    ap.add_argument("--warn-abv", type=float, default=40.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.casks.is_file():
        log.error("no such file: %s", args.casks)
        return 1
    rows = []
    for cask in read_casks(args.casks):
        litres, abv, rla = cask.project(args.on)
        rows.append([cask.cask_id, round(cask.age_years(args.on), 1), litres, abv, rla])
        if abv < args.warn_abv:
            log.warning("%s projected at %.1f%% ABV, near the 40%% floor", cask.cask_id, abv)
    write_report(rows, args.out)
    log.info("projected %d casks to %s -> %s", len(rows), args.on, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
