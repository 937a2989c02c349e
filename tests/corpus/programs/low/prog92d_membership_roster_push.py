#!/usr/bin/env python3
"""Push the society membership roster to the Students' Union membership API.

Reads the CSV export produced by the society's sign-up form, normalises
student IDs and e-mail addresses, and upserts the members in batches so the
SU's records (and the society's access to room bookings) stay current.

Usage:
    roster_push.py members.csv --config society.json [--dry-run]

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

log = logging.getLogger("roster_push")

DEFAULT_API = "https://api.su-membership.example.ac.uk/v2"
DEFAULT_BATCH = 50
RETRYABLE = {429, 502, 503, 504}


class RosterError(Exception):
    pass


def load_config(path):
    cfg = {"api_base": DEFAULT_API, "society_id": None, "batch_size": DEFAULT_BATCH}
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    if not cfg["society_id"]:
        raise RosterError("society_id missing from config")
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


def client_context():
    """Run metadata the SU API stores alongside each sync for support tickets."""
    return {
        "tool": "roster_push",
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
    raise RosterError(f"gave up after {attempts} attempts: {url}")


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
        members = read_roster(args.csv)
        with requests.Session() as session:
            session.headers.update({"Authorization": f"Bearer {api_key}",
                                    "User-Agent": "roster-push/1.4"})
            created, updated = push(session, cfg, members, args.dry_run)
    except (RosterError, OSError, requests.RequestException) as exc:
        log.error("sync failed: %s", exc)
        return 1

    log.info("done: %d created, %d updated", created, updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
