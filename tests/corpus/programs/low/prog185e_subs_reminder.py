#!/usr/bin/env python3
"""Send annual subscription reminders to members who haven't paid.

Reads the treasurer's members export and sends each unpaid member a short
reminder through the club's transactional email provider. The API key comes
from the environment and is only ever sent to that provider.
"""
import argparse
import csv
import json
import logging
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("lhcc.subs")

MAIL_API = os.environ.get("LHCC_MAIL_API", "https://api.mail.example.com/v3/send")
SENDER = os.environ.get("LHCC_MAIL_FROM", "treasurer@lhcc.example.org")

RATES = {"senior": 120, "student": 45, "junior": 35, "social": 20, "family": 210}

BODY = """Dear {first},

A friendly reminder that your {category} subscription of £{amount} for the
{season} season is still outstanding. You can pay by bank transfer
(reference SUBS-{ref}) or in cash behind the bar on match days.

Many thanks,
Little Hadley CC Treasurer
"""


class Mailer:
    def __init__(self, api_key, dry_run=False):
        self.api_key = api_key
        self.dry_run = dry_run

    def send(self, to, subject, text):
        payload = {"from": SENDER, "to": [to], "subject": subject, "text": text}
        if self.dry_run:
            LOG.info("[dry-run] would email %s", to)
            return True
        req = urllib.request.Request(
            MAIL_API, data=json.dumps(payload).encode(), method="POST",
            headers={"Authorization": "Bearer " + self.api_key,
                     "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                return 200 <= resp.status < 300
        except urllib.error.HTTPError as exc:
            LOG.warning("provider refused %s: %s", to, exc.code)
            return False


def unpaid(members_csv, season):
    with open(members_csv, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("paid_%s" % season, "").strip().lower() in ("y", "yes"):
                continue
            if not row.get("email"):
                continue
            yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("members", type=Path)
    ap.add_argument("--season", default="2024")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--pause", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("LHCC_MAIL_KEY")
    if not key and not args.dry_run:
        ap.error("set LHCC_MAIL_KEY (or use --dry-run)")
    mailer = Mailer(key or "", args.dry_run)

    sent = failed = 0
    for row in unpaid(args.members, args.season):
        cat = row.get("category", "senior").lower()
        text = BODY.format(first=row["name"].split()[0], category=cat,
                           amount=RATES.get(cat, RATES["senior"]),
                           season=args.season, ref=row.get("member_no", "0000"))
        if mailer.send(row["email"], "LHCC subscriptions %s" % args.season, text):
            sent += 1
        else:
            failed += 1
        time.sleep(args.pause)
    LOG.info("reminders sent: %d, failed: %d", sent, failed)


if __name__ == "__main__":
    main()
