#!/usr/bin/env python3
"""Small client for the bakery loyalty-card service: look up members and record stamps."""

import argparse
import json
import logging
import os
import sys

import requests

log = logging.getLogger("loyalty")

API_BASE = os.environ.get("LOYALTY_API_BASE", "https://api.loyalty.bunhouse.example/v1")


class LoyaltyError(Exception):
    pass


class LoyaltyClient:
    def __init__(self, base_url, api_key, timeout=10):
        if not api_key:
            raise LoyaltyError("LOYALTY_API_KEY is not set")
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "bunhouse-till/1.3",
        })

    def _url(self, path):
        return f"{self.base_url}/{path.lstrip('/')}"

    def _check(self, resp):
        if resp.status_code == 404:
            raise LoyaltyError("not found")
        if resp.status_code >= 400:
            raise LoyaltyError(f"{resp.status_code}: {resp.text[:200]}")
        return resp.json() if resp.content else {}

    def member(self, card_number):
        resp = self.session.get(self._url(f"members/{card_number}"), timeout=self.timeout)
        return self._check(resp)

    def add_stamps(self, card_number, stamps, shop_code, receipt):
        body = {"stamps": stamps, "shop": shop_code, "receipt": receipt}
        resp = self.session.post(self._url(f"members/{card_number}/stamps"),
                                 json=body, timeout=self.timeout)
        return self._check(resp)

    def redeem(self, card_number, reward, shop_code):
        body = {"reward": reward, "shop": shop_code}
        resp = self.session.post(self._url(f"members/{card_number}/redemptions"),
                                 json=body, timeout=self.timeout)
        return self._check(resp)


def show(data, as_json):
    if as_json:
        print(json.dumps(data, indent=2))
        return
    for key in ("name", "card", "stamps", "tier", "next_reward"):
        if key in data:
            print(f"{key:>12}: {data[key]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shop", default=os.environ.get("SHOP_CODE", "BH-01"))
    parser.add_argument("--json", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_show = sub.add_parser("show")
    p_show.add_argument("card")
    p_stamp = sub.add_parser("stamp")
    p_stamp.add_argument("card")
    p_stamp.add_argument("--count", type=int, default=1)
    p_stamp.add_argument("--receipt", required=True)
    p_redeem = sub.add_parser("redeem")
    p_redeem.add_argument("card")
    p_redeem.add_argument("--reward", default="free-coffee")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        client = LoyaltyClient(API_BASE, os.environ.get("LOYALTY_API_KEY"))
        if args.cmd == "show":
            data = client.member(args.card)
        elif args.cmd == "stamp":
            if args.count < 1 or args.count > 10:
                parser.error("--count must be between 1 and 10")
            data = client.add_stamps(args.card, args.count, args.shop, args.receipt)
        else:
            data = client.redeem(args.card, args.reward, args.shop)
    except (LoyaltyError, requests.RequestException) as exc:
        log.error("%s", exc)
        return 1
    show(data, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
