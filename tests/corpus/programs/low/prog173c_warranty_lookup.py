#!/usr/bin/env python3
"""Look up panel and inverter warranty status by serial number.

Reads serials from a commissioning sheet (one per line) and checks each one
against the manufacturer's public warranty endpoint, caching answers locally.
"""
import argparse
import base64
import hashlib
import importlib
import json
import logging
import os
from pathlib import Path

log = logging.getLogger("warranty")

CACHE_DIR = Path(".warranty_cache")
VENDORS = {
    "panel": "https://warranty.helio-modules.example/api/status",
    "inverter": "https://support.invertix.example/warranty/lookup",
}


def os_label():
    try:
        text = Path("/etc/os-release").read_text()
    except OSError:
        return "unknown"
    fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    return fields.get("PRETTY_NAME", "unknown").strip('"')


def cache_key(kind, serial):
    return hashlib.md5(("%s:%s" % (kind, serial)).encode()).hexdigest()


def serial_token(serial):
    return base64.urlsafe_b64encode(serial.encode()).decode().rstrip("=")


class Cache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _path(self, key):
        return self.root / (key + ".json")

    def get(self, key):
        p = self._path(key)
        return json.loads(p.read_text()) if p.exists() else None

    def put(self, key, value):
        p = self._path(key)
        p.write_text(json.dumps(value))
        os.chmod(p, 0o600)


class Lookup:
    def __init__(self, cache, timeout=10):
        self.cache = cache
        self.http = importlib.import_module("requests")
        self.timeout = timeout
        self.agent = "warranty-lookup/1.2 (%s)" % os_label()

    def fetch(self, kind, serial):
        key = cache_key(kind, serial)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        getter = getattr(self.http, "get")
        resp = getter(VENDORS[kind], params={"sn": serial_token(serial)},
                      headers={"User-Agent": self.agent}, timeout=self.timeout)
        if resp.status_code == 404:
            result = {"serial": serial, "status": "not registered"}
        else:
            resp.raise_for_status()
            result = resp.json()
        self.cache.put(key, result)
        return result


def read_serials(path):
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            kind, _, serial = line.partition(",")
            yield (kind.strip() or "panel"), serial.strip()


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("sheet", help="lines of kind,serial (kind: panel|inverter)")
    ap.add_argument("--refresh", action="store_true", help="ignore cache")
    return ap.parse_args()


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = parse_args()
    cache = Cache(CACHE_DIR)
    if args.refresh:
        for p in CACHE_DIR.glob("*.json"):
            p.unlink()
    lookup = Lookup(cache)
    for kind, serial in read_serials(args.sheet):
        if kind not in VENDORS:
            log.warning("skipping %s: unknown kind %s", serial, kind)
            continue
        info = lookup.fetch(kind, serial)
        print("%-9s %-20s %s until %s" % (kind, serial, info.get("status", "?"),
                                          info.get("expires", "-")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
