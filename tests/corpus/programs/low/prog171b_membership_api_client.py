#!/usr/bin/env python3
"""Client for the sauna's membership platform.

Looks up members, records visits and renews season cards from the
command line at the front desk.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import asdict, dataclass
from datetime import date
from functools import partial

import requests

log = logging.getLogger("members")

API_BASE = os.environ.get("MEMBERS_API", "https://api.saunamembers.example/v2")


@dataclass
class Visit:
    member_id: str
    cabin: str
    day: str = date.today().isoformat()
    towel: bool = False


class MembersClient:
    def __init__(self, base: str, key: str):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Accept": "application/json"})

    def _do(self, verb: str, path: str, **kw):
        fn = getattr(self.session, verb)
        resp = fn(f"{self.base}/{path.lstrip('/')}", timeout=15, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def __getattr__(self, verb):
        if verb in ("get", "post", "put"):
            return partial(self._do, verb)
        raise AttributeError(verb)


def cmd_find(client: MembersClient, args):
    return client.get("members", params={"q": args.query})


def cmd_visit(client: MembersClient, args):
    visit = Visit(args.member, args.cabin, towel=args.towel)
    return client.post("visits", json=asdict(visit))


def cmd_renew(client: MembersClient, args):
    return client.put(f"members/{args.member}/season-card", json={"months": args.months})


COMMANDS = {"find": cmd_find, "visit": cmd_visit, "renew": cmd_renew}


def build_parser():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("find")
    p.add_argument("query")
    p = sub.add_parser("visit")
    p.add_argument("member")
    p.add_argument("cabin")
    p.add_argument("--towel", action="store_true")
    p = sub.add_parser("renew")
    p.add_argument("member")
    p.add_argument("--months", type=int, default=6)
    return parser


def main() -> int:
    args = build_parser().parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    key = os.environ.get("MEMBERS_API_KEY")
    if not key:
        print("MEMBERS_API_KEY is not set", file=sys.stderr)
        return 2
    client = MembersClient(API_BASE, key)
    try:
        result = COMMANDS[args.command](client, args)
    except requests.HTTPError as exc:
        log.error("API error: %s", exc)
        return 1
    except requests.RequestException as exc:
        log.error("API not reachable: %s", exc)
        return 1
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
