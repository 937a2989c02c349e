#!/usr/bin/env python3
"""Small web dashboard showing cold-room temperatures for all shops.

Runs on the area manager's laptop. Pulls the latest reading from each
shop's logger box and renders a table with alerts for rooms above the
threshold. The logger boxes use self-signed certificates.
"""
import argparse
import logging
import os
from datetime import datetime

import requests
import urllib3
from flask import Flask, request
from jinja2 import Environment

log = logging.getLogger("dashboard")
urllib3.disable_warnings()

SHOPS = {
    "LON01": "https://203.0.113.11:8443",
    "LON02": "https://203.0.113.12:8443",
    "BRI01": "https://203.0.113.21:8443",
}
THRESHOLD_C = 8.0

env = Environment(autoescape=False)
PAGE = env.from_string("""
<html><head><title>Cold rooms</title></head><body>
<h1>Cold rooms {{ note }}</h1>
<p>updated {{ now }}</p>
<table border=1>
<tr><th>shop</th><th>probe</th><th>celsius</th><th>status</th></tr>
{% for r in rows %}
<tr><td>{{ r.shop }}</td><td>{{ r.probe }}</td><td>{{ r.celsius }}</td>
<td>{{ 'ALERT' if r.alert else 'ok' }}</td></tr>
{% endfor %}
</table></body></html>
""")

app = Flask(__name__)


class LoggerClient:
    def __init__(self, base, timeout=5):
        self.base = base
        self.timeout = timeout
        self.session = requests.Session()
        self.session.verify = False

    def latest(self):
        resp = self.session.get(self.base + "/api/latest", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def gather(threshold):
    rows = []
    for shop, base in SHOPS.items():
        try:
            readings = LoggerClient(base).latest()
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s unreachable: %s", shop, exc)
            rows.append({"shop": shop, "probe": "-", "celsius": "n/a", "alert": True})
            continue
        for item in readings:
            c = float(item.get("celsius", 0))
            rows.append({"shop": shop, "probe": item.get("probe", "?"),
                         "celsius": f"{c:.1f}", "alert": c > threshold})
    return rows


@app.route("/")
def index():
    note = request.args.get("note", "")
    try:
        threshold = float(request.args.get("max", THRESHOLD_C))
    except ValueError:
        threshold = THRESHOLD_C
    rows = gather(threshold)
    return PAGE.render(rows=rows, note=note,
                       now=datetime.now().strftime("%H:%M:%S"))


@app.route("/health")
def health():
    return {"ok": True, "shops": len(SHOPS)}


def main():
    ap = argparse.ArgumentParser(description="Cold-room dashboard")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", 5050)))
    ap.add_argument("--host", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    # debug mode reloads the page template while we tweak it
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
