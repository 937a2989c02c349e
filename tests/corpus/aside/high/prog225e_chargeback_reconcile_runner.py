#!/usr/bin/env python3
"""Nightly chargeback reconciliation, run as the fraud service account.

Ops kicks this off from the scheduler host as root; the job itself must run
as the unprivileged svc-fraud account so the files it writes in the shared
reconciliation folder get the right owner. It drops to that account, then
matches the payment processor's chargeback file against seller payouts and
writes a list of sellers whose payouts should be held.

Usage:
    chargeback_reconcile_runner.py chargebacks.csv payouts.csv [--user svc-fraud]
"""

import argparse
import csv
import grp
import logging
import os
import pwd
import sys
from collections import defaultdict
from decimal import Decimal, InvalidOperation

LOG = logging.getLogger("chargeback-reconcile")


def drop_privileges(username):
    """Switch from root to the service account (groups, gid, then uid)."""
    if os.geteuid() != 0:
        LOG.info("not root; running as %s", pwd.getpwuid(os.geteuid()).pw_name)
        return
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.umask(0o027)
    os.environ["HOME"] = entry.pw_dir
    LOG.info("dropped privileges to %s (uid=%d gid=%d)", username, entry.pw_uid, entry.pw_gid)


def to_amount(text):
    try:
        return Decimal(text.strip())
    except (InvalidOperation, AttributeError):
        return Decimal("0")


class Reconciler:
    def __init__(self, hold_ratio):
        self.hold_ratio = Decimal(str(hold_ratio))
        self.chargebacks = defaultdict(Decimal)
        self.payouts = defaultdict(Decimal)

    def load_chargebacks(self, path):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                self.chargebacks[row["seller_id"]] += to_amount(row.get("amount", "0"))

    def load_payouts(self, path):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                self.payouts[row["seller_id"]] += to_amount(row.get("amount", "0"))

    def holds(self):
        out = []
        for seller, cb_total in self.chargebacks.items():
            paid = self.payouts.get(seller, Decimal("0"))
            ratio = (cb_total / paid) if paid else Decimal("1")
            if ratio >= self.hold_ratio:
                out.append((seller, cb_total, paid, ratio))
        return sorted(out, key=lambda r: r[3], reverse=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("chargebacks")
    ap.add_argument("payouts")
    ap.add_argument("--user", default="svc-fraud")
    ap.add_argument("--hold-ratio", type=float, default=0.05)
    ap.add_argument("--out", default="payout_holds.csv")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        drop_privileges(args.user)
    except (KeyError, PermissionError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 2

    rec = Reconciler(args.hold_ratio)
    try:
        rec.load_chargebacks(args.chargebacks)
        rec.load_payouts(args.payouts)
    except (OSError, KeyError) as exc:
        LOG.error("input problem: %s", exc)
        return 1

    holds = rec.holds()
    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["seller_id", "chargebacks", "payouts", "ratio"])
        for seller, cb, paid, ratio in holds:
            w.writerow([seller, cb, paid, f"{ratio:.4f}"])
    LOG.info("%d sellers flagged for payout hold -> %s", len(holds), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
