#!/usr/bin/env python3
"""Sync locally drafted support tickets to the helpdesk API (tiny DI container)."""
import csv
import logging
import os
import sys
from dataclasses import dataclass
from typing import Callable, Dict

import requests

log = logging.getLogger("ticket-sync")


class Container:
    """Minimal dependency-injection container with lazy singletons."""

    def __init__(self):
        self._providers: Dict[str, Callable[["Container"], object]] = {}
        self._instances: Dict[str, object] = {}

    def provide(self, name):
        def deco(factory):
            self._providers[name] = factory
            return factory
        return deco

    def resolve(self, name):
        if name not in self._instances:
            self._instances[name] = self._providers[name](self)
        return self._instances[name]


container = Container()


@dataclass
class Settings:
    base_url: str
    api_key: str
    queue_file: str


@container.provide("settings")
def _settings(_c):
    key = os.environ.get("HELPDESK_API_KEY")
    if not key:
        raise SystemExit("HELPDESK_API_KEY is not set")
    return Settings(
        base_url=os.environ.get("HELPDESK_URL", "https://api.helpdesk.example.com/v2"),
        api_key=key,
        queue_file=os.environ.get("TICKET_QUEUE", "tickets.csv"),
    )


class HelpdeskClient:
    def __init__(self, settings: Settings):
        self.base = settings.base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {settings.api_key}",
                                     "Accept": "application/json"})

    def ping(self) -> bool:
        resp = self.session.get(f"{self.base}/status", timeout=10)
        return resp.ok

    def create(self, ticket: dict) -> str:
        resp = self.session.post(f"{self.base}/tickets", json=ticket, timeout=15)
        resp.raise_for_status()
        return resp.json().get("id", "?")


@container.provide("client")
def _client(c):
    return HelpdeskClient(c.resolve("settings"))


class TicketQueue:
    def __init__(self, path):
        self.path = path

    def drain(self):
        with open(self.path, newline="") as fh:
            for row in csv.DictReader(fh):
                yield {"subject": row["subject"], "body": row["body"],
                       "priority": row.get("priority", "normal"),
                       "tags": [t for t in row.get("tags", "").split(";") if t]}


@container.provide("queue")
def _queue(c):
    return TicketQueue(c.resolve("settings").queue_file)


def main():
    logging.basicConfig(level=logging.INFO)
    client = container.resolve("client")
    if not client.ping():
        log.error("helpdesk API unavailable")
        return 1
    created = 0
    for ticket in container.resolve("queue").drain():
        try:
            tid = client.create(ticket)
            created += 1
            log.info("created ticket %s: %s", tid, ticket["subject"])
        except requests.HTTPError as exc:
            log.warning("rejected %r: %s", ticket["subject"], exc)
    log.info("%d tickets synced", created)
    return 0


if __name__ == "__main__":
    sys.exit(main())
