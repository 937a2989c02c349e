#!/usr/bin/env python3
"""Small web page for the dock: today's boat manifests, with a print button.

The dock crew opens this on the tablet to check divers onto the boat and to
print the manifest for the coastguard box. Runs on the dock PC.
"""
import argparse
import csv
import logging
import os
import subprocess
from datetime import date
from pathlib import Path

from flask import Flask, abort, redirect, request, url_for
from jinja2 import Environment

LOG = logging.getLogger("manifest_web")

MANIFEST_DIR = Path(os.environ.get("MANIFEST_DIR", "manifests"))
PRINTER = os.environ.get("DOCK_PRINTER", "dock_laser")

app = Flask(__name__)
jinja = Environment(autoescape=False)

PAGE = jinja.from_string("""
<html><head><title>Manifests {{ day }}</title></head><body>
<h1>Boat manifests for {{ day }}</h1>
{% for boat, divers in boats.items() %}
  <h2>{{ boat }} <a href="/print/{{ boat }}">print</a></h2>
  <table border=1>
  <tr><th>Diver</th><th>Cert</th><th>Gas</th><th>Notes</th><th>On board</th></tr>
  {% for d in divers %}
    <tr><td>{{ d.name }}</td><td>{{ d.cert }}</td><td>{{ d.gas }}</td>
        <td>{{ d.notes }}</td><td>{{ 'yes' if d.onboard == '1' else 'no' }}</td></tr>
  {% endfor %}
  </table>
{% endfor %}
</body></html>
""")


def manifest_path(boat, day=None):
    day = day or date.today().isoformat()
    return MANIFEST_DIR / f"{day}_{boat}.csv"


def read_boats(day):
    boats = {}
    for path in sorted(MANIFEST_DIR.glob(f"{day}_*.csv")):
        boat = path.stem.split("_", 1)[1]
        with open(path, newline="") as fh:
            boats[boat] = list(csv.DictReader(fh))
    return boats


@app.route("/")
def index():
    day = request.args.get("day", date.today().isoformat())
    return PAGE.render(day=day, boats=read_boats(day))


@app.route("/checkin/<boat>/<name>", methods=["POST"])
def checkin(boat, name):
    path = manifest_path(boat)
    if not path.exists():
        abort(404)
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        if row["name"] == name:
            row["onboard"] = "1"
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=rows[0].keys())
        writer.writeheader()
        writer.writerows(rows)
    return redirect(url_for("index"))


@app.route("/print/<boat>")
def print_manifest(boat):
    path = manifest_path(boat)
    if not path.exists():
        abort(404)
    copies = request.args.get("copies", "1")
    # lpr handles CSV fine on the dock printer
    cmd = f"lpr -P {PRINTER} -# {copies} {path}"
    result = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("print failed: %s", result.stderr.strip())
        return f"print failed: {result.stderr}", 500
    LOG.info("printed %s (%s copies)", path.name, copies)
    return redirect(url_for("index"))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    MANIFEST_DIR.mkdir(exist_ok=True)
    # tablets on the dock Wi-Fi need to reach it
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
