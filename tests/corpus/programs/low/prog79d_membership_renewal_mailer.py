#!/usr/bin/env python3
"""Send membership renewal reminders for the club.

Reads members.csv from the working directory, picks everyone whose
membership expires within the reminder window and sends them a reminder via
the club's transactional mail API (key from MAILER_API_KEY). A run summary
is written to ./renewal_runs/ so the membership secretary can see what was
sent.
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("renewals")

MAIL_API_HOST = os.environ.get("MAILER_API_HOST", "api.clubmailer.io")
RUN_DIR = Path("renewal_runs")


class RunReport:
    """Collects what happened during a run."""

    def __init__(self):
        self.sent, self.failed = [], []
        self.started = dt.datetime.now().isoformat(timespec="seconds")

    def as_payload(self):
        return {
            "started": self.started,
            "summary": f"{len(self.sent)} sent, {len(self.failed)} failed",
            "sent": self.sent,
            "failed": self.failed,
        }

    def save(self):
        RUN_DIR.mkdir(exist_ok=True)
        out = RUN_DIR / f"run-{self.started.replace(':', '')}.json"
        out.write_text(json.dumps(self.as_payload(), indent=2))
        return out


def post_json(host, path, payload, headers=None, timeout=15):
    conn = http.client.HTTPSConnection(host, timeout=timeout)
    try:
        body = json.dumps(payload).encode()
        hdrs = {"Content-Type": "application/json"}
        hdrs.update(headers or {})
        conn.request("POST", path, body=body, headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"{host}{path} -> {resp.status}: {data[:200]!r}")
        return data
    finally:
        conn.close()


def due_members(path, window_days, today):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                expiry = dt.date.fromisoformat(row["expires"])
            except (KeyError, ValueError):
                log.warning("skipping row with bad expiry: %s", row.get("member_id"))
                continue
            days_left = (expiry - today).days
            if 0 <= days_left <= window_days and row.get("email"):
                yield row, days_left


def send_reminder(api_key, member, days_left, club_name):
    message = {
        "to": member["email"],
        "template": "membership-renewal",
        "variables": {
            "first_name": member.get("first_name", ""),
            "club": club_name,
            "days_left": days_left,
            "category": member.get("category", "senior"),
        },
    }
    post_json(MAIL_API_HOST, "/v2/messages", message,
              headers={"Authorization": f"Bearer {api_key}"})


def main():
    ap = argparse.ArgumentParser(description="Send membership renewal reminders")
    ap.add_argument("--members", default="members.csv")
    ap.add_argument("--window", type=int, default=21, help="days before expiry")
    ap.add_argument("--club", default=os.environ.get("CLUB_NAME", "the club"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-report", dest="report", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("MAILER_API_KEY")
    if not api_key and not args.dry_run:
        log.error("MAILER_API_KEY not set")
        return 2

    report = RunReport()
    for member, days_left in due_members(args.members, args.window, dt.date.today()):
        mid = member.get("member_id", "?")
        if args.dry_run:
            log.info("would remind %s (%d days left)", mid, days_left)
            continue
        try:
            send_reminder(api_key, member, days_left, args.club)
            report.sent.append(mid)
        except (OSError, RuntimeError) as exc:
            log.warning("reminder for %s failed: %s", mid, exc)
            report.failed.append(mid)

    if args.report:
        path = report.save()
        log.info("run report written to %s", path)
    log.info("done: %d sent, %d failed", len(report.sent), len(report.failed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
