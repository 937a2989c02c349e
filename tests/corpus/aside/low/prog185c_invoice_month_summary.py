#!/usr/bin/env python3
"""Monthly charter invoice summary for the bookkeeper.

Walks the invoice exports in the working folder (one CSV per yacht per month,
as produced by the booking system), totals charter fees, extras and
deposits, and writes a summary report the bookkeeper can attach to the VAT
return.  Intermediate caches from earlier runs are cleaned up afterwards.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger("invoice-summary")

INVOICE_DIR = Path(os.environ.get("BWC_INVOICE_DIR", "invoices"))
REPORT_DIR = Path("reports")
CACHE_DIR = Path(".summary_cache")
COLUMNS = ("charter_fee", "extras", "skipper_fee", "deposit_held")


def money(value):
    try:
        return Decimal(value.replace(",", "").strip() or "0")
    except (InvalidOperation, AttributeError):
        return Decimal("0")


def invoice_files(root, month):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".csv") and month in name:
                yield Path(dirpath, name)


class MonthTotals:
    def __init__(self):
        self.by_yacht = defaultdict(lambda: defaultdict(Decimal))
        self.count = 0

    def add_file(self, path):
        with path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yacht = row.get("yacht", path.stem.split("_")[0])
                for col in COLUMNS:
                    self.by_yacht[yacht][col] += money(row.get(col, "0"))
                self.count += 1

    def grand(self):
        out = defaultdict(Decimal)
        for cols in self.by_yacht.values():
            for k, v in cols.items():
                out[k] += v
        return out


def checksum(paths):
    h = hashlib.sha256()
    for p in paths:
        h.update(p.read_bytes())
    return h.hexdigest()


def write_report(month, totals, digest):
    REPORT_DIR.mkdir(exist_ok=True)
    out = REPORT_DIR / f"summary_{month}.json"
    data = {
        "month": month,
        "invoices": totals.count,
        "source_sha256": digest,
        "yachts": {y: {k: str(v) for k, v in c.items()} for y, c in totals.by_yacht.items()},
        "total": {k: str(v) for k, v in totals.grand().items()},
    }
    out.write_text(json.dumps(data, indent=2))
    os.chmod(out, 0o600)
    return out


def clean_cache():
    if CACHE_DIR.is_dir():
        for p in CACHE_DIR.glob("*.json"):
            p.unlink()
        CACHE_DIR.rmdir()


def main():
    ap = argparse.ArgumentParser(description="Summarise a month of charter invoices")
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--dir", type=Path, default=INVOICE_DIR)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    files = list(invoice_files(args.dir, args.month))
    if not files:
        log.error("no invoice exports for %s in %s", args.month, args.dir)
        return 1
    totals = MonthTotals()
    for f in files:
        totals.add_file(f)
    report = write_report(args.month, totals, checksum(files))
    clean_cache()
    g = totals.grand()
    log.info("%d invoices, charter fees EUR %s -> %s", totals.count, g["charter_fee"], report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
