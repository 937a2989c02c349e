#!/usr/bin/env python3
"""Dollar-cost averaging bot for Kraken.

Reads a schedule from dca.yaml, and each time it is run (from the user's own
scheduler) places the buys that are due as limit orders slightly below the
current ask.  API credentials come from KRAKEN_API_KEY / KRAKEN_API_SECRET.

dca.yaml example:
    budget_currency: EUR
    plans:
      - pair: XBTEUR
        amount: 50
        every_days: 7
      - pair: ETHEUR
        amount: 25
        every_days: 3
"""
import argparse
import base64
import hashlib
import hmac
import json
import logging
import os
import sys
import time
import urllib.parse
from pathlib import Path

import requests
import yaml

log = logging.getLogger("dca")

API_URL = "https://api.kraken.com"
STATE_FILE = Path(".dca-state.json")
YamlLoader = getattr(yaml, "CLoader", yaml.Loader)


class KrakenClient:
    def __init__(self, key, secret, timeout=15):
        self.key = key
        self.secret = base64.b64decode(secret)
        self.session = requests.Session()
        self.timeout = timeout

    def public(self, method, **params):
        r = self.session.get(f"{API_URL}/0/public/{method}", params=params, timeout=self.timeout)
        return self._unwrap(r)

    def private(self, method, **params):
        path = f"/0/private/{method}"
        params["nonce"] = str(int(time.time() * 1000))
        body = urllib.parse.urlencode(params)
        digest = hashlib.sha256((params["nonce"] + body).encode()).digest()
        sig = hmac.new(self.secret, path.encode() + digest, hashlib.sha512).digest()
        headers = {"API-Key": self.key, "API-Sign": base64.b64encode(sig).decode()}
        r = self.session.post(API_URL + path, data=body, headers=headers, timeout=self.timeout)
        return self._unwrap(r)

    @staticmethod
    def _unwrap(resp):
        resp.raise_for_status()
        data = resp.json()
        if data.get("error"):
            raise RuntimeError("; ".join(data["error"]))
        return data["result"]


def load_plan(path):
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=YamlLoader)
    if not isinstance(cfg, dict) or "plans" not in cfg:
        raise ValueError(f"{path}: expected a mapping with a 'plans' list")
    return cfg


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def due_plans(cfg, state, now):
    for plan in cfg["plans"]:
        last = state.get(plan["pair"], 0)
        if now - last >= plan.get("every_days", 7) * 86400:
            yield plan


def place_buy(client, plan, discount_bps, validate):
    ticker = client.public("Ticker", pair=plan["pair"])
    ask = float(next(iter(ticker.values()))["a"][0])
    price = round(ask * (1 - discount_bps / 10000), 1)
    volume = round(float(plan["amount"]) / price, 8)
    params = {"pair": plan["pair"], "type": "buy", "ordertype": "limit",
              "price": str(price), "volume": f"{volume:.8f}", "oflags": "post"}
    if validate:
        params["validate"] = "true"
    result = client.private("AddOrder", **params)
    log.info("%s: %s", plan["pair"], result.get("descr", {}).get("order", result))
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description="Kraken DCA bot")
    ap.add_argument("--plan", default="dca.yaml")
    ap.add_argument("--discount-bps", type=float, default=10)
    ap.add_argument("--validate", action="store_true", help="ask Kraken to validate only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key, secret = os.environ.get("KRAKEN_API_KEY"), os.environ.get("KRAKEN_API_SECRET")
    if not key or not secret:
        log.error("KRAKEN_API_KEY and KRAKEN_API_SECRET must be set")
        return 78
    try:
        cfg = load_plan(args.plan)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("bad plan: %s", exc)
        return 65

    client = KrakenClient(key, secret)
    state = load_state()
    now = int(time.time())
    failures = 0
    for plan in due_plans(cfg, state, now):
        for attempt in range(3):
            try:
                place_buy(client, plan, args.discount_bps, args.validate)
                if not args.validate:
                    state[plan["pair"]] = now
                break
            except (requests.RequestException, RuntimeError) as exc:
                log.warning("%s attempt %d: %s", plan["pair"], attempt + 1, exc)
                time.sleep(3 * (attempt + 1))
        else:
            failures += 1
    save_state(state)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
