#!/usr/bin/env python3
"""Monthly consignment payout report for the used-instrument floor.

Reads the till's sales export (sales_*.csv) and the consignment agreements
(consignors.csv), works out what each consignor is owed after the shop's
commission, and writes payouts_<month>.csv plus a short text summary.

Parsing a full year of till exports is slow on the back-office PC, so parsed
months are kept in .ledger_cache/ and only re-read when the export changes.
"""
import argparse
import csv
import hashlib
import logging
import pickle
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

log = logging.getLogger("payouts")

CACHE_DIR = Path(".ledger_cache")
PENNY = Decimal("0.01")


@dataclass
class Consignor:
    code: str
    name: str
    commission: Decimal
    lines: list = field(default_factory=list)

    def owed(self):
        gross = sum((amount for _, amount in self.lines), Decimal(0))
        return gross, (gross * (1 - self.commission)).quantize(PENNY, ROUND_HALF_UP)


class LedgerCache:
    """Parsed sales exports keyed by a fingerprint of the export file."""

    def __init__(self, folder=CACHE_DIR):
        self.folder = Path(folder)
        self.folder.mkdir(exist_ok=True)

    @staticmethod
    def _key(path):
        digest = hashlib.md5(Path(path).read_bytes()).hexdigest()
        return f"{Path(path).stem}-{digest}.pkl"

    def get(self, path):
        entry = self.folder / self._key(path)
        if entry.exists():
            with entry.open("rb") as fh:
                return pickle.load(fh)
        return None

    def put(self, path, rows):
        entry = self.folder / self._key(path)
        with entry.open("wb") as fh:
            pickle.dump(rows, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def prune(self, keep):
        for stale in set(self.folder.glob("*.pkl")) - set(keep):
            stale.unlink()


def parse_sales(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for raw in csv.DictReader(fh):
            sku = raw.get("SKU", "")
            if not sku.startswith("C-"):
                continue
            rows.append((raw["Date"], sku, raw["Description"], Decimal(raw["Net"])))
    return rows


def load_consignors(path):
    out = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for raw in csv.DictReader(fh):
            out[raw["code"]] = Consignor(raw["code"], raw["name"], Decimal(raw["commission"]) / 100)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="Consignment payout report")
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--consignors", default="consignors.csv")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    consignors = load_consignors(args.consignors)
    cache = None if args.no_cache else LedgerCache()
    used = []

    for export in sorted(Path(args.exports).glob(f"sales_{args.month}*.csv")):
        rows = cache.get(export) if cache else None
        if rows is None:
            rows = parse_sales(export)
            if cache:
                cache.put(export, rows)
        if cache:
            used.append(cache.folder / cache._key(export))
        for date, sku, desc, net in rows:
            code = sku.split("-")[1]
            if code not in consignors:
                log.warning("sale of %s for unknown consignor %s", sku, code)
                continue
            consignors[code].lines.append((f"{date} {desc}", net))

    out_csv = Path(f"payouts_{args.month}.csv")
    total = Decimal(0)
    with out_csv.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["code", "name", "items", "gross", "payout"])
        for c in sorted(consignors.values(), key=lambda c: c.name):
            if not c.lines:
                continue
            gross, payout = c.owed()
            total += payout
            writer.writerow([c.code, c.name, len(c.lines), gross, payout])

    if cache:
        cache.prune(used)
    Path(f"payouts_{args.month}.txt").write_text(
        f"Consignment payouts {args.month}\nTotal due: £{total}\nSee {out_csv}\n")
    log.info("total payout for %s: £%s", args.month, total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
