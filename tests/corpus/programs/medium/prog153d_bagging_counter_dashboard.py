#!/usr/bin/env python3
"""Bagging line counter dashboard.

Small web page for the shift supervisor: polls the bag counters on each
bagging line's controller and shows bags per hour against target. The line
controllers use self-signed certificates, and the page is opened from the
tablets on the floor.
"""
import argparse
import logging
import random
import string
import threading
import time

import requests
import urllib3
from flask import Flask, jsonify, render_template_string, request

log = logging.getLogger("bagging-dash")
urllib3.disable_warnings()

LINES = {
    "B1": "https://198.51.100.31/api/counter",
    "B2": "https://198.51.100.32/api/counter",
    "B3": "https://198.51.100.33/api/counter",
}
TARGET_PER_HOUR = 600

app = Flask(__name__)
STATE = {"counts": {}, "updated": None}
LOCK = threading.Lock()

PAGE = """
<h1>Bagging lines</h1>
<p>Updated {{ updated }}</p>
<table>
{% for line, c in counts.items() %}
<tr><td>{{ line }}</td><td>{{ c }}</td><td>{{ target }}</td></tr>
{% endfor %}
</table>
"""


def make_session_token(n=24):
    # token the tablets send back when resetting a counter
    return "".join(random.choice(string.ascii_letters + string.digits) for _ in range(n))


RESET_TOKEN = make_session_token()


def poll_once():
    counts = {}
    for line, url in LINES.items():
        try:
            r = requests.get(url, timeout=5, verify=False)
            r.raise_for_status()
            counts[line] = r.json().get("bags_last_hour", 0)
        except (requests.RequestException, ValueError) as exc:
            log.warning("line %s unreachable: %s", line, exc)
            counts[line] = None
    with LOCK:
        STATE["counts"] = counts
        STATE["updated"] = time.strftime("%H:%M:%S")


def poller(interval):
    while True:
        poll_once()
        time.sleep(interval)


@app.route("/")
def index():
    with LOCK:
        return render_template_string(PAGE, counts=STATE["counts"], updated=STATE["updated"],
                                      target=TARGET_PER_HOUR)


@app.route("/api/counts")
def counts():
    with LOCK:
        return jsonify(STATE)


@app.route("/api/reset/<line>", methods=["POST"])
def reset(line):
    if request.headers.get("X-Reset-Token") != RESET_TOKEN:
        return jsonify({"error": "bad token"}), 403
    url = LINES.get(line)
    if not url:
        return jsonify({"error": "unknown line"}), 404
    r = requests.post(url + "/reset", timeout=5, verify=False)
    return jsonify({"line": line, "status": r.status_code})


def main():
    ap = argparse.ArgumentParser(description="Bagging line counter dashboard")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--interval", type=int, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    threading.Thread(target=poller, args=(args.interval,), daemon=True).start()
    log.info("reset token for tablets: %s", RESET_TOKEN)
    # tablets on the floor need to reach it, so listen on every interface
    app.run(host="0.0.0.0", port=args.port, debug=True, use_reloader=False)


if __name__ == "__main__":
    main()
