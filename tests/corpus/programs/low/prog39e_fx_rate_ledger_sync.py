#!/usr/bin/env python3
"""Pull daily ECB reference FX rates (via the Frankfurter JSON API) and push them to the ledger service.

The ledger API key is read from LEDGER_API_KEY and is only ever sent to the
ledger API itself.  Rates are also kept in ./fx_rates/<date>.json so a rerun
can skip the upstream fetch.
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

log = logging.getLogger("fx_sync")

ECB_DAILY = "https://api.frankfurter.app/latest"
DEFAULTS = {
    "ledger_url": "https://ledger.internal.example.com/api/v2/fx-rates",
    "currencies": "USD,GBP,CHF,SEK,PLN,JPY",
    "timeout": "15",
}


class RateSource:
    def __init__(self, session: requests.Session, timeout: float):
        self.session = session
        self.timeout = timeout

    def fetch(self) -> tuple[str, dict[str, float]]:
        resp = self.session.get(ECB_DAILY, params={"from": "EUR"}, timeout=self.timeout)
        resp.raise_for_status()
        payload = resp.json()
        if payload.get("base") != "EUR" or "rates" not in payload:
            raise ValueError("unexpected rate payload")
        day = payload["date"]
        rates = {k: float(v) for k, v in payload["rates"].items()}
        return day, rates


class LedgerClient:
    def __init__(self, base_url: str, api_key: str, timeout: float):
        self.base_url = base_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "fx-sync/1.4",
        })

    def push(self, day: str, rates: dict[str, float]) -> dict:
        body = {"base": "EUR", "date": day, "source": "ECB",
                "rates": [{"quote": k, "rate": v} for k, v in sorted(rates.items())]}
        resp = self.session.post(self.base_url, json=body, timeout=self.timeout)
        if resp.status_code == 409:
            log.info("ledger already has rates for %s", day)
            return {"status": "exists"}
        resp.raise_for_status()
        return resp.json()


def load_config(path: str | None) -> dict:
    cfg = configparser.ConfigParser()
    cfg["fx"] = DEFAULTS
    if path and os.path.exists(path):
        cfg.read(path)
    return dict(cfg["fx"])


def cached_rates(day: str) -> dict | None:
    p = Path("fx_rates") / f"{day}.json"
    if p.exists():
        return json.loads(p.read_text())
    return None


def store_rates(day: str, rates: dict) -> Path:
    out = Path("fx_rates")
    out.mkdir(exist_ok=True)
    p = out / f"{day}.json"
    p.write_text(json.dumps(rates, indent=2, sort_keys=True))
    return p


def main() -> int:
    ap = argparse.ArgumentParser(description="ECB -> ledger FX sync")
    ap.add_argument("-c", "--config", default="fx_sync.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--debug", action="store_true")
    ns = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if ns.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    conf = load_config(ns.config)
    timeout = float(conf["timeout"])
    wanted = {c.strip().upper() for c in conf["currencies"].split(",") if c.strip()}

    today = dt.date.today().isoformat()
    rates = cached_rates(today)
    day = today
    if rates is None:
        try:
            day, all_rates = RateSource(requests.Session(), timeout).fetch()
        except (requests.RequestException, ValueError) as exc:
            log.error("could not fetch ECB rates: %s", exc)
            return 1
        rates = {k: v for k, v in all_rates.items() if k in wanted}
        log.info("stored %s", store_rates(day, rates))

    missing = wanted - rates.keys()
    if missing:
        log.warning("ECB did not publish: %s", ", ".join(sorted(missing)))

    if ns.dry_run:
        json.dump({"date": day, "rates": rates}, sys.stdout, indent=2)
        print()
        return 0

    api_key = os.environ.get("LEDGER_API_KEY")
    if not api_key:
        log.error("LEDGER_API_KEY is not set")
        return 2
    try:
        result = LedgerClient(conf["ledger_url"], api_key, timeout).push(day, rates)
    except requests.RequestException as exc:
        log.error("ledger push failed: %s", exc)
        return 1
    log.info("ledger response: %s", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
