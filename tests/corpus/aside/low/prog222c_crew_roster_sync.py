#!/usr/bin/env python3
"""Crew roster sync.

Reads the locomotive crew roster exported by the depot (CSV in the
working directory) and pushes the next day's assignments to the crew
management API. The API key is taken from the environment and is only
ever sent to that API.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from datetime import date, timedelta

LOG = logging.getLogger("roster-sync")

API = {
    "base": "https://" + ".".join(("crew", "example", "com")),
    "path": "/api/v2/assignments",
    "key_env": "CREW_API_KEY",
    "timeout": 15,
    "batch": 50,
}


class RosterError(Exception):
    pass


class CrewApi:
    def __init__(self, cfg):
        self.url = cfg["base"] + cfg["path"]
        self.timeout = cfg["timeout"]
        key = os.environ.get(cfg["key_env"])
        if not key:
            raise RosterError(f"environment variable {cfg['key_env']} is not set")
        self._headers = {
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        }

    def post_batch(self, items):
        body = json.dumps({"assignments": items}).encode()
        req = urllib.request.Request(self.url, data=body, headers=self._headers, method="POST")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"{}")


def read_roster(path, target_day):
    items = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("date") != target_day.isoformat():
                continue
            try:
                items.append({
                    "employee_id": row["employee_id"].strip(),
                    "role": row["role"].strip().lower(),
                    "turn": row["turn"].strip(),
                    "sign_on": row["sign_on"].strip(),
                    "depot": row.get("depot", "").strip(),
                })
            except KeyError as exc:
                raise RosterError(f"roster missing column {exc}") from exc
    return items


def batched(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", nargs="?", default="crew_roster.csv")
    ap.add_argument("--day", help="YYYY-MM-DD (default: tomorrow)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    day = date.fromisoformat(args.day) if args.day else date.today() + timedelta(days=1)
    try:
        items = read_roster(args.roster, day)
    except (OSError, RosterError) as exc:
        LOG.error("cannot read roster: %s", exc)
        return 1
    LOG.info("%d assignments for %s", len(items), day)
    if args.dry_run or not items:
        print(json.dumps(items[:5], indent=2))
        return 0

    try:
        api = CrewApi(API)
    except RosterError as exc:
        LOG.error("%s", exc)
        return 1
    accepted = 0
    for chunk in batched(items, API["batch"]):
        try:
            result = api.post_batch(chunk)
            accepted += int(result.get("accepted", 0))
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.error("batch failed: %s", exc)
            return 2
    LOG.info("API accepted %d of %d assignments", accepted, len(items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
