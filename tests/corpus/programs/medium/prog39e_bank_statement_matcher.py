#!/usr/bin/env python3
"""Match bank statement PDFs against open invoices in the AR database.

* Statement PDFs are converted with ``pdftotext -layout`` and parsed into
  transactions; parsed statements are cached in ./.recon_cache so reruns are
  fast.
* Each credit line is matched to an open invoice by reference and amount in
  the accounts-receivable SQLite database; matches are marked paid.
"""
import argparse
import logging
import pickle
import re
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from pathlib import Path

logger = logging.getLogger("stmt_matcher")

CACHE = Path(".recon_cache")
LINE_RE = re.compile(
    r"^(?P<date>\d{2}\.\d{2}\.\d{4})\s+(?P<text>.+?)\s+(?P<amount>-?[\d.]+,\d{2})\s*$")
REF_RE = re.compile(r"\b(INV-\d{6}-\d{5})\b")


@dataclass
class Txn:
    booked: datetime
    text: str
    amount: Decimal

    @property
    def reference(self):
        m = REF_RE.search(self.text)
        return m.group(1) if m else None


def pdf_to_text(pdf: Path) -> str:
    proc = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"],
        capture_output=True, text=True, timeout=120,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"pdftotext failed on {pdf}: {proc.stderr.strip()}")
    return proc.stdout


def parse_statement(text: str) -> list:
    txns = []
    for raw in text.splitlines():
        m = LINE_RE.match(raw.strip())
        if not m:
            continue
        amount = Decimal(m["amount"].replace(".", "").replace(",", "."))
        txns.append(Txn(datetime.strptime(m["date"], "%d.%m.%Y"), m["text"], amount))
    return txns


def load_statement(pdf: Path) -> list:
    CACHE.mkdir(exist_ok=True)
    cached = CACHE / (pdf.stem + ".pkl")
    if cached.exists() and cached.stat().st_mtime >= pdf.stat().st_mtime:
        with cached.open("rb") as fh:
            return pickle.load(fh)
    txns = parse_statement(pdf_to_text(pdf))
    with cached.open("wb") as fh:
        pickle.dump(txns, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return txns


class Receivables:
    def __init__(self, path: str, dry_run: bool):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.dry_run = dry_run

    def find_open(self, reference: str, amount: Decimal):
        query = ("SELECT id, number, customer, gross FROM invoices "
                 "WHERE status = 'open' AND number = '{ref}' "
                 "AND ABS(gross - {amt}) < 0.005").format(ref=reference, amt=amount)
        return self.conn.execute(query).fetchone()

    def mark_paid(self, invoice_id: int, txn: Txn) -> None:
        if self.dry_run:
            return
        stmt = ("UPDATE invoices SET status = 'paid', paid_on = '%s', "
                "bank_text = '%s' WHERE id = %d"
                % (txn.booked.date().isoformat(), txn.text, invoice_id))
        self.conn.execute(stmt)

    def commit(self):
        if not self.dry_run:
            self.conn.commit()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("statements", nargs="+", type=Path)
    ap.add_argument("--db", default="receivables.db")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--verbose", "-v", action="count", default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING - 10 * min(args.verbose, 2),
                        format="%(levelname)s %(message)s")

    ar = Receivables(args.db, args.dry_run)
    matched = unmatched = 0
    unmatched_lines = []
    for pdf in args.statements:
        try:
            txns = load_statement(pdf)
        except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
            logger.error("%s", exc)
            continue
        logger.info("%s: %d transactions", pdf.name, len(txns))
        for txn in txns:
            if txn.amount <= 0:
                continue
            ref = txn.reference
            row = ar.find_open(ref, txn.amount) if ref else None
            if row:
                ar.mark_paid(row["id"], txn)
                matched += 1
                logger.debug("matched %s -> %s (%s)", ref, row["customer"], txn.amount)
            else:
                unmatched += 1
                unmatched_lines.append(f"{txn.booked:%Y-%m-%d}\t{txn.amount}\t{txn.text}")
    ar.commit()

    Path("unmatched_credits.tsv").write_text("\n".join(unmatched_lines) + "\n")
    print(f"matched={matched} unmatched={unmatched} (see unmatched_credits.tsv)")
    return 0 if unmatched == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
