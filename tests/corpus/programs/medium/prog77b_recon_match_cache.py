#!/usr/bin/env python3
"""Match bank statement lines against open invoices.

Reads the normalised bank CSV and the open-items CSV from the ERP export,
matches by invoice reference in the remittance text first, then by exact
amount and counterparty, and writes matched / unmatched reports. Fuzzy
reference scoring is slow on large statements, so scored candidates are kept
in a per-statement cache between reruns during the close.
"""

import argparse
import csv
import hashlib
import logging
import pickle
import re
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from difflib import SequenceMatcher
from pathlib import Path

log = logging.getLogger("recon-match")

REF_RE = re.compile(r"\b(?:INV|RE|RG)[-\s]?(\d{5,8})\b", re.I)


@dataclass
class BankLine:
    line_id: str
    booked: str
    amount: Decimal
    counterparty: str
    text: str


@dataclass
class OpenItem:
    invoice: str
    customer: str
    amount: Decimal
    candidates: list = field(default_factory=list)


class CandidateCache:
    """Scored candidates per statement, stored next to the workspace."""

    def __init__(self, cache_dir, statement_path):
        key = hashlib.sha256(Path(statement_path).read_bytes()).hexdigest()[:16]
        self.path = Path(cache_dir) / f"candidates_{key}.bin"
        self.data = {}

    def load(self):
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.data = pickle.load(fh)
            log.info("loaded %d cached candidate sets", len(self.data))
        return self

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)


def read_bank(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for i, row in enumerate(csv.reader(fh)):
            yield BankLine(f"L{i:05d}", row[0], Decimal(row[1]), row[3], row[4])


def read_open_items(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield OpenItem(row["invoice"], row["customer"], Decimal(row["amount"]))


def score(line, item):
    s = 0.0
    if line.amount == item.amount:
        s += 0.5
    s += 0.3 * SequenceMatcher(None, line.counterparty.lower(), item.customer.lower()).ratio()
    if item.invoice in line.text:
        s += 0.2
    return round(s, 4)


def match(lines, items, cache, threshold):
    by_invoice = {it.invoice: it for it in items}
    matched, unmatched = [], []
    for line in lines:
        m = REF_RE.search(line.text)
        if m and m.group(1) in by_invoice and by_invoice[m.group(1)].amount == line.amount:
            matched.append((line, by_invoice.pop(m.group(1)), 1.0))
            continue
        if line.line_id not in cache.data:
            cache.data[line.line_id] = sorted(
                ((score(line, it), it.invoice) for it in by_invoice.values()), reverse=True)[:5]
        best = next(((s, inv) for s, inv in cache.data[line.line_id] if inv in by_invoice), None)
        if best and best[0] >= threshold:
            matched.append((line, by_invoice.pop(best[1]), best[0]))
        else:
            unmatched.append(line)
    return matched, unmatched, list(by_invoice.values())


def write_reports(out_dir, matched, unmatched, open_left):
    out_dir.mkdir(parents=True, exist_ok=True)
    with (out_dir / "matched.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["line_id", "booked", "amount", "invoice", "score"])
        for line, item, s in matched:
            w.writerow([line.line_id, line.booked, line.amount, item.invoice, s])
    with (out_dir / "unmatched_bank.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["line_id", "booked", "amount", "counterparty", "text"])
        for line in unmatched:
            w.writerow([line.line_id, line.booked, line.amount, line.counterparty, line.text])
    with (out_dir / "open_items_left.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["invoice", "customer", "amount"])
        for it in open_left:
            w.writerow([it.invoice, it.customer, it.amount])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("statement")
    ap.add_argument("open_items")
    ap.add_argument("--out", default="recon_out")
    ap.add_argument("--cache-dir", default=".cache/recon")
    ap.add_argument("--threshold", type=float, default=0.75)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = CandidateCache(args.cache_dir, args.statement).load()
    lines = list(read_bank(args.statement))
    items = list(read_open_items(args.open_items))
    matched, unmatched, left = match(lines, items, cache, args.threshold)
    cache.save()
    write_reports(Path(args.out), matched, unmatched, left)
    log.info("%d matched, %d bank lines unmatched, %d open items left",
             len(matched), len(unmatched), len(left))
    return 0


if __name__ == "__main__":
    sys.exit(main())
