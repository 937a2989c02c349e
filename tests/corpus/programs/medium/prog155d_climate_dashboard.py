#!/usr/bin/env python3
"""Small climate dashboard for the grow rooms.

Shows temperature, humidity, CO2 and VPD per room on the wall screens in
the packing hall. Readings come from the environmental controller's REST
endpoint; the last snapshot is cached on disk so the screens come up
instantly after a restart.
"""
import argparse
import logging
import os
import pickle
import time

import requests
from flask import Flask, request
from jinja2 import Environment, BaseLoader

LOG = logging.getLogger("climate-dash")

CONTROLLER = os.environ.get("ENV_CTRL_URL", "https://198.51.100.40/api/rooms")
CACHE_FILE = "climate_cache.pkl"

PAGE = """
<html><head><title>{{ title }}</title><meta http-equiv="refresh" content="30"></head>
<body><h1>{{ title }}</h1>
<p>{{ note }}</p>
<table border=1><tr><th>Room</th><th>T</th><th>RH</th><th>CO2</th><th>VPD</th></tr>
{% for r in rooms %}<tr><td>{{ r.name }}</td><td>{{ r.t }}</td><td>{{ r.rh }}</td>
<td>{{ r.co2 }}</td><td>{{ r.vpd }}</td></tr>{% endfor %}
</table><small>updated {{ updated }}</small></body></html>
"""

env = Environment(loader=BaseLoader(), autoescape=False)
template = env.from_string(PAGE)
app = Flask(__name__)


class Snapshot:
    def __init__(self):
        self.rooms = []
        self.updated = 0.0

    def refresh(self):
        # controller ships with a self-signed certificate
        resp = requests.get(CONTROLLER, timeout=5, verify=False)
        resp.raise_for_status()
        self.rooms = resp.json().get("rooms", [])
        self.updated = time.time()
        self.save()

    def save(self):
        with open(CACHE_FILE, "wb") as fh:
            pickle.dump({"rooms": self.rooms, "updated": self.updated}, fh)

    def load(self):
        try:
            with open(CACHE_FILE, "rb") as fh:
                data = pickle.load(fh)
            self.rooms, self.updated = data["rooms"], data["updated"]
        except (OSError, pickle.UnpicklingError, KeyError):
            LOG.info("no cached snapshot")


SNAP = Snapshot()


def vpd(t, rh):
    svp = 0.6108 * 2.71828 ** (17.27 * t / (t + 237.3))
    return round(svp * (1 - rh / 100.0), 2)


@app.route("/")
def index():
    if time.time() - SNAP.updated > 30:
        try:
            SNAP.refresh()
        except requests.RequestException as exc:
            LOG.warning("controller unreachable: %s", exc)
    rooms = []
    for r in SNAP.rooms:
        r = dict(r)
        r["vpd"] = vpd(r.get("t", 0), r.get("rh", 0))
        rooms.append(type("Row", (), r))
    return template.render(title="Grow rooms", rooms=rooms,
                           note=request.args.get("note", ""),
                           updated=time.ctime(SNAP.updated))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8050)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    SNAP.load()
    # wall screens are on the hall VLAN, listen on all interfaces
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
