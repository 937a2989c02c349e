#!/usr/bin/env python3
"""Poll daily FX reference rates and push them to the ledger service.

Rates are fetched from a public feed, cached in ./fx_cache, and posted to
the internal ledger API so multi-currency invoices can be revalued.
"""
import argparse
import configparser
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("fx_poller")
DEFAULT_FEED = "https://api.frankfurter.app/latest"
CURRENCIES = ("USD", "GBP", "CHF", "SEK", "PLN", "JPY")


def load_settings(path: Path) -> dict:
    cfg = configparser.ConfigParser()
    cfg.read(path)
    section = cfg["fx"] if cfg.has_section("fx") else {}
    return {
        "feed": section.get("feed_url", DEFAULT_FEED),
        "ledger": section.get("ledger_url", "https://ledger.internal.example.com/api/v2/fx-rates"),
        "base": section.get("base", "EUR"),
    }


def fetch_rates(feed: str, base: str) -> dict:
    resp = requests.get(feed, params={"from": base, "to": ",".join(CURRENCIES)}, timeout=15)
    resp.raise_for_status()
    body = resp.json()
    rates = body.get("rates", {})
    missing = [c for c in CURRENCIES if c not in rates]
    if missing:
        LOG.warning("feed did not return %s", ", ".join(missing))
    return {"base": body.get("base", base), "date": body.get("date"), "rates": rates}


def cache_rates(snapshot: dict, cache_dir: Path) -> Path:
    cache_dir.mkdir(exist_ok=True)
    target = cache_dir / f"rates_{snapshot['date'] or dt.date.today().isoformat()}.json"
    target.write_text(json.dumps(snapshot, indent=2, sort_keys=True))
    return target


def push_to_ledger(snapshot: dict, ledger_url: str) -> None:
    api_key = os.environ.get("LEDGER_API_KEY")
    if not api_key:
        raise RuntimeError("LEDGER_API_KEY is not set")
    payload = {
        "source": "frankfurter",
        "base": snapshot["base"],
        "valid_on": snapshot["date"],
        "rates": [{"currency": k, "rate": str(v)} for k, v in sorted(snapshot["rates"].items())],
    }
    resp = requests.post(
        ledger_url,
        json=payload,
        headers={"Authorization": f"Bearer {api_key}", "User-Agent": "fx-poller/1.4"},
        timeout=20,
    )
    if resp.status_code == 409:
        LOG.info("ledger already has rates for %s", snapshot["date"])
        return
    resp.raise_for_status()
    LOG.info("ledger accepted %d rates", len(payload["rates"]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("fx.ini"))
    ap.add_argument("--cache-dir", type=Path, default=Path("fx_cache"))
    ap.add_argument("--dry-run", action="store_true", help="fetch and cache only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    settings = load_settings(args.config)
    try:
        snapshot = fetch_rates(settings["feed"], settings["base"])
    except requests.RequestException as exc:
        LOG.error("could not fetch rates: %s", exc)
        return 2
    path = cache_rates(snapshot, args.cache_dir)
    LOG.info("cached %s", path)
    if args.dry_run:
        return 0
    try:
        push_to_ledger(snapshot, settings["ledger"])
    except (requests.RequestException, RuntimeError) as exc:
        LOG.error("ledger push failed: %s", exc)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
