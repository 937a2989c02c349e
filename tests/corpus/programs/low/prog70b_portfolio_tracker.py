#!/usr/bin/env python3
"""Portfolio tracker.

Reads holdings from holdings.csv (asset,amount,cost_basis_usd), fetches spot
prices from CoinGecko and prints value, allocation and unrealised P&L.
Responses are cached in ./.cache for a few minutes to stay under the free
API rate limit.
"""
import argparse
import csv
import hashlib
import json
import logging
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("portfolio")

API = "https://api.coingecko.com/api/v3/simple/price"
CACHE_DIR = Path(".cache")
SYMBOL_TO_ID = {
    "BTC": "bitcoin", "ETH": "ethereum", "SOL": "solana", "ADA": "cardano",
    "DOT": "polkadot", "AVAX": "avalanche-2", "LINK": "chainlink", "MATIC": "matic-network",
    "ATOM": "cosmos", "XMR": "monero", "USDC": "usd-coin", "USDT": "tether",
}


def cached_get(url, ttl):
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.md5(url.encode()).hexdigest()
    path = CACHE_DIR / f"{key}.json"
    if path.exists() and time.time() - path.stat().st_mtime < ttl:
        log.debug("cache hit %s", key)
        return json.loads(path.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "portfolio-tracker/1.2"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        data = json.load(resp)
    path.write_text(json.dumps(data))
    return data


def read_holdings(path):
    holdings = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            sym = row["asset"].strip().upper()
            h = holdings.setdefault(sym, {"amount": 0.0, "cost": 0.0})
            h["amount"] += float(row["amount"])
            h["cost"] += float(row.get("cost_basis_usd") or 0)
    return holdings


def fetch_prices(symbols, vs, ttl):
    ids = {SYMBOL_TO_ID.get(s, s.lower()): s for s in symbols}
    query = urllib.parse.urlencode({"ids": ",".join(sorted(ids)), "vs_currencies": vs})
    data = cached_get(f"{API}?{query}", ttl)
    return {ids[cid]: v.get(vs) for cid, v in data.items() if cid in ids}


def render(holdings, prices, vs):
    rows, total = [], 0.0
    for sym, h in holdings.items():
        price = prices.get(sym)
        if price is None:
            log.warning("no price for %s", sym)
            continue
        value = h["amount"] * price
        total += value
        rows.append((sym, h["amount"], price, value, value - h["cost"]))
    rows.sort(key=lambda r: r[3], reverse=True)
    print(f"{'asset':6} {'amount':>16} {'price':>12} {'value':>14} {'alloc':>7} {'u/PnL':>12}")
    for sym, amount, price, value, pnl in rows:
        alloc = 100 * value / total if total else 0
        print(f"{sym:6} {amount:16.6f} {price:12.2f} {value:14.2f} {alloc:6.1f}% {pnl:12.2f}")
    print(f"{'total':6} {'':16} {'':12} {total:14.2f} {vs.upper()}")
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description="crypto portfolio tracker")
    ap.add_argument("holdings", nargs="?", default="holdings.csv")
    ap.add_argument("--vs", default="usd")
    ap.add_argument("--ttl", type=int, default=300, help="cache lifetime in seconds")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
    try:
        holdings = read_holdings(args.holdings)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read holdings: %s", exc)
        return 1
    try:
        prices = fetch_prices(holdings.keys(), args.vs, args.ttl)
    except OSError as exc:
        log.error("price lookup failed: %s", exc)
        return 2
    render(holdings, prices, args.vs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
