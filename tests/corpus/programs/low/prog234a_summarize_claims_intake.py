#!/usr/bin/env python3
"""Summarise a day's claims-intake exports for the morning stand-up.

Reads the intake CSV exports in a folder (one per clinic channel), counts
claims by status, species and clinic, totals the claimed amounts and writes
a small JSON and Markdown summary next to the exports.
"""
import argparse
import csv
import json
import logging
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

LOG = logging.getLogger("intake_summary")
REQUIRED = {"claim_id", "status", "species", "clinic_name", "amount"}


@dataclass
class Summary:
    files: int = 0
    claims: int = 0
    skipped: int = 0
    by_status: Counter = field(default_factory=Counter)
    by_species: Counter = field(default_factory=Counter)
    amount_by_clinic: dict = field(default_factory=lambda: defaultdict(Decimal))

    def add(self, row):
        try:
            amount = Decimal(row["amount"].replace(",", "").strip() or "0")
        except InvalidOperation:
            self.skipped += 1
            LOG.debug("bad amount in claim %s: %r", row.get("claim_id"), row["amount"])
            return
        self.claims += 1
        self.by_status[row["status"].strip().lower()] += 1
        self.by_species[row["species"].strip().lower()] += 1
        self.amount_by_clinic[row["clinic_name"].strip()] += amount

    def to_dict(self):
        return {
            "files": self.files,
            "claims": self.claims,
            "skipped": self.skipped,
            "by_status": dict(self.by_status),
            "by_species": dict(self.by_species),
            "amount_by_clinic": {k: str(v) for k, v in sorted(self.amount_by_clinic.items())},
            "total_amount": str(sum(self.amount_by_clinic.values(), Decimal(0))),
        }

    def to_markdown(self):
        lines = ["# Claims intake summary", "",
                 f"- files read: {self.files}",
                 f"- claims: {self.claims} (skipped {self.skipped})", "",
                 "| status | count |", "|---|---|"]
        lines += [f"| {s} | {n} |" for s, n in self.by_status.most_common()]
        lines += ["", "| clinic | claimed |", "|---|---|"]
        top = sorted(self.amount_by_clinic.items(), key=lambda kv: kv[1], reverse=True)[:10]
        lines += [f"| {c} | {a:.2f} |" for c, a in top]
        return "\n".join(lines) + "\n"


def read_export(path, summary):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = REQUIRED - set(reader.fieldnames or [])
        if missing:
            LOG.warning("%s lacks columns %s, skipped", path.name, sorted(missing))
            return
        summary.files += 1
        for row in reader:
            summary.add(row)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=Path("."))
    parser.add_argument("--pattern", default="intake_*.csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    exports = sorted(args.folder.glob(args.pattern))
    if not exports:
        LOG.error("no exports matching %s in %s", args.pattern, args.folder)
        return 1
    summary = Summary()
    for path in exports:
        try:
            read_export(path, summary)
        except (OSError, csv.Error, UnicodeDecodeError) as exc:
            LOG.warning("could not read %s: %s", path.name, exc)
    (args.folder / "intake_summary.json").write_text(
        json.dumps(summary.to_dict(), indent=2), encoding="utf-8")
    (args.folder / "intake_summary.md").write_text(summary.to_markdown(), encoding="utf-8")
    LOG.info("summarised %d claims from %d files", summary.claims, summary.files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
