#!/usr/bin/env python3
"""Membership fee reconciler for the tennis club treasurer.

Fetches the latest bank statement export from the clubhouse NAS (the
office PC drops it there every Monday), matches it against the membership
register and the fee schedule, and writes fee_report.csv with paid /
part-paid / unpaid per member.

Payments are matched on the membership number in the payment reference
first, then on the payer's IBAN.
"""

import argparse
import csv
import ftplib
import logging
import os
import re
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger("fee_reconciler")

FEES = {
    "adult": Decimal("265.00"),
    "junior": Decimal("85.00"),
    "student": Decimal("120.00"),
    "family": Decimal("540.00"),
    "social": Decimal("40.00"),
}
REF_PATTERN = re.compile(r"\b(M\d{4,5})\b", re.I)


def fetch_latest_statement(host, user, password, remote_dir, dest_dir):
    """Download the newest statement_*.csv from the NAS share."""
    dest_dir.mkdir(exist_ok=True)
    with ftplib.FTP(host, timeout=30) as ftp:
        ftp.login(user, password)
        ftp.cwd(remote_dir)
        names = sorted(n for n in ftp.nlst() if n.startswith("statement_") and n.endswith(".csv"))
        if not names:
            raise FileNotFoundError(f"no statements in {remote_dir} on {host}")
        latest = names[-1]
        target = dest_dir / latest
        with open(target, "wb") as fh:
            ftp.retrbinary(f"RETR {latest}", fh.write)
    log.info("downloaded %s from %s", latest, host)
    return target


def read_members(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        return {row["membership_no"].upper(): row for row in csv.DictReader(fh)}


def read_statement(path):
    rows = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                amount = Decimal(row["Amount"].replace(",", ""))
            except (InvalidOperation, KeyError):
                log.warning("unparseable amount in row %r", row)
                continue
            if amount <= 0:
                continue
            rows.append({
                "date": row.get("Date", ""),
                "amount": amount,
                "name": row.get("Counterparty", "").strip(),
                "iban": row.get("Counterparty IBAN", "").replace(" ", "").upper(),
                "reference": row.get("Reference", ""),
            })
    return rows


def match_payments(members, payments, iban_index):
    paid = {m: Decimal("0") for m in members}
    unmatched = []
    for p in payments:
        found = REF_PATTERN.search(p["reference"])
        member_no = found.group(1).upper() if found else None
        if member_no not in members:
            member_no = iban_index.get(p["iban"])
        if member_no:
            paid[member_no] += p["amount"]
        else:
            unmatched.append(p)
    return paid, unmatched


def write_report(path, members, paid):
    counts = {"paid": 0, "part-paid": 0, "unpaid": 0}
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["membership_no", "name", "category", "due", "paid", "status"])
        for no, m in sorted(members.items()):
            due = FEES.get(m["category"].lower(), FEES["adult"])
            got = paid[no]
            status = "paid" if got >= due else ("part-paid" if got > 0 else "unpaid")
            counts[status] += 1
            writer.writerow([no, m["name"], m["category"], due, got, status])
    return counts


def main(argv=None):
    ap = argparse.ArgumentParser(description="Reconcile membership fees")
    ap.add_argument("statement", nargs="?", help="local statement CSV (skips NAS fetch)")
    ap.add_argument("--members", default="members.csv")
    ap.add_argument("--out", default="fee_report.csv")
    ap.add_argument("--nas-host", default=os.environ.get("CLUB_NAS_HOST", "nas.clubhouse.lan"))
    ap.add_argument("--nas-dir", default="/treasurer/statements")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    statement = args.statement
    if not statement:
        try:
            statement = fetch_latest_statement(
                args.nas_host,
                os.environ.get("CLUB_NAS_USER", "treasurer"),
                os.environ.get("CLUB_NAS_PASSWORD", ""),
                args.nas_dir,
                Path("statements"),
            )
        except ftplib.all_errors as exc:
            log.error("could not fetch statement: %s", exc)
            return 1

    try:
        members = read_members(args.members)
        payments = read_statement(statement)
    except (OSError, KeyError) as exc:
        log.error("input error: %s", exc)
        return 1

    iban_index = {m["iban"].replace(" ", "").upper(): no
                  for no, m in members.items() if m.get("iban")}
    paid, unmatched = match_payments(members, payments, iban_index)
    counts = write_report(args.out, members, paid)
    log.info("report written to %s: %s", args.out, counts)
    for p in unmatched:
        log.warning("unmatched payment %s %s from %s (%s)", p["date"], p["amount"],
                    p["name"], p["reference"])
    return 0 if not unmatched else 3


if __name__ == "__main__":
    sys.exit(main())
