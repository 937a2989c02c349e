#!/usr/bin/env python3
"""Reconcile prize-ticket redemptions against the kiosk counter export.

The redemption kiosks log every redemption to the ledger DB; each kiosk also
keeps a hardware ticket counter which is exported nightly to counters.csv.
This script compares the two per kiosk for a given day, writes a discrepancy
report and checks that the kiosk backend is answering, so the morning shift
knows whether a gap is a sync problem or a real discrepancy.

Usage:
    ticket_ledger_report.py --db ledger.db --counters counters.csv [--day 2024-05-11]
"""

import argparse
import csv
import logging
import os
import sqlite3
import urllib.error
import urllib.request
from collections import defaultdict
from datetime import date

log = logging.getLogger("reconcile")

BACKEND_URL = os.environ.get("KIOSK_BACKEND_URL", "https://kiosk-backend.example.net/healthz")


def ledger_totals(db_path, day):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    rows = conn.execute(
        "SELECT id, ts, kiosk_id, tickets, prize_sku FROM redemptions WHERE date(ts) = ? ORDER BY ts",
        (day,),
    ).fetchall()
    conn.close()
    totals = defaultdict(int)
    for r in rows:
        totals[r["kiosk_id"]] += r["tickets"]
    return totals, rows


def counter_totals(csv_path, day):
    totals = defaultdict(int)
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            if rec.get("date") == day:
                totals[rec["kiosk_id"]] += int(rec["tickets_dispensed"] or 0)
    return totals


def write_report(path, ledger, counters, tolerance):
    kiosks = sorted(set(ledger) | set(counters))
    flagged = 0
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["kiosk_id", "ledger_tickets", "counter_tickets", "delta", "flag"])
        for k in kiosks:
            delta = ledger.get(k, 0) - counters.get(k, 0)
            flag = abs(delta) > tolerance
            flagged += flag
            w.writerow([k, ledger.get(k, 0), counters.get(k, 0), delta, "CHECK" if flag else ""])
    return len(kiosks), flagged


def backend_reachable(url, timeout=5):
    req = urllib.request.Request(url, method="HEAD", headers={"User-Agent": "ledger-report/1.4"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return 200 <= resp.status < 400, resp.status
    except urllib.error.HTTPError as exc:
        return False, exc.code
    except (urllib.error.URLError, OSError) as exc:
        log.debug("backend check failed: %s", exc)
        return False, None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Reconcile ticket redemptions")
    ap.add_argument("--db", default="ledger.db")
    ap.add_argument("--counters", default="counters.csv")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--tolerance", type=int, default=25)
    ap.add_argument("--report", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        ledger, rows = ledger_totals(args.db, args.day)
        counters = counter_totals(args.counters, args.day)
    except (sqlite3.Error, OSError) as exc:
        log.error("cannot load inputs: %s", exc)
        return 2

    report = args.report or f"reconcile_{args.day}.csv"
    n, flagged = write_report(report, ledger, counters, args.tolerance)
    log.info("%d kiosks, %d redemptions reconciled for %s, %d flagged; report in %s",
             n, len(rows), args.day, flagged, report)

    ok, status = backend_reachable(BACKEND_URL)
    if ok:
        log.info("kiosk backend healthy (HTTP %s)", status)
    else:
        log.warning("kiosk backend not healthy (%s): gaps may be sync lag", status or "no answer")

    return 1 if flagged else 0


if __name__ == "__main__":
    raise SystemExit(main())
