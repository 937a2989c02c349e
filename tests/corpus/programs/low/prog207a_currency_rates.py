#!/usr/bin/env python3
"""Convert hammer prices of clock lots into overseas bidders' currencies."""
import argparse
import asyncio
import json
import logging
import os
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("rates")
API = "https://api.frankfurter.app/latest"
CACHE_FILE = Path("rates_cache.json")
MAX_AGE = 6 * 3600


def retry(times):
    def deco(fn):
        async def inner(*a, **kw):
            for attempt in range(1, times + 1):
                try:
                    return await fn(*a, **kw)
                except OSError as exc:
                    log.warning("attempt %d failed: %s", attempt, exc)
                    await asyncio.sleep(attempt)
            raise RuntimeError("rates service unavailable")
        return inner
    return deco


def _get(url):
    with urllib.request.urlopen(url, timeout=15) as resp:
        return json.load(resp)


@retry(3)
async def fetch_rates(base, symbols):
    url = f"{API}?from={base}&to={','.join(symbols)}"
    return await asyncio.to_thread(_get, url)


def read_cache(base):
    try:
        data = json.loads(CACHE_FILE.read_text())
    except (OSError, ValueError):
        return None
    if data.get("base") != base or time.time() - data.get("_saved", 0) > MAX_AGE:
        return None
    return data


def write_cache(data):
    data["_saved"] = time.time()
    CACHE_FILE.write_text(json.dumps(data))
    os.chmod(CACHE_FILE, 0o600)


async def rates_for(base, symbols, refresh):
    data = None if refresh else read_cache(base)
    if data is None:
        data = await fetch_rates(base, symbols)
        write_cache(data)
    return data["rates"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("amounts", nargs="+", type=float, help="hammer prices")
    ap.add_argument("--base", default="GBP")
    ap.add_argument("--to", action="append", default=None)
    ap.add_argument("--premium", type=float, default=25.0, help="buyer's premium %%")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    symbols = args.to or ["USD", "EUR", "CHF", "JPY"]
    try:
        rates = asyncio.run(rates_for(args.base, symbols, args.refresh))
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    factor = 1 + args.premium / 100
    for amount in args.amounts:
        total = amount * factor
        converted = "  ".join(f"{c} {total * rates[c]:,.0f}" for c in symbols if c in rates)
        print(f"{args.base} {amount:,.0f} (+premium {total:,.0f}): {converted}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
