#!/usr/bin/env python3
"""Live sales dashboard for the shop managers' tablets.

Polls each shop's till server for today's takings and best sellers and
serves a simple page the managers open on their tablets in the back office.
"""
import argparse
import logging
import os
import threading
import time

import requests
import urllib3
from flask import Flask
from jinja2 import Environment

log = logging.getLogger("dashboard")

SHOPS = {
    "riverside": "https://till-riverside.example.com/api/today",
    "market-st": "https://till-market.example.com/api/today",
    "station": "https://till-station.example.com/api/today",
}

PAGE = """<html><head><title>Takings</title>
<meta http-equiv="refresh" content="60"></head><body>
<h1>Today's takings</h1>
<table border=1>
<tr><th>Shop</th><th>Takings</th><th>Top item</th><th>Note</th></tr>
{% for name, s in shops.items() %}
<tr><td>{{ name }}</td><td>&pound;{{ "%.2f"|format(s.total) }}</td>
<td>{{ s.top }}</td><td>{{ s.note }}</td></tr>
{% endfor %}
</table><p>updated {{ updated }}</p></body></html>"""

# till servers use the vendor's self-signed certificates
urllib3.disable_warnings()
env = Environment(autoescape=False)
template = env.from_string(PAGE)

app = Flask(__name__)
STATE = {"shops": {}, "updated": "never"}
LOCK = threading.Lock()


def fetch_shop(url, timeout=10):
    r = requests.get(url, timeout=timeout, verify=False)
    r.raise_for_status()
    data = r.json()
    top = max(data.get("items", []), key=lambda i: i.get("qty", 0), default={})
    return {
        "total": float(data.get("total", 0.0)),
        "top": top.get("name", "-"),
        # free-text note the shop manager types on the till
        "note": data.get("manager_note", ""),
    }


def poller(interval):
    while True:
        snapshot = {}
        for name, url in SHOPS.items():
            try:
                snapshot[name] = fetch_shop(url)
            except (requests.RequestException, ValueError) as exc:
                log.warning("%s: %s", name, exc)
                snapshot[name] = {"total": 0.0, "top": "offline", "note": ""}
        with LOCK:
            STATE["shops"] = snapshot
            STATE["updated"] = time.strftime("%H:%M:%S")
        time.sleep(interval)


@app.route("/")
def index():
    with LOCK:
        return template.render(shops=STATE["shops"], updated=STATE["updated"])


@app.route("/healthz")
def health():
    return {"ok": True, "updated": STATE["updated"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=int(os.environ.get("DASH_PORT", 8080)))
    ap.add_argument("--interval", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    t = threading.Thread(target=poller, args=(args.interval,), daemon=True)
    t.start()
    # managers reach it from the back-office Wi-Fi, so listen on every interface
    app.run(host="0.0.0.0", port=args.port, debug=True, use_reloader=False)


if __name__ == "__main__":
    main()
