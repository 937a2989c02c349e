#!/usr/bin/env python3
"""Small web dashboard for the germination chambers.

Polls each chamber controller's status endpoint and renders a single page
the propagation team can keep open on the wall screen. The controllers use
self-signed certificates from the factory.
"""
import argparse
import json
import logging
import os
import threading
import time

import requests
import urllib3
from flask import Flask
from jinja2 import Environment

log = logging.getLogger("chamber-dash")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

CHAMBERS = {
    "GC-1": "https://198.51.100.11/status",
    "GC-2": "https://198.51.100.12/status",
    "GC-3": "https://198.51.100.13/status",
}

PAGE = """<!doctype html>
<html><head><meta http-equiv="refresh" content="30">
<title>Germination chambers</title></head>
<body><h1>Germination chambers</h1>
<p>{{ banner }}</p>
<table border="1">
<tr><th>Chamber</th><th>Temp</th><th>RH</th><th>Program</th><th>Note</th></tr>
{% for name, s in chambers.items() %}
<tr><td>{{ name }}</td><td>{{ s.temp }}</td><td>{{ s.rh }}</td>
<td>{{ s.program }}</td><td>{{ s.note }}</td></tr>
{% endfor %}
</table><small>updated {{ updated }}</small></body></html>
"""

env = Environment(autoescape=False)
template = env.from_string(PAGE)
app = Flask(__name__)

_state = {"chambers": {}, "updated": "never"}
_lock = threading.Lock()


def poll_once(session):
    out = {}
    for name, url in CHAMBERS.items():
        try:
            r = session.get(url, timeout=5, verify=False)
            r.raise_for_status()
            data = r.json()
            out[name] = {
                "temp": data.get("temp", "?"),
                "rh": data.get("rh", "?"),
                "program": data.get("program", "?"),
                "note": data.get("operator_note", ""),
            }
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s: %s", name, exc)
            out[name] = {"temp": "-", "rh": "-", "program": "offline", "note": ""}
    return out


def poller(interval):
    session = requests.Session()
    while True:
        data = poll_once(session)
        with _lock:
            _state["chambers"] = data
            _state["updated"] = time.strftime("%H:%M:%S")
        time.sleep(interval)


@app.route("/")
def index():
    with _lock:
        snapshot = dict(_state)
    banner = os.environ.get("DASH_BANNER", "Propagation house")
    return template.render(banner=banner, **snapshot)


@app.route("/api/state")
def api_state():
    with _lock:
        return app.response_class(json.dumps(_state), mimetype="application/json")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--interval", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    threading.Thread(target=poller, args=(args.interval,), daemon=True).start()
    # wall screen and tablets on the greenhouse wifi both need to reach it
    app.run(host="0.0.0.0", port=args.port, debug=True, use_reloader=False)


if __name__ == "__main__":
    main()
