#!/usr/bin/env python3
"""Send a maintenance-window SMS to on-call staff through the company SMS
gateway (REST API). Recipients come from a CSV in the working directory."""

import argparse
import csv
import logging
import os
import sys
import time
from dataclasses import dataclass

import requests

API_BASE = "https://api.smsgw.example.net/v2"
log = logging.getLogger("sms-broadcast")


@dataclass
class Recipient:
    name: str
    msisdn: str
    team: str


class GatewayClient:
    def __init__(self, api_key: str, sender_id: str, timeout: float = 10.0):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })
        self.sender_id = sender_id
        self.timeout = timeout

    def balance(self) -> float:
        r = self.session.get(f"{API_BASE}/account/balance", timeout=self.timeout)
        r.raise_for_status()
        return float(r.json().get("credits", 0))

    def send(self, to: str, body: str) -> str:
        payload = {"from": self.sender_id, "to": to, "text": body,
                   "dlr": True, "validity_minutes": 60}
        r = self.session.post(f"{API_BASE}/messages", json=payload, timeout=self.timeout)
        if r.status_code == 429:
            retry = int(r.headers.get("Retry-After", "2"))
            log.warning("rate limited, sleeping %ss", retry)
            time.sleep(retry)
            return self.send(to, body)
        r.raise_for_status()
        return r.json()["message_id"]


def load_recipients(path: str, team: str) -> list:
    out = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if team and row.get("team") != team:
                continue
            number = row["msisdn"].replace(" ", "")
            if not number.startswith("+"):
                log.warning("skipping non-E.164 number for %s", row["name"])
                continue
            out.append(Recipient(row["name"], number, row.get("team", "")))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("message", help="text to send, {name} is substituted")
    ap.add_argument("--recipients", default="oncall.csv")
    ap.add_argument("--team", default="")
    ap.add_argument("--sender", default="NOC")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SMSGW_API_KEY")
    if not api_key:
        log.error("SMSGW_API_KEY is not set")
        return 2

    recipients = load_recipients(args.recipients, args.team)
    if not recipients:
        log.error("no recipients matched")
        return 1

    client = GatewayClient(api_key, args.sender)
    credits = client.balance()
    log.info("gateway credits: %.1f, recipients: %d", credits, len(recipients))
    if credits < len(recipients):
        log.error("not enough credits")
        return 3

    failures = 0
    for rcpt in recipients:
        text = args.message.format(name=rcpt.name.split()[0])
        if args.dry_run:
            print(f"[dry-run] {rcpt.msisdn}: {text}")
            continue
        try:
            mid = client.send(rcpt.msisdn, text)
            log.info("sent to %s (%s) id=%s", rcpt.name, rcpt.team, mid)
        except requests.RequestException as exc:
            failures += 1
            log.error("send to %s failed: %s", rcpt.msisdn, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
