#!/usr/bin/env python3
"""Small client for the park's maintenance-management (CMMS) ticket API.

Lets a technician list open tickets for a ride, open a new defect ticket and
close one out, from the shed terminal.
"""
import argparse
import json
import logging
import os
import sys

import requests

log = logging.getLogger("cmms_client")

API_BASE = os.environ.get("CMMS_API", "https://cmms.parkops.example/api/v2")


class CmmsClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + api_key,
            "Accept": "application/json",
        })

    def _url(self, *parts):
        return "/".join([self.base] + [str(p) for p in parts])

    def open_tickets(self, ride):
        resp = self.session.get(self._url("tickets"), params={"ride": ride, "status": "open"},
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("items", [])

    def create_ticket(self, ride, summary, severity, reporter):
        body = {"ride": ride, "summary": summary, "severity": severity, "reporter": reporter}
        resp = self.session.post(self._url("tickets"), json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def close_ticket(self, ticket_id, resolution):
        resp = self.session.post(self._url("tickets", ticket_id, "close"),
                                 json={"resolution": resolution}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def print_tickets(tickets):
    if not tickets:
        print("no open tickets")
        return
    for t in tickets:
        print("{id:>6}  {severity:<8} {summary}".format(**t))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    ls = sub.add_parser("list")
    ls.add_argument("ride")
    new = sub.add_parser("new")
    new.add_argument("ride")
    new.add_argument("summary")
    new.add_argument("--severity", choices=["low", "medium", "high", "stop"], default="medium")
    close = sub.add_parser("close")
    close.add_argument("ticket_id", type=int)
    close.add_argument("resolution")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("CMMS_API_KEY")
    if not api_key:
        sys.exit("CMMS_API_KEY is not set")
    client = CmmsClient(API_BASE, api_key)

    try:
        if args.cmd == "list":
            print_tickets(client.open_tickets(args.ride))
        elif args.cmd == "new":
            reporter = os.environ.get("USER", "technician")
            ticket = client.create_ticket(args.ride, args.summary, args.severity, reporter)
            print(json.dumps(ticket, indent=2))
        else:
            print(json.dumps(client.close_ticket(args.ticket_id, args.resolution), indent=2))
    except requests.RequestException as exc:
        log.error("CMMS request failed: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
