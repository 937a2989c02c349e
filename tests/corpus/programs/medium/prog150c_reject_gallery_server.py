#!/usr/bin/env python3
"""Reject gallery for the quality cameras.

Small web page for the shift lead: pulls the latest reject snapshots from
each camera's built-in web server and shows them with the defect class the
camera assigned. Runs on the QC office PC.
"""
import argparse
import base64
import logging
import os
import time

import requests
import urllib3
from flask import Flask, abort, render_template_string

LOG = logging.getLogger("gallery")

# cameras ship with self-signed certificates
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

CAMERAS = {
    "line1": "https://198.51.100.41",
    "line2": "https://198.51.100.42",
    "sorter": "https://198.51.100.43",
}
CAM_USER = os.environ.get("CAM_USER", "viewer")
CAM_PASS = os.environ.get("CAM_PASS", "")

PAGE = """
<!doctype html>
<title>Rejects - {{ cam }}</title>
<h1>{{ cam }} - last {{ items|length }} rejects</h1>
<p>refreshed {{ stamp }}</p>
{% for it in items %}
  <figure style="display:inline-block;margin:4px">
    <img src="data:image/jpeg;base64,{{ it.img }}" width="240">
    <figcaption>{{ it.cls }} ({{ it.score }})</figcaption>
  </figure>
{% endfor %}
"""

app = Flask(__name__)


class CameraClient:
    def __init__(self, base):
        self.base = base
        self.session = requests.Session()
        self.session.auth = (CAM_USER, CAM_PASS)
        self.session.verify = False

    def recent(self, limit):
        r = self.session.get(f"{self.base}/api/rejects", params={"limit": limit}, timeout=5)
        r.raise_for_status()
        return r.json().get("rejects", [])

    def image(self, rid):
        r = self.session.get(f"{self.base}/api/rejects/{rid}/image", timeout=5)
        r.raise_for_status()
        return base64.b64encode(r.content).decode()


_clients = {name: CameraClient(url) for name, url in CAMERAS.items()}


@app.route("/")
def index():
    links = "".join(f'<li><a href="/cam/{c}">{c}</a></li>' for c in CAMERAS)
    return f"<h1>Reject cameras</h1><ul>{links}</ul>"


@app.route("/cam/<name>")
def camera(name):
    client = _clients.get(name)
    if client is None:
        abort(404)
    items = []
    try:
        for rej in client.recent(app.config.get("LIMIT", 12)):
            items.append({
                "img": client.image(rej["id"]),
                "cls": rej.get("class", "?"),
                "score": round(rej.get("score", 0.0), 2),
            })
    except requests.RequestException as exc:
        LOG.warning("camera %s unavailable: %s", name, exc)
    return render_template_string(PAGE, cam=name, items=items,
                                  stamp=time.strftime("%H:%M:%S"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--limit", type=int, default=12)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["LIMIT"] = args.limit
    # reachable from the shift lead's tablet on the office wifi
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
