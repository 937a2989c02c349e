#!/usr/bin/env python3
"""Diff two settlement CSV exports and report what changed.

Used when the processor re-issues a settlement file: compares the original
and the corrected export by settlement_id and writes a report listing added,
removed and changed rows, plus the net amount difference per currency.
"""

import argparse
import csv
import json
import logging
import sys
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

LOG = logging.getLogger("settlement_csv_diff")

KEY = "settlement_id"
COMPARED = ["value_date", "currency", "amount_minor", "reference", "merchant_id"]


class SettlementExport:
    def __init__(self, path: Path):
        self.path = path
        self.rows = {}

    def load(self) -> "SettlementExport":
        with self.path.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            if KEY not in (reader.fieldnames or []):
                raise ValueError(f"{self.path} has no {KEY} column")
            for row in reader:
                sid = row[KEY].strip()
                if sid in self.rows:
                    LOG.warning("%s: duplicate %s %s", self.path.name, KEY, sid)
                self.rows[sid] = row
        LOG.info("%s: %d rows", self.path.name, len(self.rows))
        return self


def diff(old: SettlementExport, new: SettlementExport) -> dict:
    added = sorted(set(new.rows) - set(old.rows))
    removed = sorted(set(old.rows) - set(new.rows))
    changed = []
    for sid in sorted(set(old.rows) & set(new.rows)):
        a, b = old.rows[sid], new.rows[sid]
        fields = {f: [a.get(f), b.get(f)] for f in COMPARED if a.get(f) != b.get(f)}
        if fields:
            changed.append({KEY: sid, "fields": fields})

    net = defaultdict(Decimal)
    for sid in added:
        row = new.rows[sid]
        net[row["currency"]] += Decimal(row["amount_minor"])
    for sid in removed:
        row = old.rows[sid]
        net[row["currency"]] -= Decimal(row["amount_minor"])
    for item in changed:
        sid = item[KEY]
        a, b = old.rows[sid], new.rows[sid]
        net[a["currency"]] -= Decimal(a["amount_minor"])
        net[b["currency"]] += Decimal(b["amount_minor"])

    return {
        "added": added,
        "removed": removed,
        "changed": changed,
        "net_minor_by_currency": {k: str(v) for k, v in sorted(net.items()) if v},
    }


def print_summary(report: dict) -> None:
    print(f"added:   {len(report['added'])}")
    print(f"removed: {len(report['removed'])}")
    print(f"changed: {len(report['changed'])}")
    for cur, amount in report["net_minor_by_currency"].items():
        print(f"net {cur}: {Decimal(amount) / 100:+,.2f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--report", type=Path, default=Path("settlement_diff.json"))
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        old = SettlementExport(args.old).load()
        new = SettlementExport(args.new).load()
    except (OSError, ValueError) as exc:
        LOG.error("%s", exc)
        return 2

    report = diff(old, new)
    args.report.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    LOG.info("wrote %s", args.report)
    if not args.quiet:
        print_summary(report)
    changed = report["added"] or report["removed"] or report["changed"]
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
