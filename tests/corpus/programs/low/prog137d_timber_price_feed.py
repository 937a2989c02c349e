#!/usr/bin/env python3
"""Check and store the timber price feeds the sales team relies on.

Every morning this fetches the published price lists from the merchants'
sites, checks they are reachable and fresh, and saves each one into
./prices/ so the quoting spreadsheet picks up today's figures. Downloads
land in a temporary file first so a half-finished download never replaces
a good price list.
"""
import argparse
import json
import logging
import os
import sys
import tempfile
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path

import requests

log = logging.getLogger("pricefeed")

FEEDS = {
    "merchant_a": "https://prices.example.com/softwood.json",
    "merchant_b": "https://www.example.net/feeds/sawn_timber.json",
    "index": "https://example.org/timber-index/latest.json",
}
OUT_DIR = Path("prices")
MAX_AGE_HOURS = 36


def os_name():
    """Short OS description for the User-Agent header."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return sys.platform


class FeedChecker:
    def __init__(self, timeout=20):
        self.session = requests.Session()
        self.session.headers["User-Agent"] = f"sawmill-pricefeed/2.0 ({os_name()})"
        self.timeout = timeout

    def age_hours(self, url):
        r = self.session.head(url, timeout=self.timeout, allow_redirects=True)
        r.raise_for_status()
        lm = r.headers.get("Last-Modified")
        if not lm:
            return None
        modified = parsedate_to_datetime(lm)
        return (datetime.now(timezone.utc) - modified).total_seconds() / 3600

    def download(self, url, dest: Path):
        r = self.session.get(url, timeout=self.timeout)
        r.raise_for_status()
        data = r.json()  # reject anything that is not valid JSON
        fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=".price-", suffix=".json")
        try:
            with os.fdopen(fd, "w") as fh:
                json.dump(data, fh, indent=1)
            os.replace(tmp, dest)
        except Exception:
            os.unlink(tmp)
            raise
        return len(data) if isinstance(data, (list, dict)) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", choices=sorted(FEEDS), action="append")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    OUT_DIR.mkdir(exist_ok=True)
    checker = FeedChecker()
    problems = 0
    for name in args.only or sorted(FEEDS):
        url = FEEDS[name]
        try:
            age = checker.age_hours(url)
            if age is not None and age > MAX_AGE_HOURS:
                log.warning("%s is stale (%.0f h old)", name, age)
                problems += 1
            if args.check_only:
                log.info("%s reachable", name)
                continue
            n = checker.download(url, OUT_DIR / f"{name}.json")
            log.info("%s saved (%d entries)", name, n)
        except (requests.RequestException, ValueError) as exc:
            log.error("%s failed: %s", name, exc)
            problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
