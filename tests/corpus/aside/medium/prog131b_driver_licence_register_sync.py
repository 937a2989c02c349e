#!/usr/bin/env python3
"""Sync the office's driver licence register to the council licensing portal.

Reads drivers.csv (driver_id, name, dvla_licence, dvla_expiry, badge_no,
badge_expiry, vehicle_reg), validates licence formats and expiry dates,
and submits only the records that changed since the last run.  The last
submitted state is kept in a local cache file.
"""
import argparse
import csv
import datetime as dt
import hashlib
import logging
import os
import pickle
import re
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("licence-sync")

PORTAL_URL = os.environ.get("LICENSING_PORTAL_URL",
                            "https://licensing.council.example/api/v1")
CACHE_FILE = Path(".licence_sync.cache")

DVLA_RE = re.compile(r"^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}$")
BADGE_RE = re.compile(r"^[A-Z]{0,3}\d{4,7}$")


class DriverRecord:
    __slots__ = ("driver_id", "name", "dvla_licence", "dvla_expiry",
                 "badge_no", "badge_expiry", "vehicle_reg")

    def __init__(self, row):
        for key in self.__slots__:
            setattr(self, key, (row.get(key) or "").strip())

    def problems(self, today):
        out = []
        if not DVLA_RE.match(self.dvla_licence.upper()):
            out.append("DVLA licence number malformed")
        if not BADGE_RE.match(self.badge_no.upper()):
            out.append("badge number malformed")
        for label, value in (("DVLA", self.dvla_expiry), ("badge", self.badge_expiry)):
            try:
                if dt.date.fromisoformat(value) < today:
                    out.append(f"{label} expired {value}")
            except ValueError:
                out.append(f"{label} expiry not a date: {value!r}")
        return out

    def as_payload(self):
        return {k: getattr(self, k) for k in self.__slots__}

    def fingerprint(self):
        joined = "|".join(getattr(self, k) for k in self.__slots__)
        return hashlib.md5(joined.encode()).hexdigest()


def read_register(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield DriverRecord(row)


class SyncState:
    """Fingerprints of what the portal last accepted, keyed by driver id."""

    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.seen = {}
        if path.exists():
            try:
                with open(path, "rb") as fh:
                    self.seen = pickle.load(fh)
            except (EOFError, pickle.UnpicklingError) as exc:
                LOG.warning("cache unreadable, starting fresh: %s", exc)

    def changed(self, rec):
        return self.seen.get(rec.driver_id) != rec.fingerprint()

    def mark(self, rec):
        self.seen[rec.driver_id] = rec.fingerprint()

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.seen, fh)
        os.chmod(self.path, 0o600)


def upload(records, token, state, dry_run=False):
    sess = requests.Session()
    sess.headers["Authorization"] = f"Bearer {token}"
    sent = failed = 0
    for rec in records:
        if not state.changed(rec):
            continue
        if dry_run:
            LOG.info("would upload %s", rec.driver_id)
            continue
        try:
            r = sess.put(f"{PORTAL_URL}/drivers/{rec.driver_id}",
                         json=rec.as_payload(), timeout=20)
            r.raise_for_status()
            state.mark(rec)
            sent += 1
        except requests.RequestException as exc:
            LOG.warning("driver %s rejected: %s", rec.driver_id, exc)
            failed += 1
    return sent, failed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync driver licence register")
    ap.add_argument("register", nargs="?", default="drivers.csv")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--full", action="store_true", help="ignore the cache")
    ap.add_argument("--strict", action="store_true",
                    help="abort if any record fails validation")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("LICENSING_PORTAL_TOKEN")
    if not token and not args.dry_run:
        LOG.error("LICENSING_PORTAL_TOKEN not set")
        return 2

    state = SyncState()
    if args.full:
        state.seen.clear()

    today = dt.date.today()
    good, bad = [], []
    for rec in read_register(args.register):
        issues = rec.problems(today)
        if issues:
            LOG.warning("%s %s: %s", rec.driver_id, rec.name, "; ".join(issues))
            bad.append(rec.driver_id)
        else:
            good.append(rec)

    if bad and args.strict:
        LOG.error("%d invalid records, nothing uploaded", len(bad))
        return 1

    sent, failed = upload(good, token, state, args.dry_run)
    if not args.dry_run:
        state.save()
    LOG.info("uploaded %d, rejected %d, invalid %d", sent, failed, len(bad))
    return 0 if not failed else 3


if __name__ == "__main__":
    sys.exit(main())
