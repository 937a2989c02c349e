#!/usr/bin/env python3
"""Open (or update) an incident ticket from a local triage summary.

Reads ./triage_out/summary.json produced by the collectors and files it with the
ticketing service. The service token comes from the environment and is only
ever sent to the ticketing API itself.
"""
import argparse
import json
import logging
import os
import socket
import sys
from pathlib import Path

import requests

log = logging.getLogger("ticket-opener")

DEFAULT_API = "https://tickets.example-corp.com/api/v2"
SEVERITY_BY_SCORE = [(80, "SEV1"), (50, "SEV2"), (20, "SEV3"), (0, "SEV4")]


class TicketClient:
    def __init__(self, base_url, token, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def find_open(self, fingerprint):
        resp = self.session.get(f"{self.base_url}/incidents",
                                params={"fingerprint": fingerprint, "state": "open"},
                                timeout=self.timeout)
        resp.raise_for_status()
        items = resp.json().get("items", [])
        return items[0]["id"] if items else None

    def create(self, body):
        resp = self.session.post(f"{self.base_url}/incidents", json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()["id"]

    def comment(self, ticket_id, text):
        resp = self.session.post(f"{self.base_url}/incidents/{ticket_id}/comments",
                                 json={"body": text}, timeout=self.timeout)
        resp.raise_for_status()


def severity_for(score):
    for floor, label in SEVERITY_BY_SCORE:
        if score >= floor:
            return label
    return "SEV4"


def build_body(summary):
    findings = summary.get("findings", [])
    score = max((f.get("score", 0) for f in findings), default=0)
    lines = [f"- [{f.get('score', 0):>3}] {f.get('title', '?')}" for f in findings[:25]]
    return {
        "title": f"Triage findings on {summary.get('host', socket.gethostname())}",
        "severity": severity_for(score),
        "fingerprint": summary.get("fingerprint") or summary.get("host"),
        "description": "Automated triage summary:\n" + "\n".join(lines),
        "labels": ["ir-triage", "automated"],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--summary", type=Path, default=Path("triage_out/summary.json"))
    ap.add_argument("--api", default=os.environ.get("TICKET_API_URL", DEFAULT_API))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("TICKET_API_TOKEN")
    if not token and not args.dry_run:
        sys.exit("TICKET_API_TOKEN is not set")

    try:
        summary = json.loads(args.summary.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        sys.exit(f"cannot read summary: {exc}")

    body = build_body(summary)
    if args.dry_run:
        print(json.dumps(body, indent=2))
        return

    client = TicketClient(args.api, token)
    try:
        existing = client.find_open(body["fingerprint"])
        if existing:
            client.comment(existing, body["description"])
            log.info("updated ticket %s", existing)
        else:
            log.info("opened ticket %s", client.create(body))
    except requests.RequestException as exc:
        sys.exit(f"ticket API error: {exc}")


if __name__ == "__main__":
    main()
