#!/usr/bin/env python3
"""worklog-summary: turn the local worklog.csv into Clockify time entries.

worklog.csv (written by your editor plugin / shell prompt hook) looks like:

    start,end,project,description
    2024-05-02T09:05:00,2024-05-02T10:40:00,api-gateway,review PR 412

Entries are merged per project and day and pushed to Clockify with the API
key in $CLOCKIFY_API_KEY. Already-pushed rows are remembered in
.worklog_pushed.json so re-running never double-books time.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("worklog-summary")

API = "https://api.clockify.me/api/v1"
PUSHED = Path(".worklog_pushed.json")


def parse_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                start = dt.datetime.fromisoformat(row["start"])
                end = dt.datetime.fromisoformat(row["end"])
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", lineno, exc)
                continue
            if end <= start:
                continue
            yield start, end, row.get("project", "misc").strip(), row.get("description", "").strip()


def merge(rows):
    """Group by (day, project) keeping first start and summed duration."""
    buckets = defaultdict(lambda: {"start": None, "seconds": 0, "notes": []})
    for start, end, project, desc in rows:
        b = buckets[(start.date(), project)]
        b["start"] = min(b["start"] or start, start)
        b["seconds"] += int((end - start).total_seconds())
        if desc and desc not in b["notes"]:
            b["notes"].append(desc)
    return buckets


class Clockify:
    def __init__(self, key, workspace, timeout=15):
        self.s = requests.Session()
        self.s.headers.update({"X-Api-Key": key, "Content-Type": "application/json"})
        self.ws = workspace
        self.timeout = timeout
        self._projects = None

    def project_id(self, name):
        if self._projects is None:
            r = self.s.get(f"{API}/workspaces/{self.ws}/projects",
                           params={"page-size": 500}, timeout=self.timeout)
            r.raise_for_status()
            self._projects = {p["name"]: p["id"] for p in r.json()}
        return self._projects.get(name)

    def add_entry(self, start, seconds, project, description):
        body = {
            "start": start.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "end": (start + dt.timedelta(seconds=seconds)).astimezone(dt.timezone.utc)
                   .strftime("%Y-%m-%dT%H:%M:%SZ"),
            "description": description[:3000],
            "projectId": self.project_id(project),
        }
        r = self.s.post(f"{API}/workspaces/{self.ws}/time-entries",
                        data=json.dumps(body), timeout=self.timeout)
        r.raise_for_status()
        return r.json()["id"]


def main():
    ap = argparse.ArgumentParser(description="push worklog.csv to Clockify")
    ap.add_argument("csv", nargs="?", default="worklog.csv")
    ap.add_argument("--workspace", default=os.environ.get("CLOCKIFY_WORKSPACE"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("CLOCKIFY_API_KEY")
    if not args.dry_run and (not key or not args.workspace):
        log.error("set CLOCKIFY_API_KEY and CLOCKIFY_WORKSPACE (or --workspace)")
        return 2

    done = set(json.loads(PUSHED.read_text())) if PUSHED.exists() else set()
    buckets = merge(parse_rows(args.csv))
    client = None if args.dry_run else Clockify(key, args.workspace)

    for (day, project), b in sorted(buckets.items()):
        tag = f"{day}:{project}"
        hours = b["seconds"] / 3600
        if tag in done:
            continue
        desc = "; ".join(b["notes"]) or project
        if client is None:
            print(f"{day}  {project:<20} {hours:5.2f}h  {desc}")
            continue
        try:
            entry = client.add_entry(b["start"], b["seconds"], project, desc)
        except requests.RequestException as exc:
            log.error("%s: %s", tag, exc)
            continue
        done.add(tag)
        log.info("%s %.2fh -> %s", tag, hours, entry)

    PUSHED.write_text(json.dumps(sorted(done), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
