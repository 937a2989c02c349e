#!/usr/bin/env python3
"""Import the till's end-of-day CSV exports into the shop's sales ledger.

The till writes one file per day (Z-report) as ZREP_<YYYYMMDD>.CSV into the
folder given with --source (normally the copy staff drop into ./till_drop).
Rows are normalised, de-duplicated and appended to ledger/sales.jsonl; a
per-department summary for each day goes to ledger/summary-<date>.json.
"""
import argparse
import csv
import hashlib
import json
import logging
import re
import sys
from collections import defaultdict
from datetime import datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path

LEDGER_DIR = Path("ledger")
LEDGER = LEDGER_DIR / "sales.jsonl"
SEEN = LEDGER_DIR / ".imported"
NAME_RE = re.compile(r"ZREP_(\d{8})\.CSV$", re.IGNORECASE)
DEPARTMENTS = {"01": "cut flowers", "02": "plants", "03": "sundries",
               "04": "delivery", "05": "gift cards", "06": "workshops"}

log = logging.getLogger("till_import")


def row_key(row):
    """Stable key used to skip rows already in the ledger."""
    blob = "|".join(row.get(k, "") for k in ("TXN", "LINE", "PLU", "AMOUNT", "TIME"))
    return hashlib.md5(blob.encode()).hexdigest()


def money(value):
    try:
        return Decimal(value.replace("£", "").replace(",", "").strip() or "0")
    except InvalidOperation:
        raise ValueError(f"bad amount {value!r}")


def read_zreport(path):
    day = datetime.strptime(NAME_RE.search(path.name).group(1), "%Y%m%d").date()
    with path.open(newline="", encoding="cp1252") as fh:
        for line_no, row in enumerate(csv.DictReader(fh, delimiter=";"), start=2):
            try:
                yield {
                    "key": row_key(row),
                    "date": day.isoformat(),
                    "time": row["TIME"],
                    "txn": row["TXN"],
                    "plu": row["PLU"],
                    "department": DEPARTMENTS.get(row["DEPT"].zfill(2), "other"),
                    "qty": int(row.get("QTY") or 1),
                    "amount": str(money(row["AMOUNT"])),
                    "tender": row.get("TENDER", "").lower() or "unknown",
                }
            except (KeyError, ValueError) as exc:
                log.warning("%s line %d skipped: %s", path.name, line_no, exc)


def load_seen():
    return set(SEEN.read_text().split()) if SEEN.exists() else set()


def import_files(files, seen):
    per_day = defaultdict(lambda: defaultdict(Decimal))
    added = 0
    with LEDGER.open("a", encoding="utf-8") as out:
        for f in files:
            for rec in read_zreport(f):
                if rec["key"] in seen:
                    continue
                out.write(json.dumps(rec) + "\n")
                seen.add(rec["key"])
                per_day[rec["date"]][rec["department"]] += Decimal(rec["amount"])
                added += 1
    return added, per_day


def write_summaries(per_day):
    for day, depts in per_day.items():
        target = LEDGER_DIR / f"summary-{day}.json"
        existing = json.loads(target.read_text()) if target.exists() else {}
        for dept, total in depts.items():
            existing[dept] = str(Decimal(existing.get(dept, "0")) + total)
        target.write_text(json.dumps(existing, indent=2, sort_keys=True))
        log.info("%s: %s", day, ", ".join(f"{k} £{v}" for k, v in sorted(existing.items())))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", type=Path, default=Path("till_drop"),
                    help="folder holding ZREP_*.CSV files")
    ap.add_argument("--keep", action="store_true", help="leave imported CSVs in place")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.source.is_dir():
        log.error("%s is not a folder", args.source)
        return 1
    files = sorted(p for p in args.source.iterdir() if NAME_RE.search(p.name))
    if not files:
        log.info("no Z-reports in %s", args.source)
        return 0

    LEDGER_DIR.mkdir(exist_ok=True)
    seen = load_seen()
    added, per_day = import_files(files, seen)
    SEEN.write_text("\n".join(sorted(seen)))
    write_summaries(per_day)
    log.info("%d new rows from %d files", added, len(files))

    if not args.keep and args.source.resolve().is_relative_to(Path.cwd()):
        done = args.source / "imported"
        done.mkdir(exist_ok=True)
        for f in files:
            f.rename(done / f.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
