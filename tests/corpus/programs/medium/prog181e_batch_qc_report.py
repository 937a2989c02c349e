#!/usr/bin/env python3
"""QC report for finished perfume batches (density, refractive index, colour).

Caches parsed instrument exports between runs, prints the release sheet on
the QC office printer and issues a short review code for the signer.
"""
import argparse
import csv
import functools
import importlib
import logging
import os
import random
import string
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("batchqc")

SPEC = {
    "density": (0.820, 0.860),
    "refractive_index": (1.365, 1.380),
    "alcohol_pct": (78.0, 84.0),
}


@dataclass
class Batch:
    lot: str
    product: str
    readings: dict = field(default_factory=dict)

    def failures(self):
        out = []
        for key, (lo, hi) in SPEC.items():
            v = self.readings.get(key)
            if v is None or not lo <= v <= hi:
                out.append(f"{key}={v}")
        return out


def _serializer():
    return importlib.import_module("pic" + "kle")


def cached(path_attr):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(args):
            cache = Path(getattr(args, path_attr))
            ser = _serializer()
            if cache.exists() and not args.refresh:
                with cache.open("rb") as fh:
                    return ser.load(fh)
            result = fn(args)
            with cache.open("wb") as fh:
                ser.dump(result, fh)
            return result
        return wrapper
    return deco


@cached("cache")
def load_batches(args):
    batches = {}
    for export in sorted(Path(args.exports).glob("*.csv")):
        with export.open(newline="") as fh:
            for row in csv.DictReader(fh):
                b = batches.setdefault(row["lot"], Batch(row["lot"], row["product"]))
                b.readings[row["test"]] = float(row["value"])
    return list(batches.values())


def review_code(n=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def render(batches, code):
    lines = [f"QC release sheet - review code {code}", ""]
    for b in batches:
        bad = b.failures()
        lines.append(f"{b.lot:<12} {b.product:<24} {'HOLD ' + ', '.join(bad) if bad else 'RELEASE'}")
    return "\n".join(lines) + "\n"


def send_to_printer(text, queue):
    sp = importlib.import_module("subprocess")
    cmd = ["l" + "p", "-d", queue, "-t", "QC release"]
    sp.run(cmd, input=text.encode(), check=True)


OUTPUTS = {
    "print": lambda text, a: send_to_printer(text, a.queue),
    "stdout": lambda text, a: print(text, end=""),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--exports", default=os.environ.get("QC_EXPORTS", "instrument_exports"))
    ap.add_argument("--cache", default=".batchqc.cache")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--out", choices=OUTPUTS, default="stdout")
    ap.add_argument("--queue", default=os.environ.get("QC_PRINTER", "qc-office"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    batches = load_batches(args)
    code = review_code()
    OUTPUTS[args.out](render(batches, code), args)
    log.info("%d batches, review code issued", len(batches))


if __name__ == "__main__":
    main()
