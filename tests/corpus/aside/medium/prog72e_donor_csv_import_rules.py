#!/usr/bin/env python3
"""Normalise donation exports from several payment processors into one ledger.

Each processor (Stripe, PayPal, CanadaHelps, JustGiving, ...) exports CSVs with
its own column names, date formats and fee conventions. The column mapping and
the choice of clean-up function per field live in import_rules.yaml next to
this script, so the treasurer can adjust them without touching code; this tool
applies them and writes ledger.csv ready for the bookkeeping import.
"""
import argparse
import csv
import datetime as dt
import decimal
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("donor-import")

DEFAULT_RULES = Path(__file__).with_name("import_rules.yaml")
LEDGER_FIELDS = ["date", "donor_name", "donor_email", "gross", "fee", "net", "currency",
                 "campaign", "source", "reference"]


def _money(v):
    v = v.strip().replace(",", "").replace("$", "").replace("£", "").replace("€", "")
    return str(decimal.Decimal(v or "0").quantize(decimal.Decimal("0.01")))


def _date(v):
    v = v.strip()
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%m/%d/%Y", "%Y-%m-%d %H:%M:%S", "%d %b %Y"):
        try:
            return dt.datetime.strptime(v, fmt).date().isoformat()
        except ValueError:
            continue
    raise ValueError("unrecognised date")


TRANSFORMS = {
    "strip": str.strip,
    "lower": lambda v: v.strip().lower(),
    "title": lambda v: v.strip().title(),
    "money": _money,
    "negate_money": lambda v: _money(v.replace("-", "")),
    "date": _date,
    "upper": lambda v: v.strip().upper(),
}


class RuleSet:
    """Column maps plus named field transforms for each processor."""

    def __init__(self, doc):
        self.version = doc.get("version", "?")
        self.processors = doc.get("processors", {})
        for proc, spec in self.processors.items():
            for col, fx in spec.get("transforms", {}).items():
                if fx not in TRANSFORMS:
                    raise ValueError("%s.%s: unknown transform %r" % (proc, col, fx))

    @classmethod
    def from_file(cls, path):
        with open(path, encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
        return cls(doc or {})

    def detect(self, header):
        cols = {h.strip().lower() for h in header}
        for proc, spec in self.processors.items():
            if set(c.lower() for c in spec.get("signature", [])) <= cols:
                return proc
        return None


def convert_file(path, rules):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        proc = rules.detect(reader.fieldnames or [])
        if proc is None:
            log.error("%s: unrecognised export format", path)
            return []
        spec = rules.processors[proc]
        colmap = spec["columns"]
        fieldfx = spec.get("transforms", {})
        out = []
        for lineno, row in enumerate(reader, start=2):
            rec = {"source": proc}
            for ledger_col, src_col in colmap.items():
                value = row.get(src_col, "")
                fx = TRANSFORMS[fieldfx.get(ledger_col, "strip")]
                try:
                    rec[ledger_col] = fx(value)
                except (ValueError, decimal.InvalidOperation) as exc:
                    log.warning("%s:%d %s=%r: %s", path, lineno, ledger_col, value, exc)
                    rec[ledger_col] = value
            out.append(rec)
        log.info("%s: %d rows as %s", path, len(out), proc)
        return out


def main():
    ap = argparse.ArgumentParser(description="normalise donation exports")
    ap.add_argument("exports", nargs="+", help="processor CSV exports")
    ap.add_argument("-o", "--output", default="ledger.csv")
    ap.add_argument("-r", "--rules", default=str(DEFAULT_RULES))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rules = RuleSet.from_file(args.rules)
    except (OSError, yaml.YAMLError, ValueError) as exc:
        log.error("cannot load rules from %s: %s", args.rules, exc)
        return 2
    log.info("using rule set %s", rules.version)

    rows = []
    for p in args.exports:
        rows.extend(convert_file(p, rules))
    rows.sort(key=lambda r: r.get("date", ""))

    with open(args.output, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=LEDGER_FIELDS, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    log.info("wrote %d ledger rows to %s", len(rows), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
