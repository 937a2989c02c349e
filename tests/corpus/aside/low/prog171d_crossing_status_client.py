#!/usr/bin/env python3
"""Crossing status client for the HoverLink passenger information API.

Publishes departure status (on time, delayed, cancelled) for each sailing so
the app and the terminal screens show the same thing, and reads it back.
"""

import argparse
import functools
import json
import logging
import os
import time
from dataclasses import dataclass, asdict
from typing import Optional

import requests

log = logging.getLogger("crossing_status")

API_BASE = "https://api.hoverlink.example/v1"


def retry(times=3, pause=2.0):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(1, times + 1):
                try:
                    return fn(*args, **kwargs)
                except requests.RequestException as exc:
                    if attempt == times:
                        raise
                    log.warning("%s failed (%s), retry %d", fn.__name__, exc, attempt)
                    time.sleep(pause * attempt)
        return wrapper
    return deco


@dataclass
class SailingStatus:
    sailing_id: str
    state: str
    delay_min: int = 0
    note: Optional[str] = None


class HoverLinkClient:
    def __init__(self, api_key, timeout=10):
        self._session = requests.Session()
        self._session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })
        self.timeout = timeout

    def _request(self, method, path, **kwargs):
        call = getattr(self._session, method.lower())
        resp = call(f"{API_BASE}{path}", timeout=self.timeout, **kwargs)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    @retry()
    def publish(self, status):
        return self._request("POST", f"/sailings/{status.sailing_id}/status",
                             json=asdict(status))

    @retry()
    def fetch(self, sailing_id):
        return self._request("GET", f"/sailings/{sailing_id}/status")

    @retry()
    def today(self, route):
        return self._request("GET", "/sailings", params={"route": route,
                                                         "day": "today"})


def cmd_set(client, args):
    status = SailingStatus(args.sailing, args.state, args.delay, args.note)
    return client.publish(status)


def cmd_get(client, args):
    return client.fetch(args.sailing)


def cmd_list(client, args):
    return client.today(args.route)


COMMANDS = {"set": cmd_set, "get": cmd_get, "list": cmd_list}


def parse_args():
    parser = argparse.ArgumentParser(description="HoverLink crossing status")
    sub = parser.add_subparsers(dest="command", required=True)
    p_set = sub.add_parser("set")
    p_set.add_argument("sailing")
    p_set.add_argument("state", choices=["on_time", "delayed", "cancelled"])
    p_set.add_argument("--delay", type=int, default=0)
    p_set.add_argument("--note")
    p_get = sub.add_parser("get")
    p_get.add_argument("sailing")
    p_list = sub.add_parser("list")
    p_list.add_argument("--route", default="SOUTHSEA-RYDE")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    api_key = os.environ.get("HOVERLINK_API_KEY")
    if not api_key:
        log.error("HOVERLINK_API_KEY is not set")
        return 2
    if args.command == "set" and args.state == "delayed" and args.delay <= 0:
        log.error("a delayed sailing needs --delay")
        return 2
    client = HoverLinkClient(api_key)
    result = COMMANDS[args.command](client, args)
    print(json.dumps(result, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
