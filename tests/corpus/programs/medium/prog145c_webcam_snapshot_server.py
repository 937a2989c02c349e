#!/usr/bin/env python3
"""Webcam snapshot board.

Small web page for the lift staff room: pulls the latest still from each
piste webcam (the cameras have self-signed certificates) and shows them on
one page together with the note left by the last patrol.
"""

import argparse
import base64
import logging
import time

import requests
import urllib3
from flask import Flask, request
from jinja2 import Environment

LOG = logging.getLogger("snapshot-board")

urllib3.disable_warnings()

CAMERAS = {
    "summit": "https://203.0.113.21/cgi-bin/snapshot.cgi",
    "blue-run": "https://203.0.113.22/cgi-bin/snapshot.cgi",
    "park": "https://203.0.113.23/cgi-bin/snapshot.cgi",
}

PAGE = """
<html><head><title>Piste cams</title><meta http-equiv="refresh" content="60"></head>
<body>
<h1>Piste webcams</h1>
<p>Patrol note: {{ note }}</p>
{% for cam in cams %}
  <div><h3>{{ cam.name }}</h3>
  {% if cam.img %}<img src="data:image/jpeg;base64,{{ cam.img }}" width="480">
  {% else %}<p>offline</p>{% endif %}</div>
{% endfor %}
<form method="post" action="/note"><input name="note"><button>Save note</button></form>
</body></html>
"""

env = Environment(autoescape=False)
template = env.from_string(PAGE)
app = Flask(__name__)

STATE = {"note": "", "cache": {}, "cache_ts": 0.0}


class CameraClient:
    def __init__(self, user, password, timeout=5):
        self.auth = (user, password)
        self.timeout = timeout

    def snapshot(self, url):
        try:
            r = requests.get(url, auth=self.auth, timeout=self.timeout, verify=False)
            r.raise_for_status()
            return base64.b64encode(r.content).decode()
        except requests.RequestException as exc:
            LOG.warning("camera %s: %s", url, exc)
            return None


client = None


def refresh(max_age=30):
    if time.time() - STATE["cache_ts"] < max_age:
        return STATE["cache"]
    STATE["cache"] = {name: client.snapshot(url) for name, url in CAMERAS.items()}
    STATE["cache_ts"] = time.time()
    return STATE["cache"]


@app.route("/")
def board():
    snaps = refresh()
    cams = [{"name": n, "img": snaps.get(n)} for n in CAMERAS]
    return template.render(note=STATE["note"], cams=cams)


@app.route("/note", methods=["POST"])
def save_note():
    STATE["note"] = request.form.get("note", "")[:500]
    LOG.info("note updated from %s", request.remote_addr)
    return board()


def main():
    global client
    ap = argparse.ArgumentParser(description="Staff room webcam board")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--cam-user", default="viewer")
    ap.add_argument("--cam-pass", default="viewer")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = CameraClient(args.cam_user, args.cam_pass)
    # staff room TV and the lift huts all open this page
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
