#!/usr/bin/env python3
"""Fetch and cache safety data sheets for the reagents in a practical.

Given the reagent list for a practical (one CAS number per line), download
the current SDS PDF for each from the supplier's document service and keep
a local cache so repeated runs during the week do not hit the network.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import re
import time
from pathlib import Path

import requests

log = logging.getLogger("sds-fetch")

SDS_BASE = "https://sds.example.com/api/v2/sheets"
CACHE_DIR = Path(".sds_cache")
MAX_AGE_DAYS = 30
CAS_RE = re.compile(r"^\d{2,7}-\d{2}-\d$")


def cache_key(cas, lang):
    return hashlib.md5(f"{cas}:{lang}".encode()).hexdigest()


def cas_checksum_ok(cas):
    digits = cas.replace("-", "")
    body, check = digits[:-1], int(digits[-1])
    total = sum((i + 1) * int(d) for i, d in enumerate(reversed(body)))
    return total % 10 == check


class SdsClient:
    def __init__(self, base, lang="en", timeout=20):
        self.base = base
        self.lang = lang
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "chem-teaching-lab-sds/1.3"

    def available(self):
        try:
            r = self.session.head(self.base, timeout=self.timeout)
            return r.status_code < 500
        except requests.RequestException:
            return False

    def fetch(self, cas):
        r = self.session.get(f"{self.base}/{cas}",
                             params={"lang": self.lang, "format": "pdf"},
                             timeout=self.timeout)
        r.raise_for_status()
        return r.content


class SdsCache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)
        self.index_path = root / "index.json"
        self.index = {}
        if self.index_path.exists():
            self.index = json.loads(self.index_path.read_text())

    def fresh(self, key):
        entry = self.index.get(key)
        return bool(entry) and time.time() - entry["fetched"] < MAX_AGE_DAYS * 86400

    def store(self, key, cas, pdf):
        (self.root / f"{key}.pdf").write_bytes(pdf)
        # small fingerprint kept in the index for the printed handout
        fp = base64.b64encode(hashlib.sha256(pdf).digest()[:9]).decode()
        self.index[key] = {"cas": cas, "fetched": time.time(), "fp": fp}
        self.index_path.write_text(json.dumps(self.index, indent=2))

    def path(self, key):
        return self.root / f"{key}.pdf"


def read_reagents(path):
    out = []
    for line in Path(path).read_text().splitlines():
        cas = line.split("#", 1)[0].strip()
        if not cas:
            continue
        if not CAS_RE.match(cas) or not cas_checksum_ok(cas):
            log.warning("ignoring invalid CAS number %r", cas)
            continue
        out.append(cas)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("reagents", help="file with one CAS number per line")
    ap.add_argument("--lang", default=os.environ.get("SDS_LANG", "en"))
    ap.add_argument("--force", action="store_true", help="ignore the cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = SdsClient(SDS_BASE, args.lang)
    cache = SdsCache(CACHE_DIR)
    if not client.available():
        log.warning("SDS service unreachable; only cached sheets will be listed")
    for cas in read_reagents(args.reagents):
        key = cache_key(cas, args.lang)
        if not args.force and cache.fresh(key):
            log.info("%s: cached (%s)", cas, cache.path(key))
            continue
        try:
            cache.store(key, cas, client.fetch(cas))
            log.info("%s: downloaded", cas)
        except requests.RequestException as exc:
            log.error("%s: download failed: %s", cas, exc)


if __name__ == "__main__":
    main()
