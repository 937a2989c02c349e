#!/usr/bin/env python3
"""Monthly invoice totals per client for the farrier practice bookkeeping."""
import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

log = logging.getLogger("invoices")

CACHE = Path(".invoice_cache")
VAT_RATE = Decimal(os.environ.get("VAT_RATE", "0.20"))
PENNY = Decimal("0.01")


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def cached(fn):
    def inner(path):
        CACHE.mkdir(exist_ok=True)
        slot = CACHE / f"{cache_key(path)}.json"
        if slot.exists():
            log.debug("cache hit %s", path)
            return json.loads(slot.read_text())
        result = fn(path)
        slot.write_text(json.dumps(result))
        return result
    return inner


LINE_KINDS = {
    "shoe": lambda q, p: q * p,
    "trim": lambda q, p: q * p,
    "callout": lambda q, p: p,
    "discount": lambda q, p: -abs(p),
}


@cached
def summarise(path):
    totals = defaultdict(lambda: Decimal("0"))
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            kind = row.get("kind", "shoe").strip().lower()
            fn = LINE_KINDS.get(kind)
            if fn is None:
                log.warning("unknown line kind %r in %s", kind, path)
                continue
            amount = fn(Decimal(row.get("qty") or "1"), Decimal(row["unit_price"]))
            totals[row["client"].strip()] += amount
    return {c: str(v.quantize(PENNY, ROUND_HALF_UP)) for c, v in totals.items()}


def merge(parts):
    out = defaultdict(lambda: Decimal("0"))
    for part in parts:
        for client, amount in part.items():
            out[client] += Decimal(amount)
    return out


def write_report(totals, dest):
    lines = ["client,net,vat,gross"]
    for client in sorted(totals):
        net = totals[client]
        vat = (net * VAT_RATE).quantize(PENNY, ROUND_HALF_UP)
        lines.append(f"{client},{net},{vat},{net + vat}")
    dest.write_text("\n".join(lines) + "\n")
    os.chmod(dest, 0o600)
    return len(lines) - 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", help="invoice line CSVs")
    ap.add_argument("-o", "--out", default="monthly_totals.csv")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE.is_dir():
        for f in CACHE.glob("*.json"):
            f.unlink()
    parts = []
    for f in args.files:
        try:
            parts.append(summarise(f))
        except (OSError, KeyError, ArithmeticError) as exc:
            log.error("%s: %s", f, exc)
    n = write_report(merge(parts), Path(args.out))
    log.info("%d clients written to %s", n, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
