#!/usr/bin/env python3
"""Push herd health records to the HerdHealth cloud service.

Reads the vet treatment log exported from the parlour PC (CSV), works out
milk and meat withdrawal end dates, and pushes new treatments to the
HerdHealth API.  A short run summary is kept locally for the farm office.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests

API_BASE = os.environ.get("HERDHEALTH_API", "https://api.herdhealth.example.com/v2")
STATE_FILE = Path(".herdhealth_state.json")
SUMMARY_FILE = Path("herdhealth_runs.log")

log = logging.getLogger("herdhealth")


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {"synced_ids": []}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def read_treatments(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                given = dt.date.fromisoformat(row["date"])
                milk_days = int(row.get("milk_withdrawal_days") or 0)
                meat_days = int(row.get("meat_withdrawal_days") or 0)
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row.get("id"), exc)
                continue
            yield {
                "id": row["id"],
                "animal_tag": row["tag"],
                "product": row["product"],
                "batch": row.get("batch", ""),
                "date_given": given.isoformat(),
                "milk_clear": (given + dt.timedelta(days=milk_days)).isoformat(),
                "meat_clear": (given + dt.timedelta(days=meat_days)).isoformat(),
                "vet": row.get("vet", ""),
            }


def in_withdrawal(records, today=None):
    """Tags of animals whose milk must still be kept out of the tank."""
    today = today or dt.date.today().isoformat()
    return sorted({r["animal_tag"] for r in records if r["milk_clear"] > today})


def write_summary(ok, failed, withheld):
    stamp = dt.datetime.now().isoformat(timespec="seconds")
    with SUMMARY_FILE.open("a") as fh:
        fh.write(f"{stamp} ok={len(ok)} failed={len(failed)} withheld={','.join(withheld) or '-'}\n")


def push(session, records, dry_run=False):
    ok, failed = [], []
    for rec in records:
        if dry_run:
            log.info("would push %s (%s)", rec["id"], rec["animal_tag"])
            continue
        resp = session.post(f"{API_BASE}/treatments", json=rec, timeout=15)
        if resp.status_code in (200, 201):
            ok.append(rec["id"])
        else:
            log.error("treatment %s rejected: %s %s", rec["id"], resp.status_code, resp.text[:200])
            failed.append(rec["id"])
    return ok, failed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push vet treatments to HerdHealth")
    ap.add_argument("csv", help="treatment log export")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("HERDHEALTH_API_KEY")
    if not key:
        log.error("HERDHEALTH_API_KEY is not set")
        return 1

    state = load_state()
    seen = set(state["synced_ids"])
    records = list(read_treatments(args.csv))
    todo = [r for r in records if r["id"] not in seen]
    log.info("%d new treatment(s) to sync", len(todo))

    api = requests.Session()
    api.headers.update({"Authorization": f"Bearer {key}", "User-Agent": "herdhealth-sync/1.7"})
    try:
        ok, failed = push(api, todo, args.dry_run)
    except requests.RequestException as exc:
        log.error("API unreachable: %s", exc)
        ok, failed = [], [r["id"] for r in todo]

    withheld = in_withdrawal(records)
    if withheld:
        log.warning("milk withheld for: %s", ", ".join(withheld))

    if not args.dry_run:
        state["synced_ids"] = sorted(seen | set(ok))
        state["last_run"] = dt.datetime.now().isoformat(timespec="seconds")
        save_state(state)
        write_summary(ok, failed, withheld)
    log.info("synced %d, failed %d", len(ok), len(failed))
    return 0 if not failed else 3


if __name__ == "__main__":
    sys.exit(main())
