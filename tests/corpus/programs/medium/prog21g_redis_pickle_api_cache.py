"""Caching layer for an exchange-rate API: responses are fetched with
requests and cached in redis as pickled Python objects."""
import functools
import logging
import os
import pickle
from dataclasses import dataclass
from datetime import datetime, timezone
from decimal import Decimal

import redis
import requests

log = logging.getLogger("fxcache")

API_BASE = "https://api.frankfurter.app"
CACHE_TTL = 3600
_redis = redis.Redis.from_url(os.environ.get("REDIS_URL", "redis://localhost:6379/2"))


@dataclass
class RateTable:
    base: str
    day: str
    rates: dict
    fetched_at: datetime

    def convert(self, amount: Decimal, target: str) -> Decimal:
        return (amount * Decimal(str(self.rates[target]))).quantize(Decimal("0.01"))


def redis_cached(prefix: str, ttl: int = CACHE_TTL):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args):
            key = f"{prefix}:" + ":".join(str(a) for a in args)
            blob = _redis.get(key)
            if blob is not None:
                try:
                    return pickle.loads(blob)
                except (pickle.UnpicklingError, EOFError):
                    log.warning("corrupt cache entry %s", key)
            value = func(*args)
            _redis.setex(key, ttl, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            return value
        return wrapper
    return decorator


@redis_cached("fx:latest")
def latest(base: str) -> RateTable:
    resp = requests.get(f"{API_BASE}/latest", params={"from": base}, timeout=10)
    resp.raise_for_status()
    body = resp.json()
    return RateTable(body["base"], body["date"], body["rates"], datetime.now(timezone.utc))


@redis_cached("fx:historic", ttl=86400 * 30)
def historic(base: str, day: str) -> RateTable:
    resp = requests.get(f"{API_BASE}/{day}", params={"from": base}, timeout=10)
    resp.raise_for_status()
    body = resp.json()
    return RateTable(body["base"], body["date"], body["rates"], datetime.now(timezone.utc))


def invalidate(base: str) -> int:
    keys = list(_redis.scan_iter(match=f"fx:*:{base}*"))
    return _redis.delete(*keys) if keys else 0


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Currency conversion with redis cache")
    parser.add_argument("amount", type=Decimal)
    parser.add_argument("base")
    parser.add_argument("target")
    parser.add_argument("--day", help="YYYY-MM-DD for historic rates")
    parser.add_argument("--flush", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    base, target = args.base.upper(), args.target.upper()
    if args.flush:
        log.info("dropped %d cached tables", invalidate(base))
    table = historic(base, args.day) if args.day else latest(base)
    print(f"{args.amount} {base} = {table.convert(args.amount, target)} {target} (rates of {table.day})")


if __name__ == "__main__":
    main()
