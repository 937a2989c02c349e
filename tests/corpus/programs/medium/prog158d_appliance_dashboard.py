#!/usr/bin/env python3
"""Small web dashboard showing appliance status on the bay screen.

Pulls the latest readings (fuel, tank level, pump hours, defects) from each
appliance's telemetry gateway and renders a single page that the bay TV
refreshes every 30 seconds. The appliance list lives in appliances.yaml.
"""
import argparse
import logging
import os
import time

import requests
import urllib3
import yaml
from flask import Flask, jsonify, render_template_string

log = logging.getLogger("dashboard")
urllib3.disable_warnings()

app = Flask(__name__)

PAGE = """
<html><head><meta http-equiv="refresh" content="30"><title>Appliances</title></head>
<body><h1>Appliance status ({{ updated }})</h1>
<table border=1>
<tr><th>Call sign</th><th>Fuel %</th><th>Tank %</th><th>Pump hrs</th><th>Defects</th></tr>
{% for a in appliances %}
<tr><td>{{ a.callsign }}</td><td>{{ a.fuel }}</td><td>{{ a.tank }}</td>
<td>{{ a.pump_hours }}</td><td>{{ a.defects }}</td></tr>
{% endfor %}
</table></body></html>
"""


class GatewayClient:
    """Talks to an appliance telemetry gateway (self-signed certificate)."""

    def __init__(self, base_url, token=None, timeout=5):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.verify = False
        if token:
            self.session.headers["Authorization"] = "Bearer " + token
        self.timeout = timeout

    def status(self):
        resp = self.session.get(self.base_url + "/api/status", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_appliances(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or []


def collect(config_path):
    rows = []
    for entry in load_appliances(config_path):
        client = GatewayClient(entry["gateway"], os.environ.get("GATEWAY_TOKEN"))
        row = {"callsign": entry.get("callsign", "?"), "fuel": "-", "tank": "-",
               "pump_hours": "-", "defects": "-"}
        try:
            data = client.status()
            row.update(fuel=data.get("fuel_pct"), tank=data.get("tank_pct"),
                       pump_hours=data.get("pump_hours"),
                       defects=", ".join(data.get("defects", [])) or "none")
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s unreachable: %s", row["callsign"], exc)
            row["defects"] = "no data"
        rows.append(row)
    return rows


@app.route("/")
def index():
    rows = collect(app.config["APPLIANCES"])
    return render_template_string(PAGE, appliances=rows,
                                  updated=time.strftime("%H:%M:%S"))


@app.route("/api/status")
def api_status():
    return jsonify(collect(app.config["APPLIANCES"]))


def main():
    ap = argparse.ArgumentParser(description="Appliance bay dashboard")
    ap.add_argument("--config", default="appliances.yaml")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["APPLIANCES"] = args.config
    # Bay TV and the officer-in-charge's laptop both need to reach it.
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
