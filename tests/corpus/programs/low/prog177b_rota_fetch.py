#!/usr/bin/env python3
"""Fetch the coming week's service rota from the cathedral rota API.

Prints who is singing which service, and optionally saves a JSON copy in
the current folder for the weekly email to the choir.
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests

API_BASE = os.environ.get("ROTA_API", "https://rota.cathedral.example.org/api/v2")
TIMEOUT = 15

log = logging.getLogger("rota-fetch")


def week_start(today: dt.date) -> dt.date:
    return today - dt.timedelta(days=today.weekday())


class RotaClient:
    def __init__(self, base: str, api_key: str | None):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Accept"] = "application/json"
        if api_key:
            self.session.headers["Authorization"] = f"Bearer {api_key}"

    def services(self, start: dt.date, days: int) -> list[dict]:
        params = {"from": start.isoformat(), "to": (start + dt.timedelta(days=days)).isoformat()}
        r = self.session.get(f"{self.base}/services", params=params, timeout=TIMEOUT)
        r.raise_for_status()
        return r.json().get("services", [])


def format_service(svc: dict) -> str:
    when = svc.get("start", "?")
    name = svc.get("title", "Service")
    music = ", ".join(svc.get("music", [])) or "music TBC"
    singers = svc.get("singers", {})
    parts = " ".join(f"{p}:{len(v)}" for p, v in sorted(singers.items()))
    return f"{when}  {name:<24} {parts:<24} {music}"


def main() -> int:
    ap = argparse.ArgumentParser(description="Show this week's choir rota")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--start", type=dt.date.fromisoformat)
    ap.add_argument("--save", action="store_true", help="save rota-<date>.json here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    start = args.start or week_start(dt.date.today())
    client = RotaClient(API_BASE, os.environ.get("ROTA_API_KEY"))
    try:
        services = client.services(start, args.days)
    except requests.RequestException as exc:
        log.error("could not fetch rota: %s", exc)
        return 1

    if not services:
        print(f"No services found from {start}")
        return 0

    print(f"Rota from {start} ({len(services)} services)")
    for svc in services:
        print(format_service(svc))

    if args.save:
        out = Path(f"rota-{start.isoformat()}.json")
        out.write_text(json.dumps(services, indent=2))
        log.info("saved %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
