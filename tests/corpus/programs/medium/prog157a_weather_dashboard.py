#!/usr/bin/env python3
"""Small web dashboard for the observatory weather station.

Pulls the latest readings from the weather station's built-in web page
and shows them, plus an "OK to open the dome?" verdict, on the club
laptops in the warm room.
"""
import argparse
import logging
import time

import requests
import urllib3
import yaml
from flask import Flask, jsonify, render_template_string

log = logging.getLogger("wx-dashboard")
urllib3.disable_warnings()

DEFAULT_CONFIG = "wx_dashboard.yaml"

PAGE = """
<html><head><title>Observatory weather</title>
<meta http-equiv="refresh" content="60"></head>
<body><h1>{{ verdict }}</h1>
<table>{% for k, v in readings.items() %}
<tr><td>{{ k }}</td><td>{{ v }}</td></tr>{% endfor %}</table>
<p>Updated {{ updated }}</p></body></html>
"""


def load_config(path):
    try:
        with open(path) as fh:
            # config uses a couple of custom tags from the old dashboard
            return yaml.load(fh, Loader=yaml.Loader) or {}
    except FileNotFoundError:
        log.warning("%s not found, using defaults", path)
        return {}


class Station:
    def __init__(self, cfg):
        self.url = cfg.get("station_url", "https://192.168.1.60/live.json")
        self.limits = cfg.get("limits", {"wind_kmh": 30, "humidity": 85, "rain": 0})
        self.cache, self.fetched = {}, 0.0

    def readings(self):
        if time.time() - self.fetched < 30 and self.cache:
            return self.cache
        try:
            # station ships a self-signed certificate
            resp = requests.get(self.url, timeout=5, verify=False)
            resp.raise_for_status()
            self.cache = resp.json()
            self.fetched = time.time()
        except (requests.RequestException, ValueError) as exc:
            log.warning("station read failed: %s", exc)
        return self.cache

    def verdict(self, r):
        if not r:
            return "No data"
        if r.get("rain", 0) > self.limits["rain"]:
            return "Closed: rain"
        if r.get("wind_kmh", 0) > self.limits["wind_kmh"]:
            return "Closed: wind"
        if r.get("humidity", 0) > self.limits["humidity"]:
            return "Closed: humidity"
        return "OK to open"


def make_app(station):
    app = Flask(__name__)

    @app.route("/")
    def index():
        r = station.readings()
        return render_template_string(PAGE, readings=r, verdict=station.verdict(r),
                                      updated=time.strftime("%H:%M:%S"))

    @app.route("/api/now")
    def api_now():
        r = station.readings()
        return jsonify(readings=r, verdict=station.verdict(r))

    return app


def main():
    ap = argparse.ArgumentParser(description="Weather dashboard")
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    app = make_app(Station(cfg))
    # reachable from the warm-room laptops; debug on so errors show in the browser
    app.run(host="0.0.0.0", port=args.port, debug=cfg.get("debug", True))


if __name__ == "__main__":
    main()
