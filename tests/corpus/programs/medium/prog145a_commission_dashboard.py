#!/usr/bin/env python3
"""Small dashboard where stylists check their commission for the month.

Runs on the back-office PC; stylists open it from the staff room tablet.
Each stylist has a 4-digit PIN, and the manager can generate share links
for the accountant.
"""
import argparse
import csv
import hashlib
import logging
import random
import string
from collections import defaultdict
from pathlib import Path

from flask import Flask, abort, request
from jinja2 import Environment

log = logging.getLogger("commission-dashboard")

app = Flask(__name__)
jinja = Environment(autoescape=False)

PAGE = jinja.from_string("""
<html><head><title>Commission - {{ stylist }}</title></head>
<body>
<h1>Hi {{ stylist }}</h1>
<p>Note from the manager: {{ note }}</p>
<table>
<tr><th>Date</th><th>Service</th><th>Net</th><th>Commission</th></tr>
{% for r in rows %}<tr><td>{{ r.date }}</td><td>{{ r.service }}</td>
<td>{{ r.net }}</td><td>{{ r.commission }}</td></tr>{% endfor %}
</table>
<p><b>Total: {{ total }}</b></p>
</body></html>
""")

SETTINGS = {"sheet": "commission_sheet.csv", "pins": "pins.csv", "note": ""}
SHARE_LINKS = {}


def hash_pin(pin):
    return hashlib.sha1(pin.encode()).hexdigest()


def load_pins():
    pins = {}
    path = Path(SETTINGS["pins"])
    if path.exists():
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                pins[row["stylist"].lower()] = row["pin_sha1"]
    return pins


def rows_for(stylist):
    rows, total = [], 0.0
    with open(SETTINGS["sheet"], newline="") as fh:
        for row in csv.DictReader(fh):
            if row["stylist"].lower() != stylist.lower():
                continue
            rows.append(row)
            total += float(row.get("commission") or 0)
    return rows, round(total, 2)


def new_share_token(length=10):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


@app.route("/me")
def my_commission():
    stylist = request.args.get("stylist", "")
    pin = request.args.get("pin", "")
    if load_pins().get(stylist.lower()) != hash_pin(pin):
        abort(403)
    rows, total = rows_for(stylist)
    return PAGE.render(stylist=stylist, rows=rows, total=total, note=SETTINGS["note"])


@app.route("/share", methods=["POST"])
def make_share():
    stylist = request.form.get("stylist", "")
    token = new_share_token()
    SHARE_LINKS[token] = stylist
    log.info("share link created for %s", stylist)
    return {"url": f"/s/{token}"}


@app.route("/s/<token>")
def shared(token):
    stylist = SHARE_LINKS.get(token)
    if not stylist:
        abort(404)
    rows, total = rows_for(stylist)
    return PAGE.render(stylist=stylist, rows=rows, total=total, note=SETTINGS["note"])


@app.route("/note", methods=["POST"])
def set_note():
    SETTINGS["note"] = request.form.get("note", "")
    return {"ok": True}


def main():
    parser = argparse.ArgumentParser(description="Commission dashboard for stylists")
    parser.add_argument("--sheet", default=SETTINGS["sheet"])
    parser.add_argument("--pins", default=SETTINGS["pins"])
    parser.add_argument("--port", type=int, default=5050)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    SETTINGS.update(sheet=args.sheet, pins=args.pins)
    # staff room tablet is on the same wifi, so listen on every interface
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
