#!/usr/bin/env python3
"""Send the monthly members' newsletter through Postmark.

Reads the members export (members.csv) from the CRM, skips anyone who has not
opted in to email, personalises the plain-text and HTML bodies and posts them
to the Postmark batch endpoint in chunks of up to 500 messages.

Usage:
    POSTMARK_SERVER_TOKEN=... ./member_mailer.py members.csv newsletter.txt \
        --subject "What's on in October" --from boxoffice@riversidearts.org.uk
"""
import argparse
import csv
import html
import json
import logging
import os
import sys
import time
from pathlib import Path
from string import Template

import requests

POSTMARK_BATCH_URL = "https://api.postmarkapp.com/email/batch"
BATCH_SIZE = 500
MAX_RETRIES = 4

log = logging.getLogger("member_mailer")


def load_members(path):
    """Yield opted-in members with a usable email address."""
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            email = (row.get("email") or "").strip()
            if not email or "@" not in email:
                continue
            if (row.get("email_opt_in") or "").strip().lower() not in {"y", "yes", "true", "1"}:
                continue
            yield {
                "email": email,
                "first_name": (row.get("first_name") or "Friend").strip(),
                "member_no": (row.get("member_no") or "").strip(),
                "tier": (row.get("tier") or "Friend").strip(),
            }


def render(template_text, member):
    try:
        text = Template(template_text).substitute(member)
    except KeyError as exc:
        raise SystemExit(f"template uses unknown field {exc}") from exc
    body_html = "<p>" + "</p><p>".join(html.escape(p) for p in text.split("\n\n")) + "</p>"
    return text, body_html


def chunks(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class PostmarkClient:
    def __init__(self, token, stream="broadcast"):
        self.session = requests.Session()
        self.session.headers.update({
            "Accept": "application/json",
            "Content-Type": "application/json",
            "X-Postmark-Server-Token": token,
        })
        self.stream = stream

    def send_batch(self, messages):
        payload = [dict(m, MessageStream=self.stream) for m in messages]
        for attempt in range(1, MAX_RETRIES + 1):
            try:
                resp = self.session.post(POSTMARK_BATCH_URL, data=json.dumps(payload), timeout=30)
            except requests.RequestException as exc:
                log.warning("attempt %d: %s", attempt, exc)
            else:
                if resp.status_code == 200:
                    return resp.json()
                if resp.status_code not in (429, 500, 502, 503):
                    raise RuntimeError(f"Postmark rejected batch: {resp.status_code} {resp.text[:200]}")
                log.warning("attempt %d: HTTP %s, backing off", attempt, resp.status_code)
            time.sleep(2 ** attempt)
        raise RuntimeError("Postmark batch failed after retries")


def main():
    ap = argparse.ArgumentParser(description="Send the members' newsletter")
    ap.add_argument("members", type=Path)
    ap.add_argument("template", type=Path, help="plain-text body with $first_name etc.")
    ap.add_argument("--subject", required=True)
    ap.add_argument("--from", dest="sender", default="boxoffice@riversidearts.org.uk")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--log-file", default="mailer.log")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.StreamHandler(), logging.FileHandler(args.log_file)],
    )

    token = os.environ.get("POSTMARK_SERVER_TOKEN")
    if not token and not args.dry_run:
        log.error("POSTMARK_SERVER_TOKEN is not set")
        return 1

    template_text = args.template.read_text(encoding="utf-8")
    messages = []
    for member in load_members(args.members):
        text, body_html = render(template_text, member)
        messages.append({
            "From": args.sender,
            "To": member["email"],
            "Subject": args.subject,
            "TextBody": text,
            "HtmlBody": body_html,
            "Tag": f"newsletter-{member['tier'].lower()}",
            "Metadata": {"member_no": member["member_no"]},
        })
    log.info("prepared %d messages", len(messages))

    if args.dry_run:
        for m in messages[:3]:
            print(json.dumps(m, indent=2))
        return 0

    client = PostmarkClient(token)
    sent = failed = 0
    for n, batch in enumerate(chunks(messages, BATCH_SIZE), start=1):
        results = client.send_batch(batch)
        ok = sum(1 for r in results if r.get("ErrorCode") == 0)
        sent += ok
        failed += len(results) - ok
        log.info("batch %d: %d sent, %d rejected", n, ok, len(results) - ok)
    log.info("done: %d sent, %d rejected", sent, failed)
    return 0 if failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
