#!/usr/bin/env python3
"""Push the day's walk-in sales to the online ticketing platform.

The ticket desk sells walk-in tickets offline; at closing time this sends
a summary per ticket type to the ticketing platform so the capacity shown
on the website for tomorrow's guided mill tours is right.
"""
import argparse
import csv
import functools
import logging
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("tickets.push")


def retrying(attempts=3, delay=2.0):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            last = None
            for n in range(1, attempts + 1):
                try:
                    return fn(*a, **kw)
                except requests.RequestException as exc:
                    last = exc
                    log.warning("attempt %d failed: %s", n, exc)
                    time.sleep(delay * n)
            raise last
        return inner
    return wrap


@dataclass
class TicketingClient:
    base: str = os.environ.get("TICKETING_BASE", "https://api.tickets-platform.example/v2")
    venue: str = os.environ.get("TICKETING_VENUE", "windmill-de-hoop")
    timeout: float = 15.0

    def __post_init__(self):
        key = os.environ.get("TICKETING_API_KEY")
        if not key:
            raise SystemExit("TICKETING_API_KEY is not set")
        self._session = requests.Session()
        self._session.headers.update({
            "Authorization": f"Bearer {key}",
            "Accept": "application/json",
        })

    def _call(self, verb, path, **kw):
        method = getattr(self._session, verb)
        resp = method(f"{self.base}{path}", timeout=self.timeout, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    @retrying()
    def ticket_types(self):
        return self._call("get", f"/venues/{self.venue}/ticket-types")

    @retrying()
    def post_walkins(self, day, counts):
        body = {"date": day, "channel": "desk",
                "lines": [{"ticket_type": t, "quantity": q} for t, q in counts.items()]}
        return self._call("post", f"/venues/{self.venue}/walk-in-sales", json=body)


def read_sales(path: Path, day: str) -> Counter:
    counts = Counter()
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("date") == day:
                counts[row["ticket_type"]] += int(row.get("quantity", 1))
    return counts


def main(argv=None):
    parser = argparse.ArgumentParser(description="Push walk-in sales")
    parser.add_argument("--sales", type=Path, default=Path("desk_sales.csv"))
    parser.add_argument("--day", default=time.strftime("%Y-%m-%d"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    counts = read_sales(args.sales, args.day)
    if not counts:
        log.info("no walk-in sales for %s", args.day)
        return 0

    client = TicketingClient()
    known = {t["code"] for t in client.ticket_types().get("items", [])}
    unknown = set(counts) - known
    for code in unknown:
        log.warning("skipping unknown ticket type %s", code)
        counts.pop(code)

    if args.dry_run:
        for code, qty in sorted(counts.items()):
            print(f"{code}\t{qty}")
        return 0

    result = client.post_walkins(args.day, counts)
    log.info("platform accepted batch %s", result.get("batch_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
