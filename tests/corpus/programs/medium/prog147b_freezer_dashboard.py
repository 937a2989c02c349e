#!/usr/bin/env python3
"""Small web dashboard showing freezer temperatures on the workshop TV.

Polls the probe gateway for current readings and renders a single page
that refreshes every 30 seconds. Notes typed by staff about a freezer
(e.g. "door left open during pest treatment") are shown next to it.
"""
import argparse
import logging
import os
import threading
import time

import requests
import urllib3
from flask import Flask, request, redirect
from jinja2 import Environment, BaseLoader

log = logging.getLogger("freezer-dash")

GATEWAY = os.environ.get("PROBE_GATEWAY", "https://198.51.100.30/api/readings")
POLL_SECONDS = 30

# gateway ships with a self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

PAGE = """
<html><head><meta http-equiv="refresh" content="30"><title>Freezers</title></head>
<body>
<h1>Specimen freezers</h1>
<table border=1>
<tr><th>Freezer</th><th>Temp (C)</th><th>Updated</th><th>Note</th></tr>
{% for f in freezers %}
<tr style="background: {{ 'salmon' if f.temp > limit else 'white' }}">
<td>{{ f.name }}</td><td>{{ f.temp }}</td><td>{{ f.updated }}</td>
<td>{{ notes.get(f.name, '') }}</td></tr>
{% endfor %}
</table>
<form method=post action="/note">
Freezer <input name=freezer> Note <input name=text size=60> <button>Save</button>
</form>
</body></html>
"""

env = Environment(loader=BaseLoader(), autoescape=False)
template = env.from_string(PAGE)
app = Flask(__name__)

STATE = {"freezers": [], "notes": {}, "limit": -18.0}
LOCK = threading.Lock()


class Reading:
    def __init__(self, name, temp, updated):
        self.name = name
        self.temp = temp
        self.updated = updated


def poll_gateway():
    while True:
        try:
            resp = requests.get(GATEWAY, timeout=10, verify=False)
            resp.raise_for_status()
            readings = [Reading(r["id"], float(r["temp_c"]), r["ts"])
                        for r in resp.json().get("probes", [])]
            with LOCK:
                STATE["freezers"] = readings
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.warning("gateway poll failed: %s", exc)
        time.sleep(POLL_SECONDS)


@app.route("/")
def index():
    with LOCK:
        return template.render(freezers=STATE["freezers"], notes=STATE["notes"],
                               limit=STATE["limit"])


@app.route("/note", methods=["POST"])
def add_note():
    freezer = request.form.get("freezer", "").strip()
    text = request.form.get("text", "").strip()
    if freezer:
        with LOCK:
            STATE["notes"][freezer] = text
    return redirect("/")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--limit", type=float, default=-18.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    STATE["limit"] = args.limit
    threading.Thread(target=poll_gateway, daemon=True).start()
    # the TV in the workshop loads the page from across the LAN
    app.run(host="0.0.0.0", port=args.port, debug=True, use_reloader=False)


if __name__ == "__main__":
    main()
