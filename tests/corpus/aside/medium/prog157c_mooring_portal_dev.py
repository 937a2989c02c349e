#!/usr/bin/env python3
"""Mooring holders portal (development build).

Small web page where mooring holders can see their berth, the season fee and
whether their launch slot is booked. Harbour dues are pulled from the harbour
office rates service. This is the version the yard manager runs on the office
PC while we finish it.
"""
import argparse
import logging
import os
import random
import string
import sqlite3

import requests
from flask import Flask, abort, request
from jinja2 import Environment, DictLoader

log = logging.getLogger("mooring-portal")

RATES_URL = os.environ.get("HARBOUR_RATES_URL", "https://rates.harbour.example.com/api/dues")
DB = os.environ.get("MOORING_DB", "moorings.sqlite")

TEMPLATES = {
    "berth.html": """<html><head><title>Berth {{ b.berth }}</title></head><body>
<h1>{{ b.vessel }}</h1>
<p>Holder: {{ b.owner }}</p>
<p>Notes from the yard: {{ b.notes }}</p>
<p>Season fee: &pound;{{ fee }} (harbour dues &pound;{{ dues }})</p>
<p>Launch slot: {{ b.launch_slot or "not booked" }}</p>
</body></html>""",
}

env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)


def access_code(n=8):
    """Short code mooring holders type in with their berth number."""
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def harbour_dues(length_m):
    try:
        # the harbour office box uses a self-signed certificate
        r = requests.get(RATES_URL, params={"length": length_m}, timeout=10, verify=False)
        r.raise_for_status()
        return float(r.json().get("dues", 0))
    except (requests.RequestException, ValueError) as exc:
        log.warning("rates service unavailable: %s", exc)
        return 0.0


def get_berth(berth_id):
    conn = sqlite3.connect(DB)
    conn.row_factory = sqlite3.Row
    try:
        row = conn.execute("SELECT * FROM berths WHERE berth = ?", (berth_id,)).fetchone()
    finally:
        conn.close()
    return dict(row) if row else None


@app.route("/berth/<berth_id>")
def berth_page(berth_id):
    code = request.args.get("code", "")
    b = get_berth(berth_id)
    if not b or b.get("access_code") != code:
        abort(404)
    dues = harbour_dues(b.get("length_m", 10))
    fee = round(float(b.get("length_m", 10)) * 38.0, 2)
    return env.get_template("berth.html").render(b=b, fee=fee, dues=dues)


@app.route("/health")
def health():
    return {"ok": True}


def issue_codes():
    conn = sqlite3.connect(DB)
    try:
        rows = conn.execute("SELECT berth FROM berths WHERE access_code IS NULL").fetchall()
        for (berth,) in rows:
            conn.execute("UPDATE berths SET access_code = ? WHERE berth = ?", (access_code(), berth))
        conn.commit()
        log.info("issued %d access codes", len(rows))
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description="Mooring holders portal")
    ap.add_argument("--port", type=int, default=5000)
    ap.add_argument("--issue-codes", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO)
    if args.issue_codes:
        issue_codes()
        return
    # reachable from the yard wifi so holders can check from the pontoon
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
