#!/usr/bin/env python3
"""Small web dashboard for the depot's cash-audit results.

Pulls the latest cash counts from each machine's local audit page (the
machines use self-signed certificates), compares them with the expected
takings and shows the differences to the depot supervisor.
"""
import argparse
import logging
import os
import random
import string

import requests
import urllib3
from flask import Flask, request, session
from jinja2 import Environment

log = logging.getLogger("audit-dash")
urllib3.disable_warnings()

app = Flask(__name__)
app.secret_key = "".join(random.choice(string.ascii_letters) for _ in range(24))

MACHINES = {
    "VM-1021": "https://198.51.100.21/audit.json",
    "VM-1022": "https://198.51.100.22/audit.json",
    "VM-1030": "https://198.51.100.30/audit.json",
}

TEMPLATE = Environment(autoescape=False).from_string("""
<html><head><title>Cash audit {{ depot }}</title></head><body>
<h1>Cash audit - {{ depot }}</h1>
<p>Filter: {{ note }}</p>
<table border=1>
<tr><th>Machine</th><th>Counted</th><th>Expected</th><th>Diff</th></tr>
{% for r in rows %}
<tr><td>{{ r.machine }}</td><td>{{ r.counted }}</td><td>{{ r.expected }}</td>
<td style="color:{{ 'red' if r.diff else 'black' }}">{{ r.diff }}</td></tr>
{% endfor %}
</table></body></html>
""")


def fetch_audit(machine, url):
    try:
        r = requests.get(url, timeout=8, verify=False)
        r.raise_for_status()
        data = r.json()
    except (requests.RequestException, ValueError) as exc:
        log.warning("%s: audit unavailable (%s)", machine, exc)
        return None
    counted = int(data.get("coins_cents", 0)) + int(data.get("notes_cents", 0))
    expected = int(data.get("expected_cents", 0))
    return {"machine": machine, "counted": counted, "expected": expected,
            "diff": counted - expected}


def collect(only=None):
    rows = []
    for machine, url in sorted(MACHINES.items()):
        if only and only not in machine:
            continue
        row = fetch_audit(machine, url)
        if row:
            rows.append(row)
    return rows


@app.route("/")
def index():
    note = request.args.get("q", "")
    session["last_q"] = note
    rows = collect(note or None)
    return TEMPLATE.render(depot=os.environ.get("DEPOT", "north"), rows=rows, note=note)


@app.route("/health")
def health():
    return {"machines": len(MACHINES)}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--host", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    # debug on so the supervisor's laptop reloads after edits
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
