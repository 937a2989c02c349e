#!/usr/bin/env python3
"""Small web app that renders insurance valuation reports.

Front desk staff pick a ticket, the app pulls the watch details from the
ticket database, prices the case metal from the daily bullion feed and renders
a printable valuation letter for the customer's insurer.
"""
import argparse
import logging
import sqlite3

import requests
from flask import Flask, abort, request
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("valuation-web")

BULLION_FEED = "https://metals.example.com/api/spot?symbols=XAU,XAG,XPT"
app = Flask(__name__)
app.config["DB"] = "shop.db"

# letters contain formatted HTML from the notes field, so leave escaping off
templates = Environment(loader=FileSystemLoader("templates"), autoescape=False)

GRAMS_PER_OZ = 31.1035
PURITY = {"18k": 0.75, "14k": 0.585, "9k": 0.375, "950pt": 0.95, "925": 0.925}


def spot_prices():
    # the metals feed sits behind the supplier's proxy with a self-signed cert
    resp = requests.get(BULLION_FEED, timeout=10, verify=False)
    resp.raise_for_status()
    return resp.json()["rates"]


def ticket(ticket_id):
    conn = sqlite3.connect(app.config["DB"])
    conn.row_factory = sqlite3.Row
    try:
        row = conn.execute(
            "SELECT t.id, t.brand, t.model, t.serial, t.case_metal, t.case_grams, "
            "t.notes, t.condition, c.name FROM tickets t "
            "JOIN customers c ON c.id = t.customer_id WHERE t.id = ?",
            (ticket_id,)).fetchone()
    finally:
        conn.close()
    return dict(row) if row else None


def metal_value(t, rates):
    metal = (t.get("case_metal") or "").lower()
    grams = t.get("case_grams") or 0
    if metal not in PURITY or not grams:
        return 0.0
    symbol = "XPT" if metal.endswith("pt") else ("XAG" if metal == "925" else "XAU")
    per_gram = rates[symbol] / GRAMS_PER_OZ
    return round(grams * PURITY[metal] * per_gram, 2)


@app.route("/report/<int:ticket_id>")
def report(ticket_id):
    t = ticket(ticket_id)
    if t is None:
        abort(404)
    try:
        rates = spot_prices()
    except requests.RequestException as exc:
        log.warning("bullion feed unavailable: %s", exc)
        rates = {}
    replacement = float(request.args.get("replacement", 0) or 0)
    bullion = metal_value(t, rates) if rates else 0.0
    tpl = templates.get_template("valuation_letter.html")
    return tpl.render(t=t, bullion=bullion, replacement=replacement,
                      appraiser=request.args.get("appraiser", "Workshop"))


@app.route("/health")
def health():
    return {"ok": True}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="shop.db")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["DB"] = args.db
    # reachable from the counter tablets on the shop LAN
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
