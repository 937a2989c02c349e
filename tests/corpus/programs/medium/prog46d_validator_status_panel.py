#!/usr/bin/env python3
"""Small web panel listing validator balances and statuses from a beacon node.

Reads validator indices from ./validators.txt and renders a table.
"""
import argparse
import logging
import os
from functools import lru_cache
from pathlib import Path

import requests
from flask import Flask, abort, jsonify, render_template_string

app = Flask(__name__)
BEACON = os.environ.get("BEACON_API", "http://127.0.0.1:5052")
INDEX_FILE = Path(os.environ.get("VALIDATOR_LIST", "validators.txt"))

PAGE = """
<!doctype html><title>validators</title>
<h1>{{ count }} validators @ epoch {{ epoch }}</h1>
<table border=1 cellpadding=4>
<tr><th>index</th><th>status</th><th>balance (ETH)</th><th>effective</th></tr>
{% for v in rows %}
<tr><td><a href="/validator/{{ v.index }}">{{ v.index }}</a></td>
<td>{{ v.status }}</td><td>{{ '%.5f' % v.balance }}</td><td>{{ v.effective }}</td></tr>
{% endfor %}
</table>
"""


def read_indices():
    if not INDEX_FILE.exists():
        return []
    return [line.strip() for line in INDEX_FILE.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


@lru_cache(maxsize=1)
def genesis_time():
    r = requests.get(f"{BEACON}/eth/v1/beacon/genesis", timeout=5)
    r.raise_for_status()
    return int(r.json()["data"]["genesis_time"])


def fetch_validators(ids):
    if not ids:
        return []
    r = requests.get(f"{BEACON}/eth/v1/beacon/states/head/validators",
                     params={"id": ",".join(ids)}, timeout=10)
    r.raise_for_status()
    out = []
    for item in r.json()["data"]:
        out.append({
            "index": item["index"],
            "status": item["status"],
            "balance": int(item["balance"]) / 1e9,
            "effective": int(item["validator"]["effective_balance"]) // 10**9,
        })
    return out


def current_epoch():
    import time
    return int((time.time() - genesis_time()) // 12 // 32)


@app.route("/")
def index():
    try:
        rows = fetch_validators(read_indices())
    except requests.RequestException as exc:
        app.logger.error("beacon error: %s", exc)
        abort(502)
    return render_template_string(PAGE, rows=rows, count=len(rows),
                                  epoch=current_epoch())


@app.route("/validator/<int:idx>")
def validator(idx):
    rows = fetch_validators([str(idx)])
    if not rows:
        abort(404)
    return jsonify(rows[0])


@app.route("/healthz")
def healthz():
    return {"ok": True, "tracked": len(read_indices())}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8088)
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG)
    app.run(host="0.0.0.0", port=args.port, debug=True)
