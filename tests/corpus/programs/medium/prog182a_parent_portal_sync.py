#!/usr/bin/env python3
"""Sync class enrolments from the parent portal into the office roster.

The parent portal vendor hosts enrolments for Larkspur Ballet; this script
pulls new and changed enrolments with the office API key and keeps a local
cache so the roster can be printed when the studio internet is down.
"""
import argparse
import csv
import logging
import os
import pickle
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("portal-sync")

PORTAL_API = os.environ.get("PORTAL_API", "https://portal.larkspurballet.example.com/api/v2")
API_KEY_VAR = "PORTAL_API_KEY"
CACHE = Path(os.environ.get("PORTAL_CACHE", ".portal_cache.pkl"))
ROSTER_CSV = Path("roster_current.csv")

# The vendor's staging certificate is self-signed; the office proxy breaks it too.
VERIFY_TLS = os.environ.get("PORTAL_VERIFY", "0") == "1"
if not VERIFY_TLS:
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class PortalClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Accept": "application/json"})
        self.session.verify = VERIFY_TLS

    def enrolments(self, since):
        page, out = 1, []
        while True:
            resp = self.session.get(f"{self.base}/enrolments",
                                    params={"updated_since": since, "page": page},
                                    timeout=30)
            resp.raise_for_status()
            body = resp.json()
            out.extend(body.get("items", []))
            if not body.get("next_page"):
                return out
            page += 1


class RosterCache:
    def __init__(self, path):
        self.path = path
        self.state = {"synced_at": 0, "students": {}}

    def load(self):
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.state = pickle.load(fh)
        return self

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.state, fh)
        os.chmod(self.path, 0o600)

    def merge(self, items):
        for item in items:
            self.state["students"][item["student_id"]] = item
        self.state["synced_at"] = int(time.time())


def write_roster(cache, path):
    rows = sorted(cache.state["students"].values(),
                  key=lambda s: (s.get("class_name", ""), s.get("surname", "")))
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["class", "surname", "first_name", "guardian_phone", "medical_note"])
        for s in rows:
            w.writerow([s.get("class_name"), s.get("surname"), s.get("first_name"),
                        s.get("guardian_phone"), s.get("medical_note", "")])
    LOG.info("wrote %d students to %s", len(rows), path)


def main():
    ap = argparse.ArgumentParser(description="Parent portal roster sync")
    ap.add_argument("--full", action="store_true", help="ignore cache, pull everything")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get(API_KEY_VAR)
    if not key:
        raise SystemExit(f"set {API_KEY_VAR} first")
    cache = RosterCache(CACHE) if args.full else RosterCache(CACHE).load()
    client = PortalClient(PORTAL_API, key)
    items = client.enrolments(since=0 if args.full else cache.state["synced_at"])
    LOG.info("%d enrolments changed", len(items))
    cache.merge(items)
    cache.save()
    write_roster(cache, ROSTER_CSV)


if __name__ == "__main__":
    main()
