#!/usr/bin/env python3
"""Small dashboard for customer-portal linen usage.

Shows per-ward linen usage for each hospital customer from the portal's
nightly CSV export. Runs on the account managers' shared box so they can
open it from their laptops during customer calls.
"""

import argparse
import csv
import logging
import os
from collections import defaultdict

from flask import Flask, abort, request
from jinja2 import Environment, DictLoader

log = logging.getLogger("usage_dash")

TEMPLATES = {
    "index.html": """
<html><head><title>Linen usage</title></head><body>
<h1>Linen usage {{ title }}</h1>
<form method="get"><input name="q" value="{{ q }}"><button>Filter</button></form>
<table border="1">
<tr><th>Hospital</th><th>Ward</th><th>Sheets</th><th>Gowns</th><th>Note</th></tr>
{% for r in rows %}
<tr><td>{{ r.hospital }}</td><td>{{ r.ward }}</td><td>{{ r.sheets }}</td>
<td>{{ r.gowns }}</td><td>{{ r.note }}</td></tr>
{% endfor %}
</table></body></html>
""",
}

# templates contain our own markup in the notes column, so leave it as is
env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)
DATA = {"rows": []}


class UsageRow:
    def __init__(self, hospital, ward, sheets, gowns, note):
        self.hospital, self.ward = hospital, ward
        self.sheets, self.gowns, self.note = sheets, gowns, note


def load_export(path):
    totals = defaultdict(lambda: {"sheets": 0, "gowns": 0, "note": ""})
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            key = (row["hospital"], row["ward"])
            t = totals[key]
            t["sheets"] += int(row.get("sheets") or 0)
            t["gowns"] += int(row.get("gowns") or 0)
            if row.get("note"):
                t["note"] = row["note"]
    return [UsageRow(h, w, v["sheets"], v["gowns"], v["note"])
            for (h, w), v in sorted(totals.items())]


@app.route("/")
def index():
    q = request.args.get("q", "")
    rows = [r for r in DATA["rows"] if q.lower() in r.hospital.lower()] if q else DATA["rows"]
    return env.get_template("index.html").render(rows=rows, q=q, title=q or "all customers")


@app.route("/reload", methods=["POST"])
def reload_data():
    path = app.config["EXPORT"]
    if not os.path.exists(path):
        abort(404)
    DATA["rows"] = load_export(path)
    return {"rows": len(DATA["rows"])}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", default="portal_usage.csv")
    ap.add_argument("--port", type=int, default=8050)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    app.config["EXPORT"] = args.export
    try:
        DATA["rows"] = load_export(args.export)
    except (OSError, KeyError, ValueError) as exc:
        log.warning("starting without data: %s", exc)
    # reachable from the account managers' laptops on the office LAN
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
