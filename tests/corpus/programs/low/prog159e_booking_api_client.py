#!/usr/bin/env python3
"""Small client for the InkBook booking platform API.

Lists upcoming sessions, confirms deposits and blocks out artist time off.
The API key comes from the environment and is only sent to InkBook.
"""
import argparse
import json
import logging
import os
import sys
from datetime import date, timedelta

import requests

log = logging.getLogger("inkbook")

API_BASE = os.environ.get("INKBOOK_API_BASE", "https://api.inkbook.example/v1")


class InkBookClient:
    def __init__(self, api_key, base=API_BASE, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer {}".format(api_key),
            "Accept": "application/json",
            "User-Agent": "inkhouse-desk/1.3",
        })

    def _url(self, path):
        return "{}/{}".format(self.base, path.lstrip("/"))

    def _get(self, path, **params):
        resp = self.session.get(self._url(path), params=params, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def _post(self, path, body):
        resp = self.session.post(self._url(path), json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def upcoming(self, days):
        start = date.today()
        end = start + timedelta(days=days)
        data = self._get("appointments", start=start.isoformat(), end=end.isoformat())
        return data.get("appointments", [])

    def confirm_deposit(self, appointment_id, amount_cents):
        return self._post("appointments/{}/deposit".format(appointment_id),
                          {"amount_cents": amount_cents, "method": "card_terminal"})

    def block_time(self, artist_id, day, reason):
        return self._post("artists/{}/blocks".format(artist_id),
                          {"date": day, "all_day": True, "reason": reason})


def show_upcoming(client, days):
    rows = client.upcoming(days)
    for a in sorted(rows, key=lambda r: r["start"]):
        print("{start:<20} {artist:<14} {client_name:<22} {status}".format(**a))
    print("{} appointments in the next {} days".format(len(rows), days))


def main():
    parser = argparse.ArgumentParser(description="InkBook desk client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("upcoming")
    up.add_argument("--days", type=int, default=7)
    dep = sub.add_parser("deposit")
    dep.add_argument("appointment_id")
    dep.add_argument("amount_cents", type=int)
    blk = sub.add_parser("block")
    blk.add_argument("artist_id")
    blk.add_argument("day")
    blk.add_argument("--reason", default="time off")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    api_key = os.environ.get("INKBOOK_API_KEY")
    if not api_key:
        log.error("INKBOOK_API_KEY is not set")
        return 1

    client = InkBookClient(api_key)
    try:
        if args.cmd == "upcoming":
            show_upcoming(client, args.days)
        elif args.cmd == "deposit":
            print(json.dumps(client.confirm_deposit(args.appointment_id, args.amount_cents), indent=2))
        elif args.cmd == "block":
            print(json.dumps(client.block_time(args.artist_id, args.day, args.reason), indent=2))
    except requests.HTTPError as exc:
        log.error("InkBook returned an error: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
