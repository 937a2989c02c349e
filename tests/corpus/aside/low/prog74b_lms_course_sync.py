#!/usr/bin/env python3
"""Create Moodle course shells from the registrar's nightly catalogue export.

Usage:
    MOODLE_WS_TOKEN=... python3 lms_course_sync.py catalogue.csv --category 12

Each CSV row (shortname, fullname, term_start, summary[, category]) becomes a
Moodle course via core_course_create_courses.  Courses that already exist
(matched by shortname) are left alone.  A small state file in the working
directory remembers what was created on previous runs.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import requests

LOG = logging.getLogger("course_sync")
DEFAULT_ENDPOINT = "https://moodle.campus.example.edu/webservice/rest/server.php"
STATE_FILE = Path(".course_sync_state.json")


@dataclass
class CourseRow:
    shortname: str
    fullname: str
    categoryid: int
    startdate: int
    summary: str = ""

    @classmethod
    def from_csv(cls, row, default_category):
        start = dt.datetime.strptime(row["term_start"].strip(), "%Y-%m-%d")
        return cls(
            shortname=row["shortname"].strip(),
            fullname=row["fullname"].strip(),
            categoryid=int(row.get("category") or default_category),
            startdate=int(start.timestamp()),
            summary=(row.get("summary") or "").strip(),
        )


class MoodleError(RuntimeError):
    pass


class MoodleClient:
    def __init__(self, endpoint, token, timeout=30, retries=3):
        self.endpoint = endpoint
        self.token = token
        self.timeout = timeout
        self.retries = retries
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "course-sync/1.4"

    def call(self, wsfunction, params=None):
        data = {"wstoken": self.token, "wsfunction": wsfunction,
                "moodlewsrestformat": "json"}
        data.update(params or {})
        last = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(self.endpoint, data=data, timeout=self.timeout)
                resp.raise_for_status()
                body = resp.json()
                if isinstance(body, dict) and body.get("exception"):
                    raise MoodleError(f"{body.get('errorcode')}: {body.get('message')}")
                return body
            except (requests.ConnectionError, requests.Timeout) as exc:
                last = exc
                LOG.warning("attempt %d/%d for %s failed: %s",
                            attempt, self.retries, wsfunction, exc)
                time.sleep(2 ** attempt)
        raise MoodleError(f"{wsfunction} failed after {self.retries} attempts: {last}")

    def existing_shortnames(self, shortnames):
        found = set()
        for name in shortnames:
            body = self.call("core_course_get_courses_by_field",
                             {"field": "shortname", "value": name})
            if body.get("courses"):
                found.add(name)
        return found

    def create_courses(self, rows):
        params = {}
        for i, row in enumerate(rows):
            for key, value in asdict(row).items():
                params[f"courses[{i}][{key}]"] = value
        return self.call("core_course_create_courses", params)


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            LOG.warning("state file unreadable, starting fresh")
    return {"created": []}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2, sort_keys=True))


def read_catalogue(path, default_category):
    rows, bad = [], 0
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, raw in enumerate(csv.DictReader(fh), start=2):
            try:
                rows.append(CourseRow.from_csv(raw, default_category))
            except (KeyError, ValueError) as exc:
                bad += 1
                LOG.error("line %d skipped: %s", lineno, exc)
    LOG.info("read %d courses (%d rejected) from %s", len(rows), bad, path)
    return rows


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("catalogue", help="registrar CSV export")
    p.add_argument("--endpoint", default=os.environ.get("MOODLE_WS_URL", DEFAULT_ENDPOINT))
    p.add_argument("--category", type=int, default=1, help="default course category id")
    p.add_argument("--batch", type=int, default=25)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("MOODLE_WS_TOKEN")
    if not token:
        LOG.error("MOODLE_WS_TOKEN is not set")
        return 2

    client = MoodleClient(args.endpoint, token)
    state = load_state()
    rows = [r for r in read_catalogue(args.catalogue, args.category)
            if r.shortname not in state["created"]]
    if not rows:
        LOG.info("nothing to do")
        return 0

    existing = client.existing_shortnames([r.shortname for r in rows])
    pending = [r for r in rows if r.shortname not in existing]
    LOG.info("%d new, %d already present in Moodle", len(pending), len(existing))

    created_total = 0
    for start in range(0, len(pending), args.batch):
        chunk = pending[start:start + args.batch]
        if args.dry_run:
            for r in chunk:
                LOG.info("[dry-run] would create %s", r.shortname)
            continue
        try:
            created = client.create_courses(chunk)
        except MoodleError as exc:
            LOG.error("batch starting at %d failed: %s", start, exc)
            continue
        for item in created:
            state["created"].append(item["shortname"])
            created_total += 1
            LOG.info("created %s (id %s)", item["shortname"], item["id"])
        save_state(state)

    LOG.info("done: %d courses created", created_total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
