#!/usr/bin/env python3
"""Build a costing sheet for a plastering / tiling job.

Reads the job description (rooms, surfaces, finishes) from a TOML file and
the current material prices from prices.csv, works out quantities with the
usual wastage allowances and writes <job>_costing.csv plus a short text
summary to paste into the quote email.

    prog114e_job_costing_sheet.py jobs/2291.toml --prices prices.csv
"""
import argparse
import csv
import logging
import math
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("costing")

# coverage per unit, wastage fraction, price key in prices.csv
MATERIALS = {
    "multi_finish": {"unit": "25kg bag", "cover_m2": 10.0, "waste": 0.10, "key": "MF25"},
    "bonding": {"unit": "25kg bag", "cover_m2": 2.8, "waste": 0.10, "key": "BC25"},
    "plasterboard": {"unit": "sheet", "cover_m2": 2.88, "waste": 0.12, "key": "PB1224"},
    "tile_adhesive": {"unit": "20kg bag", "cover_m2": 4.0, "waste": 0.08, "key": "ADH20"},
    "grout": {"unit": "5kg tub", "cover_m2": 12.0, "waste": 0.05, "key": "GRT5"},
}
FINISH_MATERIALS = {
    "skim": ["multi_finish"],
    "float_and_set": ["bonding", "multi_finish"],
    "board_and_skim": ["plasterboard", "multi_finish"],
    "tile": ["tile_adhesive", "grout"],
}


@dataclass
class Line:
    room: str
    item: str
    qty: float
    unit: str
    unit_price: float

    @property
    def total(self):
        return round(self.qty * self.unit_price, 2)


def load_prices(path: Path) -> dict:
    prices = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                prices[row["sku"]] = float(row["price_gbp"])
            except (KeyError, ValueError):
                LOG.warning("bad price row: %s", row)
    return prices


def surface_area(surface: dict) -> float:
    area = surface["width_m"] * surface["height_m"]
    for opening in surface.get("openings", []):
        area -= opening["width_m"] * opening["height_m"]
    return max(area, 0.0)


def cost_job(job: dict, prices: dict):
    lines = []
    labour_rates = job.get("labour", {})
    for room in job["rooms"]:
        for surface in room["surfaces"]:
            area = surface_area(surface)
            finish = surface["finish"]
            for mat in FINISH_MATERIALS[finish]:
                spec = MATERIALS[mat]
                units = math.ceil(area * (1 + spec["waste"]) / spec["cover_m2"])
                price = prices.get(spec["key"])
                if price is None:
                    LOG.warning("no price for %s, using 0", spec["key"])
                    price = 0.0
                lines.append(Line(room["name"], mat, units, spec["unit"], price))
            rate = labour_rates.get(finish)
            if rate:
                lines.append(Line(room["name"], f"labour ({finish})", round(area, 2), "m2", rate))
    return lines


def write_sheet(lines, out: Path, margin: float, vat: float):
    net = sum(l.total for l in lines)
    with_margin = round(net * (1 + margin), 2)
    gross = round(with_margin * (1 + vat), 2)
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["room", "item", "qty", "unit", "unit_price", "total"])
        for l in lines:
            w.writerow([l.room, l.item, l.qty, l.unit, f"{l.unit_price:.2f}", f"{l.total:.2f}"])
        w.writerow([])
        w.writerow(["", "", "", "", "net cost", f"{net:.2f}"])
        w.writerow(["", "", "", "", f"quote (+{margin:.0%})", f"{with_margin:.2f}"])
        w.writerow(["", "", "", "", f"inc VAT {vat:.0%}", f"{gross:.2f}"])
    return net, with_margin, gross


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job", type=Path)
    ap.add_argument("--prices", type=Path, default=Path("prices.csv"))
    ap.add_argument("--margin", type=float, default=0.22)
    ap.add_argument("--vat", type=float, default=0.20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        job = tomllib.loads(args.job.read_text())
        prices = load_prices(args.prices)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        LOG.error("%s", exc)
        return 1

    lines = cost_job(job, prices)
    out = Path(f"{job.get('ref', args.job.stem)}_costing.csv")
    net, quote, gross = write_sheet(lines, out, args.margin, args.vat)
    print(f"Job {job.get('ref', args.job.stem)} - {job.get('client', '')}")
    print(f"  {len(lines)} lines, materials+labour £{net:,.2f}")
    print(f"  quote £{quote:,.2f} + VAT = £{gross:,.2f}")
    print(f"  sheet written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
