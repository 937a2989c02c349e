#!/usr/bin/env python3
"""Small client for the odds provider's REST API.

Lists markets for an event and submits the shop's price overrides back to
the provider. The API key comes from ODDSFEED_API_KEY and is only ever
sent to the provider's own API host.
"""
import argparse
import json
import logging
import os
import sys

import requests

API_BASE = os.environ.get("ODDSFEED_API_BASE", "https://api.oddsfeed.example/v2")

log = logging.getLogger("oddsfeed")


class OddsFeedClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + api_key,
            "Accept": "application/json",
            "User-Agent": "shop-odds-client/1.4",
        })

    def _url(self, path):
        return "{}/{}".format(self.base, path.lstrip("/"))

    def markets(self, event_id):
        resp = self.session.get(self._url("events/{}/markets".format(event_id)),
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("markets", [])

    def submit_overrides(self, event_id, overrides):
        body = {"event_id": event_id, "overrides": overrides}
        resp = self.session.post(self._url("overrides"), json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_overrides(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    overrides = []
    for item in data:
        price = float(item["price"])
        if price <= 1.0:
            raise ValueError("price must be above 1.0 for {}".format(item["selection_id"]))
        overrides.append({"selection_id": item["selection_id"], "price": round(price, 2)})
    return overrides


def print_markets(markets):
    for market in markets:
        print(market.get("name", "?"))
        for sel in market.get("selections", []):
            print("   {:<30} {:>7}".format(sel.get("name", "?"), sel.get("price", "-")))


def main():
    parser = argparse.ArgumentParser(description="Odds provider API client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_list = sub.add_parser("markets", help="list markets for an event")
    p_list.add_argument("event_id")
    p_push = sub.add_parser("override", help="submit price overrides from a JSON file")
    p_push.add_argument("event_id")
    p_push.add_argument("file")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("ODDSFEED_API_KEY")
    if not api_key:
        log.error("set ODDSFEED_API_KEY first")
        return 2
    client = OddsFeedClient(API_BASE, api_key)

    try:
        if args.cmd == "markets":
            print_markets(client.markets(args.event_id))
        else:
            result = client.submit_overrides(args.event_id, load_overrides(args.file))
            log.info("provider accepted %s overrides", result.get("accepted", 0))
    except (requests.RequestException, ValueError, KeyError) as exc:
        log.error("request failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
