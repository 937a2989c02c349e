#!/usr/bin/env python3
"""Dust dashboard for the site office.

Small web page showing the latest PM10 / PM2.5 from each boundary monitor
so the shift supervisor can decide whether to start the water carts. The
monitor gateway uses a self-signed certificate from the installer.
"""

import argparse
import logging
import os
import time

import requests
import urllib3
from flask import Flask, request
from jinja2 import Environment, BaseLoader

log = logging.getLogger("dust-dash")
urllib3.disable_warnings()

GATEWAY = os.environ.get("DUST_GATEWAY", "https://10.20.0.8/api/latest")
LIMIT_PM10 = float(os.environ.get("PM10_LIMIT", "150"))

PAGE = """
<html><head><title>Dust - {{ site }}</title>
<meta http-equiv="refresh" content="60"></head>
<body>
<h2>Boundary monitors - {{ site }}</h2>
<p>{{ note }}</p>
<table border=1>
<tr><th>Monitor</th><th>PM10</th><th>PM2.5</th><th>Age (min)</th></tr>
{% for m in monitors %}
<tr style="background: {{ 'salmon' if m.pm10 > limit else 'white' }}">
<td>{{ m.name }}</td><td>{{ m.pm10 }}</td><td>{{ m.pm25 }}</td><td>{{ m.age }}</td></tr>
{% endfor %}
</table></body></html>
"""

env = Environment(loader=BaseLoader(), autoescape=False)
template = env.from_string(PAGE)
app = Flask(__name__)


class Cache:
    def __init__(self, ttl=30):
        self.ttl = ttl
        self.at = 0
        self.data = []

    def get(self):
        if time.time() - self.at > self.ttl:
            self.data = fetch_latest()
            self.at = time.time()
        return self.data


def fetch_latest():
    try:
        resp = requests.get(GATEWAY, timeout=5, verify=False)
        resp.raise_for_status()
    except requests.RequestException as exc:
        log.warning("gateway: %s", exc)
        return []
    now = time.time()
    out = []
    for m in resp.json().get("monitors", []):
        out.append({"name": m.get("name", "?"), "pm10": m.get("pm10", 0.0),
                    "pm25": m.get("pm25", 0.0),
                    "age": int((now - m.get("epoch", now)) / 60)})
    return out


cache = Cache()


@app.route("/")
def index():
    # supervisors put a shift note in the URL, e.g. ?note=Carts+on+haul+road
    note = request.args.get("note", "")
    return template.render(site=os.environ.get("SITE_NAME", "Quarry"),
                           monitors=cache.get(), limit=LIMIT_PM10, note=note)


@app.route("/health")
def health():
    return {"ok": True, "monitors": len(cache.get())}


def main():
    ap = argparse.ArgumentParser(description="Dust dashboard")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--ttl", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    cache.ttl = args.ttl
    # office PCs browse to the gateway box directly
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
