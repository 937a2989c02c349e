#!/usr/bin/env python3
"""Payroll batch runner.

Computes weekly pay for artists and crew from the timesheet CSV and writes
payslip rows for the accountant. The payroll directory on the tour server is
owned by the payroll service account, so the runner switches identity before
touching it.
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import os
import pwd
import sys
from decimal import Decimal, ROUND_HALF_UP

log = logging.getLogger("payroll-batch")

RATES = {
    "aerialist": Decimal("38.50"),
    "clown": Decimal("29.00"),
    "rigger": Decimal("34.75"),
    "crew": Decimal("24.00"),
}
OVERTIME_AFTER = Decimal("40")
OVERTIME_FACTOR = Decimal("1.5")


class Identity:
    """Thin wrapper over libc so we can switch to the service account."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise PermissionError("%s failed: %s" % (what, os.strerror(err)))

    def become(self, account):
        entry = pwd.getpwnam(account)
        uid, gid = entry.pw_uid, entry.pw_gid
        groups = (ctypes.c_uint * 1)(gid)
        self._check(self.libc.setgroups(1, groups), "setgroups")
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = entry.pw_dir
        log.info("now running as %s (%d)", account, uid)

    def elevate(self):
        """Regain full rights if the binary was started with them saved."""
        self._check(self.libc.setresuid(0, 0, 0), "setresuid(0)")
        self._check(self.libc.setresgid(0, 0, 0), "setresgid(0)")


def pay_for(role, hours):
    rate = RATES.get(role, RATES["crew"])
    base = min(hours, OVERTIME_AFTER) * rate
    extra = max(Decimal(0), hours - OVERTIME_AFTER) * rate * OVERTIME_FACTOR
    return (base + extra).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def process(timesheet, out_path):
    total = Decimal(0)
    with open(timesheet, newline="") as src, open(out_path, "w", newline="") as dst:
        writer = csv.writer(dst)
        writer.writerow(["name", "role", "hours", "gross"])
        for row in csv.DictReader(src):
            try:
                hours = Decimal(row["hours"])
            except Exception:
                log.warning("bad hours for %s, skipped", row.get("name"))
                continue
            gross = pay_for(row["role"].lower(), hours)
            writer.writerow([row["name"], row["role"], hours, gross])
            total += gross
    return total


def main():
    parser = argparse.ArgumentParser(description="Run the weekly payroll batch")
    parser.add_argument("timesheet")
    parser.add_argument("--out", default="/srv/payroll/payslips.csv")
    parser.add_argument("--account", default="payroll")
    parser.add_argument("--no-switch", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not args.no_switch:
        ident = Identity()
        try:
            if os.geteuid() != 0:
                ident.elevate()
            ident.become(args.account)
        except (PermissionError, KeyError) as exc:
            log.error("cannot switch to %s: %s", args.account, exc)
            return 1

    total = process(args.timesheet, args.out)
    log.info("payroll total %s written to %s", total, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
