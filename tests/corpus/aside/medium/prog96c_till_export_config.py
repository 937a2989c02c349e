#!/usr/bin/env python3
"""Concession till export.

Reads the end-of-shift CSV dumps written by the kiosk tills
(``./till_dumps/<stand>/<till>.csv``), normalises the column names across the
till vendors we run, and writes one consolidated CSV per stand plus a JSON
summary for finance.

Column mapping lives in ``till_columns.yml`` so new vendors can be added by
the stadium IT desk without touching the code.
"""
import argparse
import csv
import json
import logging
import sys
from collections import defaultdict
from decimal import Decimal, InvalidOperation
from pathlib import Path

import yaml

log = logging.getLogger("till_export")

DEFAULT_COLUMNS = {
    "kassa": {"ArtNr": "sku", "Bez": "item", "Menge": "qty", "Betrag": "amount", "Zeit": "ts"},
    "tillpoint": {"SKU": "sku", "Description": "item", "Qty": "qty", "Total": "amount", "Time": "ts"},
}


class ColumnConfig:
    """Vendor column mapping, loaded once from YAML."""

    _columns = None

    @classmethod
    def load(cls, path):
        if cls._columns is None:
            cls._columns = dict(DEFAULT_COLUMNS)
            if path.is_file():
                with path.open() as fh:
                    extra = yaml.load(fh, Loader=yaml.Loader) or {}
                cls._columns.update(extra.get("vendors", {}))
                log.debug("loaded %d vendor mappings from %s", len(extra.get("vendors", {})), path)
        return cls._columns


def format_row(row, mapping):
    return {mapping.get(k, k).lower(): (v.strip() if isinstance(v, str) else v) for k, v in row.items()}


def detect_vendor(header, columns):
    for vendor, cols in columns.items():
        if set(cols).issubset(header):
            return vendor
    return None


def parse_amount(raw):
    raw = (raw or "").replace(",", ".").strip()
    try:
        return Decimal(raw)
    except InvalidOperation:
        return None


def read_till(path, columns):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh, delimiter=";" if path.read_text()[:200].count(";") > 2 else ",")
        vendor = detect_vendor(reader.fieldnames or [], columns)
        if vendor is None:
            raise ValueError(f"{path}: unknown till format {reader.fieldnames}")
        mapping = columns[vendor]
        for row in reader:
            yield format_row(row, mapping)


def export_stand(stand_dir, out_dir, columns):
    rows, totals, bad = [], defaultdict(Decimal), 0
    for till_csv in sorted(stand_dir.glob("*.csv")):
        try:
            for row in read_till(till_csv, columns):
                amt = parse_amount(row.get("amount"))
                if amt is None:
                    bad += 1
                    continue
                row["till"] = till_csv.stem
                rows.append(row)
                totals[row.get("sku", "?")] += amt
        except (ValueError, OSError) as exc:
            log.warning("skipping %s: %s", till_csv, exc)
    if not rows:
        return None
    out_csv = out_dir / f"{stand_dir.name}.csv"
    with out_csv.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["till", "ts", "sku", "item", "qty", "amount"], extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    log.info("%s: %d rows (%d unparseable) -> %s", stand_dir.name, len(rows), bad, out_csv)
    return {"stand": stand_dir.name, "rows": len(rows), "bad": bad,
            "total": str(sum(totals.values())), "by_sku": {k: str(v) for k, v in totals.items()}}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dumps", default="./till_dumps", type=Path)
    ap.add_argument("--out", default="./export", type=Path)
    ap.add_argument("--columns", default="./till_columns.yml", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.dumps.is_dir():
        log.error("no dump directory at %s", args.dumps)
        return 1
    columns = ColumnConfig.load(args.columns)
    args.out.mkdir(parents=True, exist_ok=True)
    summary = [s for s in (export_stand(d, args.out, columns)
                           for d in sorted(args.dumps.iterdir()) if d.is_dir()) if s]
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2))
    log.info("exported %d stands", len(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
