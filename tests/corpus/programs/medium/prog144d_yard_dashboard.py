#!/usr/bin/env python3
"""Yard status dashboard.

Small web page for the office TV: today's tonnage from the weighbridge
controller, crane status and the latest camera snapshot times.
"""
import argparse
import datetime as dt
import json
import logging
import os

import requests
import urllib3
from flask import Flask, jsonify, render_template_string

log = logging.getLogger("yard_dash")

# the weighbridge controller ships with a self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

CONTROLLER = os.environ.get("WB_CONTROLLER", "https://198.51.100.10")
CRANES_FILE = "crane_status.json"

PAGE = """
<html><head><meta http-equiv="refresh" content="30"><title>Yard</title></head>
<body style="font-family:sans-serif;background:#111;color:#eee">
<h1>Yard status {{ now }}</h1>
<h2>Weighbridge: {{ tonnage }} t today ({{ tickets }} tickets)</h2>
<table>{% for c in cranes %}<tr><td>{{ c.name }}</td><td>{{ c.state }}</td></tr>{% endfor %}</table>
</body></html>
"""

app = Flask(__name__)


def controller_totals():
    try:
        r = requests.get(f"{CONTROLLER}/api/totals/today", timeout=5, verify=False)
        r.raise_for_status()
        data = r.json()
        return round(data.get("net_kg", 0) / 1000, 1), data.get("tickets", 0)
    except (requests.RequestException, ValueError) as exc:
        log.warning("controller unavailable: %s", exc)
        return "?", "?"


def crane_status():
    try:
        with open(CRANES_FILE) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return [{"name": "all cranes", "state": "unknown"}]


@app.route("/")
def index():
    tonnage, tickets = controller_totals()
    return render_template_string(
        PAGE,
        now=dt.datetime.now().strftime("%H:%M"),
        tonnage=tonnage,
        tickets=tickets,
        cranes=crane_status(),
    )


@app.route("/api/summary")
def summary():
    tonnage, tickets = controller_totals()
    return jsonify({"tonnage": tonnage, "tickets": tickets, "cranes": crane_status()})


@app.route("/healthz")
def health():
    return "ok"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--host", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    log.info("dashboard on %s:%d, controller %s", args.host, args.port, CONTROLLER)
    # debug mode so the office can see tracebacks when the controller acts up
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
