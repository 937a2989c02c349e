#!/usr/bin/env python3
"""Small owner portal used by the kennel office during the pilot.

Owners enter their booking reference and see their animal's pen, the
latest vet check and the expected release date. Permit status is looked
up live from the customs permit service on the airport network.
"""
import argparse
import json
import logging
import os

import requests
import urllib3
from flask import Flask, abort, request
from jinja2 import Environment, DictLoader

log = logging.getLogger("owner-portal")

PERMIT_API = os.environ.get("PERMIT_API", "https://198.51.100.40/permits")
BOOKINGS_FILE = os.environ.get("BOOKINGS_FILE", "bookings.json")

# the customs service still uses its self-signed test certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

TEMPLATES = {
    "status.html": """
<html><body>
<h1>Status for {{ booking.animal }}</h1>
<p>Owner: {{ booking.owner }}</p>
<p>Pen: {{ booking.pen }}</p>
<p>Last vet check: {{ booking.last_check }}</p>
<p>Import permit: {{ permit_status }}</p>
<p>Note from the kennel: {{ booking.note }}</p>
</body></html>
""",
    "lookup.html": """
<html><body><form method="get" action="/status">
Booking reference: <input name="ref" value="{{ ref }}"><button>Show</button>
</form></body></html>
""",
}

# notes are written by staff and may contain simple markup
env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)


class BookingStore:
    def __init__(self, path):
        self.path = path

    def get(self, ref):
        try:
            with open(self.path) as fh:
                data = json.load(fh)
        except (OSError, ValueError) as exc:
            log.error("bookings unavailable: %s", exc)
            return None
        return data.get(ref)


store = BookingStore(BOOKINGS_FILE)


def permit_status(permit_no):
    if not permit_no:
        return "not on file"
    try:
        resp = requests.get(f"{PERMIT_API}/{permit_no}", verify=False, timeout=10)
        resp.raise_for_status()
        return resp.json().get("status", "unknown")
    except requests.RequestException as exc:
        log.warning("permit lookup failed: %s", exc)
        return "unavailable"


@app.route("/")
def index():
    return env.get_template("lookup.html").render(ref=request.args.get("ref", ""))


@app.route("/status")
def status():
    ref = request.args.get("ref", "").strip()
    booking = store.get(ref)
    if booking is None:
        abort(404)
    return env.get_template("status.html").render(
        booking=booking, permit_status=permit_status(booking.get("permit")))


@app.route("/health")
def health():
    return {"ok": True, "bookings": os.path.exists(BOOKINGS_FILE)}


def main():
    parser = argparse.ArgumentParser(description="Owner portal (pilot)")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--host", default="0.0.0.0")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    # keep the reloader and debugger on while the pilot is running
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
