#!/usr/bin/env python3
"""Generator dashboard for the production office.

Small Flask app that shows live genset status on the office TV. Pulls data
from the genset controllers' HTTPS API (self-signed certificates from the
factory) and pings the distro boxes to show which are online.
"""
import argparse
import logging
import subprocess
import time

import requests
import urllib3
from flask import Flask, jsonify, render_template_string

log = logging.getLogger("genset-dash")
urllib3.disable_warnings()

app = Flask(__name__)

CONTROLLERS = {
    "genset-A": "https://198.51.100.31:8443/api/status",
    "genset-B": "https://198.51.100.32:8443/api/status",
}
DISTROS = ["198.51.100.41", "198.51.100.42", "198.51.100.43"]

PAGE = """
<html><head><meta http-equiv="refresh" content="10"><title>Gensets</title></head>
<body style="font-family:sans-serif;background:#111;color:#eee">
<h1>Generators</h1>
<table>{% for name, s in gensets.items() %}
<tr><td>{{ name }}</td><td>{{ s.get('load_kw', '?') }} kW</td>
<td>{{ s.get('fuel_pct', '?') }}% fuel</td><td>{{ s.get('error', '') }}</td></tr>
{% endfor %}</table>
<h2>Distro boxes</h2>
<ul>{% for ip, up in distros.items() %}<li>{{ ip }}: {{ 'up' if up else 'DOWN' }}</li>{% endfor %}</ul>
<p>updated {{ ts }}</p></body></html>
"""


class StatusCache:
    def __init__(self, ttl=5):
        self.ttl = ttl
        self.data = {}
        self.stamp = 0

    def get(self):
        if time.time() - self.stamp > self.ttl:
            self.data = fetch_all()
            self.stamp = time.time()
        return self.data


def fetch_controller(url):
    try:
        # factory certs are self-signed and differ per unit
        r = requests.get(url, timeout=4, verify=False)
        r.raise_for_status()
        return r.json()
    except (requests.RequestException, ValueError) as exc:
        return {"error": str(exc)[:60]}


def ping(ip):
    res = subprocess.run(["ping", "-c", "1", "-W", "1", ip],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return res.returncode == 0


def fetch_all():
    return {
        "gensets": {n: fetch_controller(u) for n, u in CONTROLLERS.items()},
        "distros": {ip: ping(ip) for ip in DISTROS},
    }


cache = StatusCache()


@app.route("/")
def index():
    data = cache.get()
    return render_template_string(PAGE, ts=time.strftime("%H:%M:%S"), **data)


@app.route("/api/status")
def api_status():
    return jsonify(cache.get())


def main():
    parser = argparse.ArgumentParser(description="Genset dashboard")
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    log.info("dashboard on port %d", args.port)
    # office TV and phones on the production wifi need to reach it
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
