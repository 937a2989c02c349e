#!/usr/bin/env python3
"""Cache daily exchange rates for pricing casks to overseas clients.

Fetches rates from the public Frankfurter API, keeps a small cache in the
working directory and converts a GBP cask price into client currencies.
"""
import argparse
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("fx")

API = "https://api.frankfurter.app"
CACHE = Path(".fxcache")
TTL = 6 * 3600


def cached(fn):
    def wrapper(base, symbols):
        key = hashlib.md5(f"{base}:{','.join(sorted(symbols))}".encode()).hexdigest()
        path = CACHE / f"{key}.json"
        if path.exists() and time.time() - path.stat().st_mtime < TTL:
            log.debug("cache hit %s", path.name)
            return json.loads(path.read_text())
        data = fn(base, symbols)
        CACHE.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        os.chmod(path, 0o600)
        return data
    return wrapper


@cached
def fetch_rates(base, symbols):
    query = urllib.parse.urlencode({"from": base, "to": ",".join(symbols)})
    req = urllib.request.Request(f"{API}/latest?{query}",
                                 headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return json.load(resp)


def convert(amount, rates):
    return {cur: round(amount * rate, 2) for cur, rate in rates.items()}


FORMATS = {
    "text": lambda res: "\n".join(f"{c}  {v:>14,.2f}" for c, v in sorted(res.items())),
    "json": lambda res: json.dumps(res, indent=2),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("amount", type=float, help="cask price in base currency")
    ap.add_argument("--base", default="GBP")
    ap.add_argument("--to", nargs="+", default=["USD", "EUR", "JPY", "CNY", "SGD"])
    ap.add_argument("--format", choices=sorted(FORMATS), default="text")
    ap.add_argument("--purge", action="store_true", help="drop cached rates first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.purge and CACHE.is_dir():
        for p in CACHE.glob("*.json"):
            p.unlink()
    try:
        data = fetch_rates(args.base.upper(), [s.upper() for s in args.to])
    except OSError as exc:
        log.error("rate lookup failed: %s", exc)
        return 1
    rates = data.get("rates", {})
    if not rates:
        log.error("no rates returned")
        return 1
    print(f"{args.amount:,.2f} {args.base.upper()} on {data.get('date', '?')}")
    print(FORMATS[args.format](convert(args.amount, rates)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
