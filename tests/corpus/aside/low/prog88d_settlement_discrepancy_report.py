#!/usr/bin/env python3
"""Settlement discrepancy report for pay-and-display machines.

Compares each machine's cash-box audit (coins and notes counted by the
collection contractor) with the machine's own ticket-sales journal and the
card settlement total, and produces a per-machine report for the parking
finance officer. Parsed journals are cached between runs.
"""
import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("settlement-report")

CACHE_DIR = Path(".report_cache")
TOLERANCE = Decimal("0.50")


def cache_key(path):
    h = hashlib.md5()
    h.update(str(path.resolve()).encode())
    h.update(str(path.stat().st_mtime_ns).encode())
    return h.hexdigest()


def cached(func):
    def wrapper(path):
        CACHE_DIR.mkdir(exist_ok=True)
        entry = CACHE_DIR / (cache_key(path) + ".json")
        if entry.exists():
            return {k: Decimal(v) for k, v in json.loads(entry.read_text()).items()}
        result = func(path)
        entry.write_text(json.dumps({k: str(v) for k, v in result.items()}))
        return result
    return wrapper


@cached
def journal_totals(path):
    """Sum ticket sales per machine and tender from a machine journal CSV."""
    totals = defaultdict(Decimal)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row["event"] != "TICKET_SOLD":
                continue
            totals["{}|{}".format(row["machine_id"], row["tender"])] += Decimal(row["amount"])
    return dict(totals)


def cashbox_counts(path):
    counts = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            counts[row["machine_id"]] = Decimal(row["coins"]) + Decimal(row.get("notes") or 0)
    return counts


def card_settlement(path):
    totals = defaultdict(Decimal)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            totals[row["terminal_id"]] += Decimal(row["amount"])
    return totals


def build_report(journals, cashbox, cards):
    sales = defaultdict(Decimal)
    for j in journals:
        for key, amount in journal_totals(j).items():
            sales[key] += amount
    machines = sorted({k.split("|")[0] for k in sales} | set(cashbox) | set(cards))
    for m in machines:
        cash_sold = sales.get(m + "|cash", Decimal(0))
        card_sold = sales.get(m + "|card", Decimal(0))
        cash_diff = cashbox.get(m, Decimal(0)) - cash_sold
        card_diff = cards.get(m, Decimal(0)) - card_sold
        flag = "CHECK" if abs(cash_diff) > TOLERANCE or abs(card_diff) > TOLERANCE else ""
        yield {"machine": m, "cash_sold": cash_sold, "cash_counted": cashbox.get(m, 0),
               "cash_diff": cash_diff, "card_sold": card_sold,
               "card_settled": cards.get(m, 0), "card_diff": card_diff, "flag": flag}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--journals", default="journals", help="dir of machine journal CSVs")
    ap.add_argument("--cashbox", default="cashbox_audit.csv")
    ap.add_argument("--cards", default="card_settlement.csv")
    ap.add_argument("-o", "--output", default="discrepancy_report.csv")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    journals = sorted(Path(args.journals).glob("*.csv"))
    if not journals:
        log.error("no journals found in %s", args.journals)
        return 1
    try:
        cashbox = cashbox_counts(Path(args.cashbox))
        cards = card_settlement(Path(args.cards))
    except (OSError, KeyError) as exc:
        log.error("input problem: %s", exc)
        return 1

    rows = list(build_report(journals, cashbox, cards))
    with open(args.output, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["machine"])
        w.writeheader()
        w.writerows(rows)
    flagged = sum(1 for r in rows if r["flag"])
    log.info("%d machines, %d flagged -> %s", len(rows), flagged, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
