#!/usr/bin/env python3
"""IACUC protocol expiry notifier.

Reads the protocol register exported from the approval tracker and posts a
digest of protocols that expire soon (or whose annual review is due) to the
animal facility's Slack channel through an incoming webhook.
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import sys
from collections import defaultdict
from urllib.parse import urlsplit

LOG = logging.getLogger("protocol.notifier")


class Protocol:
    __slots__ = ("number", "title", "pi", "species", "expires", "review_due", "status")

    def __init__(self, row):
        self.number = row["protocol_number"].strip()
        self.title = row.get("title", "").strip()
        self.pi = row.get("pi", "").strip()
        self.species = row.get("species", "").strip()
        self.expires = dt.date.fromisoformat(row["expiration_date"])
        rd = row.get("annual_review_due") or ""
        self.review_due = dt.date.fromisoformat(rd) if rd else None
        self.status = row.get("status", "Approved")


def load_register(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Protocol(row)
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping row %s: %s", row.get("protocol_number"), exc)


def classify(protocols, today, window_days):
    buckets = defaultdict(list)
    horizon = today + dt.timedelta(days=window_days)
    for p in protocols:
        if p.status != "Approved":
            continue
        if p.expires < today:
            buckets["expired"].append(p)
        elif p.expires <= horizon:
            buckets["expiring"].append(p)
        if p.review_due and today <= p.review_due <= horizon:
            buckets["review"].append(p)
    return buckets


def build_message(buckets, today, window_days):
    lines = [f"*Protocol digest for {today:%a %d %b %Y}* (next {window_days} days)"]
    labels = {"expired": ":red_circle: Expired", "expiring": ":warning: Expiring",
              "review": ":memo: Annual review due"}
    for key in ("expired", "expiring", "review"):
        items = sorted(buckets.get(key, []), key=lambda p: p.expires)
        if not items:
            continue
        lines.append(f"\n{labels[key]} ({len(items)})")
        for p in items:
            when = p.review_due if key == "review" else p.expires
            lines.append(f"• `{p.number}` {p.species} - {p.pi} - {when:%d %b}")
    if len(lines) == 1:
        lines.append("Nothing due. :white_check_mark:")
    return {"text": "\n".join(lines)}


def post_webhook(url, payload):
    parts = urlsplit(url)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=20)
    try:
        body = json.dumps(payload).encode("utf-8")
        conn.request("POST", parts.path, body=body,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        text = resp.read().decode(errors="replace")
        if resp.status >= 300:
            raise RuntimeError(f"webhook returned {resp.status}: {text[:200]}")
        return text
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("register", help="protocol register CSV")
    ap.add_argument("-w", "--window", type=int, default=45)
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print the message instead of posting it")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    today = dt.date.today()
    buckets = classify(load_register(args.register), today, args.window)
    payload = build_message(buckets, today, args.window)

    if args.print_only:
        print(payload["text"])
        return 0
    url = os.environ.get("FACILITY_SLACK_WEBHOOK")
    if not url:
        LOG.error("FACILITY_SLACK_WEBHOOK not set")
        return 2
    try:
        post_webhook(url, payload)
    except (OSError, RuntimeError) as exc:
        LOG.error("post failed: %s", exc)
        return 1
    LOG.info("digest posted (%d expired, %d expiring, %d reviews)",
             len(buckets["expired"]), len(buckets["expiring"]), len(buckets["review"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
