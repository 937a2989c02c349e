#!/usr/bin/env python3
"""ABV, attenuation and calorie calculator for brew sheets.

Reads a CSV of batches (batch, og, fg[, volume_l]) and prints or writes
ABV, apparent attenuation and approximate calories per 330 ml.
"""
import argparse
import csv
import logging
import sys
from dataclasses import dataclass

LOG = logging.getLogger("abvcalc")


def abv_simple(og, fg):
    return (og - fg) * 131.25


def abv_alternate(og, fg):
    return (76.08 * (og - fg) / (1.775 - og)) * (fg / 0.794)


FORMULAS = {"simple": abv_simple, "alternate": abv_alternate}


@dataclass
class Batch:
    name: str
    og: float
    fg: float
    volume_l: float = 0.0

    def attenuation(self):
        return (self.og - self.fg) / (self.og - 1.0) * 100 if self.og > 1.0 else 0.0

    def calories_330(self, abv):
        # rough approximation using real extract and alcohol by weight
        plato_fg = 259 - 259 / self.fg
        return round((6.9 * abv * 0.79 + 4.0 * (plato_fg - 0.1)) * 3.3, 0)


def read_batches(path):
    batches = []
    with open(path, newline="") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                batches.append(Batch(row["batch"], float(row["og"]), float(row["fg"]),
                                     float(row.get("volume_l") or 0)))
            except (KeyError, ValueError) as exc:
                LOG.warning("line %d skipped: %s", lineno, exc)
    return batches


def compute(batches, formula):
    fn = FORMULAS[formula]
    for b in batches:
        if b.fg > b.og:
            LOG.warning("%s: FG above OG, check readings", b.name)
            continue
        abv = fn(b.og, b.fg)
        yield {
            "batch": b.name,
            "abv": round(abv, 2),
            "attenuation": round(b.attenuation(), 1),
            "kcal_330ml": b.calories_330(abv),
            "litres_alcohol": round(b.volume_l * abv / 100, 2),
        }


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csv", help="batches CSV")
    p.add_argument("--formula", choices=sorted(FORMULAS), default="simple")
    p.add_argument("--out", help="write results CSV instead of printing")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        results = list(compute(read_batches(args.csv), args.formula))
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.csv, exc)
        return 1
    if not results:
        LOG.error("no usable batches")
        return 1
    if args.out:
        with open(args.out, "w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(results[0]))
            writer.writeheader()
            writer.writerows(results)
        LOG.info("wrote %d rows to %s", len(results), args.out)
    else:
        for r in results:
            print(f"{r['batch']:<12} {r['abv']:5.2f}% ABV  {r['attenuation']:5.1f}% att  "
                  f"{r['kcal_330ml']:.0f} kcal/330ml  {r['litres_alcohol']} L alc")
    return 0


if __name__ == "__main__":
    sys.exit(main())
