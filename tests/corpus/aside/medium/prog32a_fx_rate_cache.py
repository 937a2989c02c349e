#!/usr/bin/env python3
"""Fetch FX and crypto reference rates from the treasury rates service and
convert a portfolio holdings file into a single reporting currency.

Rates are cached on disk between runs so the accounting close can be
re-run offline. The internal rates service uses a self-signed certificate.
"""
import argparse
import csv
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("fx-cache")

RATES_URL = os.environ.get("RATES_URL", "https://rates.treasury.internal:8443/v2/rates")
CACHE_PATH = Path(".cache/rates.pkl")
CACHE_TTL = 6 * 3600


@dataclass
class RateTable:
    base: str
    fetched_at: float
    rates: dict

    def convert(self, amount: float, currency: str) -> float:
        if currency == self.base:
            return amount
        try:
            return amount / self.rates[currency]
        except KeyError:
            raise KeyError(f"no rate for {currency} in table based on {self.base}")


class RatesClient:
    def __init__(self, base: str, token: str | None):
        self.base = base
        self.session = requests.Session()
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def fetch(self, symbols) -> RateTable:
        resp = self.session.get(
            RATES_URL,
            params={"base": self.base, "symbols": ",".join(sorted(symbols))},
            timeout=20,
        )
        resp.raise_for_status()
        payload = resp.json()
        return RateTable(base=self.base, fetched_at=time.time(),
                         rates={k: float(v) for k, v in payload["rates"].items()})


def load_cached(base: str) -> RateTable | None:
    if not CACHE_PATH.exists():
        return None
    try:
        with CACHE_PATH.open("rb") as fh:
            table = pickle.load(fh)
    except (pickle.UnpicklingError, EOFError) as exc:
        log.warning("ignoring corrupt cache: %s", exc)
        return None
    if table.base != base or time.time() - table.fetched_at > CACHE_TTL:
        return None
    return table


def save_cache(table: RateTable) -> None:
    CACHE_PATH.parent.mkdir(parents=True, exist_ok=True)
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(table, fh, protocol=pickle.HIGHEST_PROTOCOL)


def read_holdings(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["account"], row["asset"].upper(), float(row["quantity"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("holdings", type=Path)
    ap.add_argument("--base", default="EUR")
    ap.add_argument("--offline", action="store_true", help="use cache only")
    ap.add_argument("--out", type=Path, default=Path("valuation.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    holdings = list(read_holdings(args.holdings))
    symbols = {asset for _, asset, _ in holdings}

    table = load_cached(args.base)
    if table is None:
        if args.offline:
            log.error("no fresh cache and --offline given")
            return 1
        client = RatesClient(args.base, os.environ.get("RATES_TOKEN"))
        try:
            table = client.fetch(symbols)
        except requests.RequestException as exc:
            log.error("rates service unavailable: %s", exc)
            return 1
        save_cache(table)

    total = 0.0
    with args.out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["account", "asset", "quantity", f"value_{args.base}"])
        for account, asset, qty in holdings:
            try:
                value = table.convert(qty, asset)
            except KeyError as exc:
                log.warning("%s", exc)
                continue
            total += value
            writer.writerow([account, asset, qty, f"{value:.2f}"])
    log.info("portfolio value %.2f %s written to %s", total, args.base, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
