#!/usr/bin/env python3
"""Send the allotment newsletter through the society's mail provider API.

Reads the issue (subject.txt, body.md) and the member list (CSV with name,
email, opted_in) and posts one batch request per 50 recipients.
The API key comes from MAILER_API_KEY and is only sent to the mail API.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("newsletter")

API_URL = "https://api.mail.example.com/v3/batches"
BATCH = 50


class MailClient:
    def __init__(self, api_key, sender):
        self.api_key = api_key
        self.sender = sender

    def send_batch(self, subject, body, recipients, dry_run=False):
        payload = {
            "from": self.sender,
            "subject": subject,
            "text": body,
            "to": [{"name": r["name"], "email": r["email"]} for r in recipients],
        }
        if dry_run:
            log.info("dry run: %d recipients", len(recipients))
            return "dry-run"
        req = urllib.request.Request(
            API_URL,
            data=json.dumps(payload).encode("utf-8"),
            headers={"Authorization": f"Bearer {self.api_key}",
                     "Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.load(resp).get("batch_id", "?")


def load_issue(folder):
    folder = Path(folder)
    subject = (folder / "subject.txt").read_text().strip()
    body = (folder / "body.md").read_text()
    if not subject or not body.strip():
        raise ValueError("empty subject or body")
    return subject, body


def load_members(path):
    with open(path, newline="") as fh:
        rows = [r for r in csv.DictReader(fh)
                if r.get("opted_in", "").lower() in ("yes", "y", "1", "true") and "@" in r.get("email", "")]
    # de-duplicate households sharing an address
    seen, out = set(), []
    for r in rows:
        key = r["email"].strip().lower()
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def chunks(seq, n):
    for i in range(0, len(seq), n):
        yield seq[i:i + n]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("issue", help="folder with subject.txt and body.md")
    ap.add_argument("members", help="member CSV export")
    ap.add_argument("--sender", default="newsletter@example.org")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("MAILER_API_KEY")
    if not api_key and not args.dry_run:
        log.error("MAILER_API_KEY is not set")
        return 1

    try:
        subject, body = load_issue(args.issue)
        members = load_members(args.members)
    except (OSError, ValueError) as exc:
        log.error("cannot prepare issue: %s", exc)
        return 1

    client = MailClient(api_key, args.sender)
    sent = 0
    for batch in chunks(members, BATCH):
        try:
            bid = client.send_batch(subject, body, batch, args.dry_run)
            sent += len(batch)
            log.info("batch %s accepted (%d so far)", bid, sent)
        except urllib.error.HTTPError as exc:
            log.error("provider rejected batch: %s", exc.code)
        except urllib.error.URLError as exc:
            log.error("network problem: %s", exc.reason)
            return 2
        time.sleep(1)  # stay under the provider's rate limit
    log.info("newsletter '%s' sent to %d members", subject, sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
