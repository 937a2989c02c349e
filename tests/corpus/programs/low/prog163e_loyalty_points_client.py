#!/usr/bin/env python3
"""Client for the loyalty-points service used at the arena front desk."""
import argparse
import json
import logging
import os
import sys

import requests

log = logging.getLogger("loyalty")

API_BASE = os.environ.get("LOYALTY_API", "https://api.loyaltyhub.example/v1")
KEY_VAR = "LOYALTY_API_KEY"


class LoyaltyError(Exception):
    pass


class LoyaltyClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer {}".format(api_key),
            "Accept": "application/json",
            "User-Agent": "arena-frontdesk/2.3",
        })

    def _url(self, path):
        return "{}/{}".format(self.base, path.lstrip("/"))

    def _handle(self, resp):
        if resp.status_code >= 400:
            raise LoyaltyError("{} {}".format(resp.status_code, resp.text[:200]))
        return resp.json() if resp.content else {}

    def member(self, member_id):
        resp = self.session.get(self._url("members/{}".format(member_id)), timeout=self.timeout)
        return self._handle(resp)

    def award(self, member_id, points, reason):
        body = {"member_id": member_id, "points": points, "reason": reason}
        resp = self.session.post(self._url("transactions"), json=body, timeout=self.timeout)
        return self._handle(resp)

    def redeem(self, member_id, reward_code):
        body = {"member_id": member_id, "reward": reward_code}
        resp = self.session.post(self._url("redemptions"), json=body, timeout=self.timeout)
        return self._handle(resp)


def points_for_booking(players, package):
    per_player = {"standard": 10, "birthday": 15, "corporate": 20}.get(package, 10)
    return players * per_player


def main():
    parser = argparse.ArgumentParser(description="Loyalty points at the front desk")
    sub = parser.add_subparsers(dest="cmd", required=True)
    show = sub.add_parser("show")
    show.add_argument("member")
    award = sub.add_parser("award")
    award.add_argument("member")
    award.add_argument("--players", type=int, default=1)
    award.add_argument("--package", default="standard")
    redeem = sub.add_parser("redeem")
    redeem.add_argument("member")
    redeem.add_argument("reward")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get(KEY_VAR)
    if not api_key:
        log.error("set %s first", KEY_VAR)
        return 2
    client = LoyaltyClient(API_BASE, api_key)
    try:
        if args.cmd == "show":
            result = client.member(args.member)
        elif args.cmd == "award":
            points = points_for_booking(args.players, args.package)
            result = client.award(args.member, points, "booking:{}".format(args.package))
        else:
            result = client.redeem(args.member, args.reward)
    except (LoyaltyError, requests.RequestException) as exc:
        log.error("loyalty service error: %s", exc)
        return 1
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
