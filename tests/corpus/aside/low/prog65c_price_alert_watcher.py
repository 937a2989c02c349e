#!/usr/bin/env python3
"""Poll spot prices from a public ticker API and push threshold alerts to a chat webhook.

Config lives in alerts.json in the working directory:

    {
      "webhook_url": "https://chat.example.org/hooks/abc123",
      "interval": 60,
      "rules": [
        {"symbol": "BTCUSDT", "above": 72000},
        {"symbol": "ETHUSDT", "below": 3100}
      ]
    }
"""
import argparse
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Optional

import requests

TICKER_URL = "https://api.binance.com/api/v3/ticker/price"
STATE_FILE = Path(".alert_state.json")

log = logging.getLogger("price_alert")


@dataclass
class Rule:
    symbol: str
    above: Optional[float] = None
    below: Optional[float] = None
    cooldown: int = 900
    last_fired: float = field(default=0.0, repr=False)

    def check(self, price: float) -> Optional[str]:
        if time.time() - self.last_fired < self.cooldown:
            return None
        if self.above is not None and price >= self.above:
            return f"{self.symbol} is {price:,.2f} (>= {self.above:,.2f})"
        if self.below is not None and price <= self.below:
            return f"{self.symbol} is {price:,.2f} (<= {self.below:,.2f})"
        return None


def load_config(path: Path) -> dict:
    with path.open() as fh:
        cfg = json.load(fh)
    cfg.setdefault("interval", 60)
    cfg["webhook_url"] = os.environ.get("ALERT_WEBHOOK_URL", cfg.get("webhook_url"))
    if not cfg.get("webhook_url"):
        raise SystemExit("no webhook_url configured")
    return cfg


def load_state() -> Dict[str, float]:
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file corrupt, starting fresh")
    return {}


def save_state(rules: List[Rule]) -> None:
    STATE_FILE.write_text(json.dumps({r.symbol: r.last_fired for r in rules}))


def price_stream(session: requests.Session, symbols: List[str], interval: int) -> Iterator[Dict[str, float]]:
    params = {"symbols": json.dumps(symbols, separators=(",", ":"))}
    while True:
        try:
            resp = session.get(TICKER_URL, params=params, timeout=10)
            resp.raise_for_status()
            yield {row["symbol"]: float(row["price"]) for row in resp.json()}
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.warning("ticker fetch failed: %s", exc)
        time.sleep(interval)


class Notifier:
    def __init__(self, url: str, session: requests.Session):
        self.url = url
        self.session = session

    def _post(self, payload: dict) -> None:
        for attempt in range(3):
            try:
                r = self.session.post(self.url, json=payload, timeout=10)
                if r.status_code < 300:
                    return
                log.warning("webhook returned %s", r.status_code)
            except requests.RequestException as exc:
                log.warning("webhook attempt %d failed: %s", attempt + 1, exc)
            time.sleep(2 ** attempt)

    def send(self, message: str) -> None:
        self._post({"username": "price-alert", "content": message})


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="alerts.json", type=Path)
    ap.add_argument("--once", action="store_true", help="check one round and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    state = load_state()
    rules = [Rule(**r) for r in cfg["rules"]]
    for r in rules:
        r.last_fired = state.get(r.symbol, 0.0)

    session = requests.Session()
    session.headers["User-Agent"] = "price-alert/1.4"
    notifier = Notifier(cfg["webhook_url"], session)
    notifier.send(f"price-alert watching {len(rules)} rule(s)")

    for prices in price_stream(session, sorted({r.symbol for r in rules}), cfg["interval"]):
        for rule in rules:
            price = prices.get(rule.symbol)
            if price is None:
                continue
            msg = rule.check(price)
            if msg:
                log.info("alert: %s", msg)
                notifier.send(msg)
                rule.last_fired = time.time()
        save_state(rules)
        if args.once:
            break
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
