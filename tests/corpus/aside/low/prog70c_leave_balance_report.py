#!/usr/bin/env python3
"""Reconcile annual-leave balances between the HRIS and the payroll system.

Both systems export CSV snapshots; this tool matches them by employee id,
flags balances that differ by more than the tolerance and writes a
reconciliation report that HR operations can work through.
"""
import argparse
import csv
import logging
import sys
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

LOG = logging.getLogger("leave-recon")


@dataclass
class Balance:
    employee_id: str
    name: str = ""
    hris_days: Decimal = Decimal("0")
    payroll_days: Decimal = Decimal("0")
    notes: list = field(default_factory=list)

    @property
    def delta(self):
        return self.hris_days - self.payroll_days


def _decimal(value, where):
    try:
        return Decimal((value or "0").strip())
    except InvalidOperation:
        LOG.warning("unparseable balance %r in %s", value, where)
        return Decimal("0")


def read_snapshot(path, id_col, days_col, name_col=None):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            emp = (row.get(id_col) or "").strip()
            if emp:
                yield emp, _decimal(row.get(days_col), path), (row.get(name_col) or "").strip()


def reconcile(hris_path, payroll_path):
    balances = {}
    for emp, days, name in read_snapshot(hris_path, "EmployeeID", "LeaveBalanceDays", "FullName"):
        balances[emp] = Balance(emp, name=name, hris_days=days)
    for emp, days, _ in read_snapshot(payroll_path, "emp_no", "annual_leave_remaining"):
        bal = balances.setdefault(emp, Balance(emp))
        bal.payroll_days = days
        if not bal.name:
            bal.notes.append("missing from HRIS")
    for bal in balances.values():
        if bal.payroll_days == 0 and bal.hris_days != 0:
            bal.notes.append("no payroll balance")
    return balances


def write_report(balances, out_path, tolerance):
    flagged = 0
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["employee_id", "name", "hris_days", "payroll_days", "delta", "notes"])
        for bal in sorted(balances.values(), key=lambda b: b.employee_id):
            if abs(bal.delta) <= tolerance and not bal.notes:
                continue
            flagged += 1
            writer.writerow([bal.employee_id, bal.name, bal.hris_days, bal.payroll_days,
                             bal.delta, "; ".join(bal.notes)])
    return flagged


def summarise(balances):
    total_h = sum((b.hris_days for b in balances.values()), Decimal("0"))
    total_p = sum((b.payroll_days for b in balances.values()), Decimal("0"))
    LOG.info("HRIS total %.1f days, payroll total %.1f days, net delta %.1f",
             total_h, total_p, total_h - total_p)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("hris_csv", type=Path)
    ap.add_argument("payroll_csv", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("leave_reconciliation.csv"))
    ap.add_argument("--tolerance", type=Decimal, default=Decimal("0.5"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        balances = reconcile(args.hris_csv, args.payroll_csv)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read snapshots: %s", exc)
        return 1

    summarise(balances)
    flagged = write_report(balances, args.output, args.tolerance)
    LOG.info("%d employees compared, %d flagged -> %s", len(balances), flagged, args.output)
    return 0 if flagged == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
