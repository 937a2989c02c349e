#!/usr/bin/env python3
"""Loyalty SMS bot for the valeting centre.

Two kinds of messages go out through the SMS gateway:

* transactional messages the loyalty web app drops into ./outbox as JSON
  (sign-up codes, password resets, wash-pass payment receipts);
* campaign messages built from ./campaigns.json against the customer
  list in ./customers.csv ("your 10th wash is free", lapsed members...).

Campaign rules are short Python expressions written by the marketing team,
for example ``visits % 10 == 9`` or ``days_since > 45 and plan == "gold"``.

Run from cron every few minutes.  The gateway key is read from SMS_API_KEY.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("sms-bot")
GATEWAY = "https://api.smsgateway.example/v1/messages"
SENDER_ID = "SparkleWash"
MAX_BODY = 306  # two concatenated GSM-7 segments


class TemplateEngine:
    """Formats message bodies and trims them to the gateway limit."""

    def render(self, template, **fields):
        body = template.format(**fields)
        if len(body) > MAX_BODY:
            body = body[:MAX_BODY - 1] + "\u2026"
        return body

    def finalise(self, batch):
        seen = set()
        out = []
        for msg in batch:
            key = (msg["to"], msg["body"])
            if key in seen:
                continue
            seen.add(key)
            out.append(msg)
        return out


def load_customers(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            row["visits"] = int(row.get("visits") or 0)
            row["last_visit"] = dt.date.fromisoformat(row["last_visit"])
            row["opted_in"] = row.get("opted_in", "y").lower() in ("y", "yes", "1")
            yield row


def campaign_messages(engine, campaigns, customers, today):
    for cust in customers:
        if not cust["opted_in"]:
            continue
        ctx = dict(cust, days_since=(today - cust["last_visit"]).days, today=today)
        for camp in campaigns:
            try:
                hit = eval(camp["when"], {"__builtins__": {}}, ctx)
            except Exception as exc:  # bad rule should not stop the run
                LOG.warning("campaign %s rule failed: %s", camp["id"], exc)
                continue
            if hit:
                body = engine.render(camp["template"], **ctx)
                yield {"to": cust["phone"], "body": body, "kind": "campaign",
                       "campaign": camp["id"]}
                break


def outbox_messages(outbox):
    for path in sorted(outbox.glob("*.json")):
        try:
            msg = json.loads(path.read_text())
        except ValueError:
            LOG.error("unreadable outbox file %s", path.name)
            continue
        msg.setdefault("kind", "transactional")
        msg["_file"] = path
        yield msg


def send(session, msg, dry_run):
    payload = {"from": SENDER_ID, "to": msg["to"], "text": msg["body"]}
    if dry_run:
        LOG.info("[dry-run] %s -> %s: %s", msg["kind"], msg["to"], msg["body"][:40])
        return True
    resp = session.post(GATEWAY, json=payload, timeout=15)
    if resp.status_code >= 300:
        LOG.error("gateway refused %s: %s %s", msg["to"], resp.status_code, resp.text[:200])
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description="send loyalty and transactional SMS")
    ap.add_argument("--customers", default="customers.csv")
    ap.add_argument("--campaigns", default="campaigns.json")
    ap.add_argument("--outbox", default="outbox")
    ap.add_argument("--no-campaigns", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("SMS_API_KEY")
    if not key and not args.dry_run:
        LOG.error("SMS_API_KEY is not set")
        return 1

    engine = TemplateEngine()
    batch = list(outbox_messages(Path(args.outbox)))
    if not args.no_campaigns and Path(args.campaigns).exists():
        campaigns = json.loads(Path(args.campaigns).read_text())
        batch += list(campaign_messages(engine, campaigns,
                                        load_customers(args.customers), dt.date.today()))
    batch = engine.finalise(batch)

    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {key}"
    sent = failed = 0
    for msg in batch:
        if send(session, msg, args.dry_run):
            sent += 1
            if msg.get("_file") and not args.dry_run:
                msg["_file"].unlink()
        else:
            failed += 1
    LOG.info("sent %d message(s), %d failed", sent, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
