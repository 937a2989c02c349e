#!/usr/bin/env python3
"""Post a daily branch visit summary to the helpdesk as a ticket note.

Technicians export their visit log from the field app as CSV and pipe it
in, e.g.:

    export HELPDESK_API_KEY=...   # the technician's own helpdesk key
    cut -d, -f1-5 visits_today.csv | python3 prog224e_ticket_summary_post.py --ticket 48213

The summary is posted once: a cache keyed on the content avoids posting
the same summary twice if the technician reruns the pipeline.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("visit_summary")

API_BASE = os.environ.get("HELPDESK_API_BASE", "https://helpdesk.example.com/api/v2")
CACHE_DIR = Path(".cache") / "visit_summary"


class VisitSummary:
    def __init__(self, rows):
        self.rows = rows

    @classmethod
    def from_stream(cls, stream) -> "VisitSummary":
        reader = csv.DictReader(stream, fieldnames=["date", "branch", "device", "action", "minutes"])
        rows = []
        for row in reader:
            if row["date"] == "date":
                continue
            try:
                row["minutes"] = int(row["minutes"] or 0)
            except ValueError:
                LOG.warning("bad minutes value in row %r", row)
                row["minutes"] = 0
            rows.append(row)
        return cls(rows)

    def text(self) -> str:
        per_branch = defaultdict(list)
        for r in self.rows:
            per_branch[r["branch"]].append(r)
        lines = []
        for branch, items in sorted(per_branch.items()):
            total = sum(i["minutes"] for i in items)
            lines.append(f"{branch}: {len(items)} task(s), {total} min")
            lines += [f"  - {i['device']}: {i['action']}" for i in items]
        return "\n".join(lines)


class HelpdeskClient:
    def __init__(self, base: str, api_key: str, timeout: float):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def add_note(self, ticket: int, body: str) -> int:
        payload = json.dumps({"body": body, "internal": True}).encode()
        req = urllib.request.Request(
            f"{self.base}/tickets/{ticket}/notes",
            data=payload,
            method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}"},
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def already_posted(key: str) -> bool:
    return (CACHE_DIR / key).exists()


def remember(key: str) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    marker = CACHE_DIR / key
    marker.write_text("posted\n")
    os.chmod(marker, 0o600)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Post visit summary to a ticket")
    parser.add_argument("--ticket", type=int, required=True)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    summary = VisitSummary.from_stream(sys.stdin)
    if not summary.rows:
        LOG.error("no visit rows on stdin")
        return 1
    body = summary.text()
    key = hashlib.md5(f"{args.ticket}:{body}".encode()).hexdigest()  # cache key only
    if already_posted(key):
        LOG.info("this summary was already posted to ticket %d", args.ticket)
        return 0
    if args.dry_run:
        print(body)
        return 0

    api_key = os.environ.get("HELPDESK_API_KEY")
    if not api_key:
        LOG.error("HELPDESK_API_KEY is not set")
        return 1
    try:
        status = HelpdeskClient(API_BASE, api_key, args.timeout).add_note(args.ticket, body)
    except urllib.error.URLError as exc:
        LOG.error("posting failed: %s", exc)
        return 1
    remember(key)
    LOG.info("note added to ticket %d (HTTP %d)", args.ticket, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
