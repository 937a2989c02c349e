#!/usr/bin/env python3
"""Bridge the county CAD XML feed to the station wallboard.

The county CAD exposes active incidents as XML behind a self-signed
certificate. This bridge polls it, converts the incidents to JSON and
serves them to the wallboard browsers on the station LAN.
"""

import argparse
import logging
import os
import threading
import time

import requests
import urllib3
from flask import Flask, jsonify, render_template_string
from lxml import etree

log = logging.getLogger("cad-bridge")

CAD_URL = os.environ.get("CAD_FEED_URL", "https://cad.example.com/feeds/active.xml")
POLL_SECONDS = 20

# the county appliance uses a self-signed cert we can't add to the store
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

app = Flask(__name__)
STATE = {"incidents": [], "updated": None, "error": None}
LOCK = threading.Lock()

BOARD = """
<html><head><meta http-equiv="refresh" content="15"><title>Active calls</title></head>
<body><h1>Active calls ({{ n }})</h1><table>
{% for i in incidents %}<tr><td>{{ i.id }}</td><td>{{ i.type }}</td>
<td>{{ i.address }}</td><td>{{ i.units }}</td></tr>{% endfor %}
</table><p>updated {{ updated }}</p></body></html>
"""


def parse_feed(xml_bytes):
    parser = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)
    root = etree.fromstring(xml_bytes, parser)
    incidents = []
    for node in root.iter("incident"):
        incidents.append({
            "id": node.findtext("id", ""),
            "type": node.findtext("type", ""),
            "address": node.findtext("address", ""),
            "units": ",".join(u.text or "" for u in node.iter("unit")),
        })
    return incidents


def poll_loop(session):
    while True:
        try:
            resp = session.get(CAD_URL, timeout=10, verify=False)
            resp.raise_for_status()
            incidents = parse_feed(resp.content)
            with LOCK:
                STATE.update(incidents=incidents, updated=time.strftime("%H:%M:%S"),
                             error=None)
            log.info("%d active incidents", len(incidents))
        except (requests.RequestException, etree.XMLSyntaxError) as exc:
            with LOCK:
                STATE["error"] = str(exc)
            log.warning("poll failed: %s", exc)
        time.sleep(POLL_SECONDS)


@app.route("/")
def board():
    with LOCK:
        return render_template_string(BOARD, n=len(STATE["incidents"]),
                                      incidents=STATE["incidents"],
                                      updated=STATE["updated"])


@app.route("/api/incidents")
def incidents():
    with LOCK:
        return jsonify(STATE)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    session = requests.Session()
    session.headers["User-Agent"] = "station-wallboard/1.3"
    threading.Thread(target=poll_loop, args=(session,), daemon=True).start()
    # wallboards are separate machines on the LAN, so listen everywhere
    app.run(host="0.0.0.0", port=args.port, debug=True, use_reloader=False)


if __name__ == "__main__":
    main()
