#!/usr/bin/env python3
"""Command-line client for the maintenance ticketing service used by the
funicular workshop."""
import argparse
import json
import logging
import os
import sys

import requests

API_BASE = "https://api.workshop-tickets.example/v2"
TIMEOUT = 15

log = logging.getLogger("maint-tickets")


class TicketClient:
    def __init__(self, token: str):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
            "User-Agent": "funicular-maint-cli/1.4",
        })

    def _url(self, path: str) -> str:
        return f"{API_BASE}/{path.lstrip('/')}"

    def list_open(self, asset: str | None = None) -> list[dict]:
        params = {"status": "open"}
        if asset:
            params["asset"] = asset
        resp = self.session.get(self._url("tickets"), params=params, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("items", [])

    def create(self, asset: str, title: str, priority: str, body: str) -> dict:
        ticket = {"asset": asset, "title": title, "priority": priority, "description": body}
        resp = self.session.post(self._url("tickets"), json=ticket, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()

    def close(self, ticket_id: str, note: str) -> dict:
        resp = self.session.post(self._url(f"tickets/{ticket_id}/close"),
                                 json={"note": note}, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()


def cmd_list(client: TicketClient, args):
    for item in client.list_open(args.asset):
        print(f"{item['id']:>8}  {item['priority']:<6} {item['asset']:<14} {item['title']}")


def cmd_create(client: TicketClient, args):
    body = args.description or sys.stdin.read()
    created = client.create(args.asset, args.title, args.priority, body)
    print(f"created ticket {created['id']}")


def cmd_close(client: TicketClient, args):
    closed = client.close(args.ticket_id, args.note)
    print(f"closed ticket {closed['id']}")


def main() -> int:
    parser = argparse.ArgumentParser(description="Workshop maintenance tickets")
    sub = parser.add_subparsers(dest="command", required=True)

    p_list = sub.add_parser("list")
    p_list.add_argument("--asset", help="e.g. haul-rope, cabin-a, brake-2")
    p_list.set_defaults(func=cmd_list)

    p_create = sub.add_parser("create")
    p_create.add_argument("asset")
    p_create.add_argument("title")
    p_create.add_argument("--priority", choices=["low", "normal", "high", "safety"],
                          default="normal")
    p_create.add_argument("--description")
    p_create.set_defaults(func=cmd_create)

    p_close = sub.add_parser("close")
    p_close.add_argument("ticket_id")
    p_close.add_argument("--note", default="resolved")
    p_close.set_defaults(func=cmd_close)

    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    token = os.environ.get("WORKSHOP_TICKETS_TOKEN")
    if not token:
        print("set WORKSHOP_TICKETS_TOKEN first", file=sys.stderr)
        return 2
    client = TicketClient(token)
    try:
        args.func(client, args)
    except requests.HTTPError as exc:
        log.error("API error: %s", exc)
        return 1
    except requests.RequestException as exc:
        log.error("could not reach ticket service: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
