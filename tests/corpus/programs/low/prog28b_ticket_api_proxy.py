#!/usr/bin/env python3
"""Small client for the ticketing REST API.

``TicketClient`` wraps a ``requests.Session`` and forwards unknown attributes
to it, so callers can use ``client.get(...)`` / ``client.head(...)`` directly
while the wrapper takes care of the base URL, auth header and timeouts.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from dataclasses import asdict, dataclass
from functools import partial

import requests

log = logging.getLogger("tickets")

API_BASE = os.environ.get("TICKETS_API_BASE", "https://tickets.example.com/api/v2")
DEFAULT_TIMEOUT = 15


@dataclass
class Ticket:
    title: str
    body: str
    priority: str = "normal"
    component: str = "general"


class TicketClient:
    """Delegating wrapper: anything not defined here goes to the Session."""

    _VERBS = {"get", "head", "post", "patch", "delete"}

    def __init__(self, base_url: str, token: str):
        self._base = base_url.rstrip("/")
        self._session = requests.Session()
        self._session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
            "User-Agent": "ticket-cli/1.4",
        })

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self._session.close()
        return False

    def __getattr__(self, name):
        attr = getattr(self._session, name)
        if name in self._VERBS:
            # turn relative paths into absolute URLs and add a default timeout
            def verb(path, **kwargs):
                kwargs.setdefault("timeout", DEFAULT_TIMEOUT)
                return attr(f"{self._base}/{path.lstrip('/')}", **kwargs)
            return verb
        return attr

    # convenience commands --------------------------------------------------
    def ping(self) -> bool:
        resp = self.head("health")
        return resp.ok

    def list_open(self, component=None):
        params = {"state": "open"}
        if component:
            params["component"] = component
        resp = self.get("tickets", params=params)
        resp.raise_for_status()
        return resp.json().get("items", [])

    def create(self, ticket: Ticket):
        resp = self.post("tickets", json=asdict(ticket))
        resp.raise_for_status()
        return resp.json()


def cmd_ping(client, args):
    print("up" if client.ping() else "down")


def cmd_list(client, args):
    for item in client.list_open(args.component):
        print(f"#{item.get('id'):>6}  {item.get('priority', '?'):<8} {item.get('title', '')}")


def cmd_create(client, args):
    body = args.body or sys.stdin.read()
    created = client.create(Ticket(args.title, body, args.priority, args.component or "general"))
    print(json.dumps(created, indent=2))


COMMANDS = {"ping": cmd_ping, "list": cmd_list, "create": cmd_create}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("ping")
    p_list = sub.add_parser("list")
    p_list.add_argument("--component")
    p_new = sub.add_parser("create")
    p_new.add_argument("title")
    p_new.add_argument("--body")
    p_new.add_argument("--priority", default="normal", choices=["low", "normal", "high"])
    p_new.add_argument("--component")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    token = os.environ.get("TICKETS_API_TOKEN")
    if not token:
        parser.error("TICKETS_API_TOKEN is not set")

    handler = partial(COMMANDS[args.command], args=args)
    try:
        with TicketClient(API_BASE, token) as client:
            handler(client)
    except requests.RequestException as exc:
        log.error("request failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
