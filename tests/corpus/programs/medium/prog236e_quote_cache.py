#!/usr/bin/env python3
"""Counter quote cache.

Caches rental quotes fetched from the pricing service so the counter app
can answer repeat questions ("how much for the SUV until Friday?") while
the pricing service is slow. Entries expire after a configurable TTL.
"""

import argparse
import hashlib
import json
import logging
import os
import pickle
import sys
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("counter.quotecache")

PRICING = {
    "base": "https://pricing.example.com/v1/quote",
    "timeout": 10,
    "key_env": "PRICING_API_KEY",
}

CACHE_FILE = Path("cache") / "quotes.pkl"


@dataclass
class Quote:
    branch: str
    car_class: str
    pickup: str
    dropoff: str
    total: float
    currency: str = "EUR"
    fetched: float = field(default_factory=time.time)


class QuoteCache:
    def __init__(self, path, ttl):
        self.path = Path(path)
        self.ttl = ttl
        self.entries = {}

    @staticmethod
    def key(branch, car_class, pickup, dropoff):
        raw = "|".join((branch, car_class, pickup, dropoff)).encode()
        return hashlib.md5(raw).hexdigest()

    def load(self):
        if not self.path.exists():
            log.info("no cache yet at %s", self.path)
            return
        try:
            with self.path.open("rb") as fh:
                self.entries = pickle.load(fh)
            log.info("loaded %d cached quotes", len(self.entries))
        except (pickle.UnpicklingError, EOFError) as exc:
            log.warning("cache unreadable, starting fresh: %s", exc)
            self.entries = {}

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, self.path)
        os.chmod(self.path, 0o600)

    def get(self, k):
        q = self.entries.get(k)
        if q and time.time() - q.fetched < self.ttl:
            return q
        return None

    def put(self, k, quote):
        self.entries[k] = quote

    def prune(self):
        now = time.time()
        stale = [k for k, q in self.entries.items() if now - q.fetched >= self.ttl]
        for k in stale:
            del self.entries[k]
        return len(stale)


def fetch_quote(branch, car_class, pickup, dropoff):
    params = urllib.parse.urlencode({
        "branch": branch, "class": car_class,
        "pickup": pickup, "dropoff": dropoff,
    })
    req = urllib.request.Request(PRICING["base"] + "?" + params)
    api_key = os.environ.get(PRICING["key_env"])
    if api_key:
        req.add_header("Authorization", "Bearer " + api_key)
    with urllib.request.urlopen(req, timeout=PRICING["timeout"]) as resp:
        data = json.load(resp)
    return Quote(branch, car_class, pickup, dropoff,
                 float(data["total"]), data.get("currency", "EUR"))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Cached rental quotes")
    ap.add_argument("branch")
    ap.add_argument("car_class")
    ap.add_argument("pickup", help="YYYY-MM-DD")
    ap.add_argument("dropoff", help="YYYY-MM-DD")
    ap.add_argument("--cache", default=str(CACHE_FILE))
    ap.add_argument("--ttl", type=int, default=900)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cache = QuoteCache(args.cache, args.ttl)
    cache.load()
    dropped = cache.prune()
    log.debug("pruned %d stale quotes", dropped)

    k = QuoteCache.key(args.branch, args.car_class, args.pickup, args.dropoff)
    quote = cache.get(k)
    if quote is None:
        try:
            quote = fetch_quote(args.branch, args.car_class, args.pickup, args.dropoff)
        except (OSError, ValueError, KeyError) as exc:
            log.error("pricing service failed: %s", exc)
            return 1
        cache.put(k, quote)
        cache.save()
        source = "live"
    else:
        source = "cache"
    print("%s %s %s..%s: %.2f %s (%s)" % (
        quote.branch, quote.car_class, quote.pickup, quote.dropoff,
        quote.total, quote.currency, source))
    return 0


if __name__ == "__main__":
    sys.exit(main())
