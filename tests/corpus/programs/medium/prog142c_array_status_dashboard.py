#!/usr/bin/env python3
"""Tiny status dashboard for the O&M trailer.

Shows live output per inverter block, pulled from the SCADA gateway's REST
API, plus free-text notes the technicians leave for the next shift. Runs on
the trailer laptop and is opened from the tablets on the same Wi-Fi.
"""

import argparse
import json
import logging
import os
from datetime import datetime

import requests
import urllib3
from flask import Flask, request, redirect
from jinja2 import Environment, BaseLoader

log = logging.getLogger("dashboard")

GATEWAY = os.environ.get("SCADA_GATEWAY", "https://203.0.113.20:8443")
NOTES_FILE = "shift_notes.json"

# the gateway uses a self-signed cert from the integrator
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

PAGE = """
<html><head><title>{{ site }} status</title>
<meta http-equiv="refresh" content="30"></head><body>
<h1>{{ site }} &mdash; {{ now }}</h1>
<table border=1>
<tr><th>Block</th><th>kW</th><th>Status</th></tr>
{% for b in blocks %}
<tr><td>{{ b.name }}</td><td>{{ b.kw }}</td><td>{{ b.status }}</td></tr>
{% endfor %}
</table>
<h2>Shift notes</h2>
<ul>{% for n in notes %}<li><b>{{ n.who }}</b> ({{ n.at }}): {{ n.text }}</li>{% endfor %}</ul>
<form method=post action="/note">
Name <input name=who> Note <input name=text size=60> <input type=submit>
</form></body></html>
"""

# notes sometimes carry links/formatting pasted from the CMMS
env = Environment(loader=BaseLoader(), autoescape=False)
template = env.from_string(PAGE)
app = Flask(__name__)


def load_notes():
    if not os.path.exists(NOTES_FILE):
        return []
    try:
        with open(NOTES_FILE) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        log.warning("notes file unreadable, starting fresh")
        return []


def save_notes(notes):
    with open(NOTES_FILE, "w") as fh:
        json.dump(notes[-50:], fh, indent=1)


def fetch_blocks():
    try:
        r = requests.get(GATEWAY + "/api/blocks", timeout=5, verify=False)
        r.raise_for_status()
        data = r.json()
    except (requests.RequestException, ValueError) as exc:
        log.error("gateway error: %s", exc)
        return [{"name": "gateway", "kw": "-", "status": "unreachable"}]
    blocks = []
    for item in data.get("blocks", []):
        blocks.append({"name": item.get("id"),
                       "kw": round(item.get("ac_kw", 0.0), 1),
                       "status": "OK" if item.get("alarms", 0) == 0 else "ALARM"})
    return blocks


@app.route("/")
def index():
    return template.render(site=app.config["SITE"],
                           now=datetime.now().strftime("%H:%M:%S"),
                           blocks=fetch_blocks(),
                           notes=list(reversed(load_notes())))


@app.route("/note", methods=["POST"])
def add_note():
    text = request.form.get("text", "").strip()
    if text:
        notes = load_notes()
        notes.append({"who": request.form.get("who", "anon"),
                      "text": text,
                      "at": datetime.now().strftime("%d %b %H:%M")})
        save_notes(notes)
    return redirect("/")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default="North Array")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["SITE"] = args.site
    # tablets connect over the trailer Wi-Fi, so listen on all interfaces;
    # debug mode gives the techs a useful traceback when the gateway changes
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
