#!/usr/bin/env python3
"""Ticket scan cache.

Gate scanners sometimes lose the link to the ticketing API during busy
ingress.  This tool builds a local cache of valid ticket barcodes for a
fixture so the gate PC can keep validating offline, and answers lookups
against that cache.
"""

import argparse
import json
import logging
import os
import pickle
import time
import urllib.request

import yaml

log = logging.getLogger("scan-cache")

CACHE_PATH = "/tmp/ticket_scan_cache.pkl"
DEFAULT_CONF = "scan_cache.yaml"


def load_conf(path):
    if not os.path.exists(path):
        return {"api": "https://tickets.example.com/api", "fixture": None, "max_age": 3600}
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class ScanCache:
    def __init__(self, path):
        self.path = path
        self.data = {"built": 0, "fixture": None, "tickets": {}, "scanned": set()}

    def load(self):
        try:
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
        except FileNotFoundError:
            log.info("no cache yet at %s", self.path)
        return self

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)

    def age(self):
        return time.time() - self.data.get("built", 0)

    def refresh(self, api, fixture):
        url = f"{api}/fixtures/{fixture}/valid-barcodes"
        with urllib.request.urlopen(url, timeout=20) as resp:
            payload = json.load(resp)
        self.data["tickets"] = {t["barcode"]: t for t in payload["tickets"]}
        self.data["fixture"] = fixture
        self.data["built"] = time.time()
        self.data["scanned"] = set()
        log.info("cached %d barcodes for fixture %s", len(self.data["tickets"]), fixture)

    def check(self, barcode):
        ticket = self.data["tickets"].get(barcode)
        if ticket is None:
            return "INVALID", None
        if barcode in self.data["scanned"]:
            return "ALREADY_USED", ticket
        self.data["scanned"].add(barcode)
        return "OK", ticket


def main():
    ap = argparse.ArgumentParser(description="Offline ticket scan cache")
    ap.add_argument("--conf", default=DEFAULT_CONF)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("refresh")
    r.add_argument("--fixture")
    c = sub.add_parser("check")
    c.add_argument("barcodes", nargs="+")
    sub.add_parser("stats")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    conf = load_conf(args.conf)
    cache = ScanCache(CACHE_PATH).load()

    if args.cmd == "refresh":
        fixture = args.fixture or conf.get("fixture")
        if not fixture:
            log.error("no fixture given")
            return 2
        try:
            cache.refresh(conf["api"], fixture)
        except (OSError, ValueError, KeyError) as exc:
            log.error("refresh failed: %s", exc)
            return 1
        cache.save()
    elif args.cmd == "check":
        if cache.age() > conf.get("max_age", 3600):
            log.warning("cache is %.0f minutes old", cache.age() / 60)
        for code in args.barcodes:
            verdict, ticket = cache.check(code)
            seat = ticket.get("seat", "-") if ticket else "-"
            print(f"{code}\t{verdict}\t{seat}")
        cache.save()
    elif args.cmd == "stats":
        print(f"fixture: {cache.data.get('fixture')}")
        print(f"tickets: {len(cache.data.get('tickets', {}))}")
        print(f"scanned: {len(cache.data.get('scanned', ()))}")
        print(f"age:     {cache.age() / 60:.1f} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
