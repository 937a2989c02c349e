#!/usr/bin/env python3
"""Look up tyres and exhaust parts in the parts distributor's catalogue
and place reservations for jobs booked tomorrow.
"""
import argparse
import json
import logging
import os
import sys

import requests

log = logging.getLogger("parts_client")

API_BASE = os.environ.get("PARTS_API_BASE", "https://api.partsdirect.example/v2")
TIMEOUT = 20


class PartsClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + api_key,
            "Accept": "application/json",
        })

    def _url(self, path):
        return self.base + "/" + path.lstrip("/")

    def search_tyres(self, size, season=None):
        params = {"size": size}
        if season:
            params["season"] = season
        resp = self.session.get(self._url("tyres"), params=params, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("results", [])

    def search_exhaust(self, make, model, year):
        params = {"make": make, "model": model, "year": year}
        resp = self.session.get(self._url("exhaust/fitments"), params=params, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("results", [])

    def reserve(self, sku, qty, job_ref):
        body = {"sku": sku, "quantity": qty, "reference": job_ref}
        resp = self.session.post(self._url("reservations"), json=body, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()


def show(results):
    for item in results:
        print("%-14s %-40s %7.2f  stock %s" % (
            item.get("sku", ""), item.get("description", "")[:40],
            float(item.get("price", 0)), item.get("stock", "?")))


def main():
    parser = argparse.ArgumentParser(description="Parts catalogue client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("tyres")
    t.add_argument("size", help="e.g. 205/55R16")
    t.add_argument("--season", choices=["summer", "winter", "all"])
    e = sub.add_parser("exhaust")
    e.add_argument("make")
    e.add_argument("model")
    e.add_argument("year", type=int)
    r = sub.add_parser("reserve")
    r.add_argument("sku")
    r.add_argument("qty", type=int)
    r.add_argument("job_ref")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("PARTS_API_KEY")
    if not api_key:
        sys.exit("PARTS_API_KEY is not set")
    client = PartsClient(API_BASE, api_key)

    try:
        if args.cmd == "tyres":
            show(client.search_tyres(args.size, args.season))
        elif args.cmd == "exhaust":
            show(client.search_exhaust(args.make, args.model, args.year))
        else:
            print(json.dumps(client.reserve(args.sku, args.qty, args.job_ref), indent=2))
    except requests.HTTPError as exc:
        log.error("catalogue request failed: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
