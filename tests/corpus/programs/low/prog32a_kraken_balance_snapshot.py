#!/usr/bin/env python3
"""Take a daily snapshot of Kraken balances and write a local CSV report.

Credentials come from KRAKEN_API_KEY / KRAKEN_API_SECRET and are only ever
used to sign requests to api.kraken.com.
"""
import argparse
import base64
import csv
import hashlib
import hmac
import json
import logging
import os
import sys
import time
import urllib.parse
import urllib.request
from datetime import date
from pathlib import Path

API_ROOT = "https://api.kraken.com"
log = logging.getLogger("kraken-snapshot")

ASSET_ALIASES = {"XXBT": "BTC", "XETH": "ETH", "ZUSD": "USD", "ZEUR": "EUR", "XXDG": "DOGE"}


class KrakenClient:
    def __init__(self, key: str, secret_b64: str, timeout: float = 15.0):
        self.key = key
        self.secret = base64.b64decode(secret_b64)
        self.timeout = timeout

    def _sign(self, path: str, data: dict) -> str:
        postdata = urllib.parse.urlencode(data)
        message = path.encode() + hashlib.sha256((str(data["nonce"]) + postdata).encode()).digest()
        mac = hmac.new(self.secret, message, hashlib.sha512)
        return base64.b64encode(mac.digest()).decode()

    def private(self, method: str, **params) -> dict:
        path = f"/0/private/{method}"
        params["nonce"] = str(int(time.time() * 1000))
        req = urllib.request.Request(
            API_ROOT + path,
            data=urllib.parse.urlencode(params).encode(),
            headers={
                "API-Key": self.key,
                "API-Sign": self._sign(path, params),
                "User-Agent": "balance-snapshot/1.2",
            },
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            body = json.load(resp)
        if body.get("error"):
            raise RuntimeError("; ".join(body["error"]))
        return body["result"]

    def public_ticker(self, pairs) -> dict:
        url = f"{API_ROOT}/0/public/Ticker?pair={','.join(pairs)}"
        with urllib.request.urlopen(url, timeout=self.timeout) as resp:
            body = json.load(resp)
        return body.get("result", {})


def value_in_quote(balances: dict, client: KrakenClient, quote: str) -> list:
    rows = []
    wanted = [a for a in balances if ASSET_ALIASES.get(a, a) != quote]
    pairs = [f"{ASSET_ALIASES.get(a, a)}{quote}" for a in wanted]
    try:
        ticker = client.public_ticker(pairs) if pairs else {}
    except Exception as exc:  # network hiccups should not lose the snapshot
        log.warning("ticker lookup failed: %s", exc)
        ticker = {}
    for asset, amount in balances.items():
        amount = float(amount)
        if amount == 0:
            continue
        symbol = ASSET_ALIASES.get(asset, asset)
        if symbol == quote:
            price = 1.0
        else:
            price = 0.0
            for pair_name, data in ticker.items():
                if pair_name.startswith(asset) or pair_name.startswith(symbol):
                    price = float(data["c"][0])
                    break
        rows.append({"asset": symbol, "amount": amount, "price": price, "value": amount * price})
    return sorted(rows, key=lambda r: r["value"], reverse=True)


def write_report(rows: list, out_dir: Path, quote: str) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"kraken_{date.today().isoformat()}.csv"
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["asset", "amount", "price", "value"])
        writer.writeheader()
        writer.writerows(rows)
        writer.writerow({"asset": "TOTAL", "amount": "", "price": quote,
                         "value": round(sum(r["value"] for r in rows), 2)})
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quote", default="USD")
    parser.add_argument("--out", type=Path, default=Path("reports"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("KRAKEN_API_KEY")
    secret = os.environ.get("KRAKEN_API_SECRET")
    if not key or not secret:
        log.error("KRAKEN_API_KEY and KRAKEN_API_SECRET must be set")
        return 2

    client = KrakenClient(key, secret)
    try:
        balances = client.private("Balance")
    except Exception as exc:
        log.error("balance request failed: %s", exc)
        return 1
    rows = value_in_quote(balances, client, args.quote)
    path = write_report(rows, args.out, args.quote)
    log.info("wrote %d rows to %s", len(rows), path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
