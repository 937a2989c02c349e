#!/usr/bin/env python3
"""Royalty statement generator for small-press author accounts.

Reads a sales ledger CSV (isbn, author_id, channel, units, net_receipts),
applies the contracted royalty tiers and writes one statement CSV per author
into ./statements.  Tier schedules are shipped as an encoded JSON table
exported from the accounting workbook so escalators can be updated without
touching the calculation code.
"""

import argparse
import base64
import csv
import json
import logging
import sys
from collections import defaultdict
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

log = logging.getLogger("royalty")

# Tier table exported by the accounting workbook (schedule rev 2024-07).
_RATE_TABLE = (
    "eyJyZXYiOiIyMDI0LTA3IiwidGllcnMiOlt7InVwdG8iOjUwMDAsInVwbGlmdCI6MC4wfSx7"
    "InVwdG8iOjEwMDAwLCJ1cGxpZnQiOjAuMDI1fSx7InVwdG8iOm51bGwsInVwbGlmdCI6MC4w"
    "NX1dfQ=="
)

BASE_RATES = {
    "hardback": Decimal("0.10"),
    "paperback": Decimal("0.075"),
    "ebook": Decimal("0.25"),
    "audio": Decimal("0.20"),
}


class RateSchedule:
    """Wraps the exported tier table and exposes rate lookups."""

    def __init__(self, override=None):
        self._override = override
        self._table = None

    def load(self):
        if self._table is not None:
            return self._table
        if self._override:
            text = self._override.read_text(encoding="utf-8")
        else:
            text = base64.b64decode(_RATE_TABLE).decode("utf-8")
        table = json.loads(text)
        if not table.get("tiers"):
            raise ValueError("rate table has no tiers")
        self._table = table
        log.debug("rate table rev %s loaded", table.get("rev"))
        return table

    def rate_for(self, channel, units):
        base = BASE_RATES.get(channel)
        if base is None:
            raise KeyError(f"no base rate for channel {channel!r}")
        for tier in self.load()["tiers"]:
            if tier["upto"] is None or units <= tier["upto"]:
                return (base + Decimal(str(tier["uplift"]))).quantize(Decimal("0.0001"))
        return base


def read_ledger(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {
                    "isbn": row["isbn"].strip(),
                    "author_id": row["author_id"].strip(),
                    "channel": row["channel"].strip().lower(),
                    "units": int(row["units"]),
                    "net": Decimal(row["net_receipts"]),
                }
            except (KeyError, ValueError) as exc:
                log.warning("skipping bad ledger row %r: %s", row, exc)


def compute(ledger, schedule):
    totals = defaultdict(lambda: defaultdict(lambda: {"units": 0, "net": Decimal("0")}))
    for line in ledger:
        bucket = totals[line["author_id"]][(line["isbn"], line["channel"])]
        bucket["units"] += line["units"]
        bucket["net"] += line["net"]

    statements = {}
    for author, titles in totals.items():
        rows = []
        for (isbn, channel), agg in sorted(titles.items()):
            rate = schedule.rate_for(channel, agg["units"])
            due = (agg["net"] * rate).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
            rows.append((isbn, channel, agg["units"], agg["net"], rate, due))
        statements[author] = rows
    return statements


def write_statements(statements, outdir, period):
    outdir.mkdir(parents=True, exist_ok=True)
    for author, rows in statements.items():
        target = outdir / f"{author}_{period}.csv"
        with open(target, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["isbn", "channel", "units", "net_receipts", "rate", "royalty_due"])
            w.writerows(rows)
            w.writerow([])
            w.writerow(["", "", "", "", "TOTAL", sum(r[5] for r in rows)])
        log.info("wrote %s (%d lines)", target, len(rows))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ledger", type=Path)
    ap.add_argument("--period", required=True, help="e.g. 2024H1")
    ap.add_argument("--out", type=Path, default=Path("statements"))
    ap.add_argument("--rates", type=Path, help="JSON tier table overriding the built-in one")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.ledger.exists():
        log.error("ledger %s not found", args.ledger)
        return 2
    schedule = RateSchedule(args.rates)
    try:
        statements = compute(read_ledger(args.ledger), schedule)
    except (KeyError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    write_statements(statements, args.out, args.period)
    return 0


if __name__ == "__main__":
    sys.exit(main())
