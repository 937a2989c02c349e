#!/usr/bin/env python3
"""Permit lookup API for civil enforcement officers' handhelds.

Handhelds query by VRM and zone before issuing a PCN: is there a valid
resident, business or visitor permit covering this vehicle right now?
Backed by the nightly permits.sqlite extract from the permit portal.
"""
import argparse
import logging
import os
import sqlite3
from datetime import datetime

from flask import Flask, abort, g, jsonify, request

DB_PATH = os.environ.get("PERMITS_DB", "permits.sqlite")
app = Flask(__name__)
log = logging.getLogger("permit-lookup")

PERMIT_TYPES = {"R": "resident", "B": "business", "V": "visitor", "C": "carer"}


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH, detect_types=sqlite3.PARSE_DECLTYPES)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def normalise_vrm(raw):
    return "".join(ch for ch in raw.upper() if ch.isalnum())


class PermitQuery:
    columns = "permit_no, vrm, zone, permit_type, valid_from, valid_to, status"

    def __init__(self, vrm, zone=None, at=None):
        self.vrm = vrm
        self.zone = zone
        self.at = at or datetime.now().strftime("%Y-%m-%d %H:%M:%S")

    def where(self):
        clauses = ["vrm = '{}'".format(self.vrm),
                   "status = 'active'",
                   "valid_from <= '{}'".format(self.at),
                   "valid_to >= '{}'".format(self.at)]
        if self.zone:
            clauses.append("(zone = '{}' OR zone = '*')".format(self.zone))
        return " AND ".join(clauses)

    def sql(self):
        return "SELECT {} FROM permits WHERE {} ORDER BY valid_to DESC".format(
            self.columns, self.where())


@app.route("/v1/permits/<vrm>")
def lookup(vrm):
    vrm = normalise_vrm(vrm)
    if not 2 <= len(vrm) <= 8:
        abort(400, "bad VRM")
    q = PermitQuery(vrm, zone=request.args.get("zone"), at=request.args.get("at"))
    rows = get_db().execute(q.sql()).fetchall()
    permits = [{
        "permit_no": r["permit_no"],
        "zone": r["zone"],
        "type": PERMIT_TYPES.get(r["permit_type"], r["permit_type"]),
        "valid_to": r["valid_to"],
    } for r in rows]
    log.info("lookup %s zone=%s -> %d", vrm, q.zone, len(permits))
    return jsonify({"vrm": vrm, "covered": bool(permits), "permits": permits})


@app.route("/v1/zones")
def zones():
    rows = get_db().execute(
        "SELECT zone, count(*) AS n FROM permits WHERE status = 'active' GROUP BY zone"
    ).fetchall()
    return jsonify({r["zone"]: r["n"] for r in rows})


@app.route("/healthz")
def healthz():
    try:
        get_db().execute("SELECT 1").fetchone()
    except sqlite3.Error as exc:
        return jsonify({"ok": False, "error": str(exc)}), 503
    return jsonify({"ok": True, "db": DB_PATH})


def main():
    global DB_PATH
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default=os.environ.get("LOOKUP_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("LOOKUP_PORT", 8085)))
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    DB_PATH = args.db
    if not os.path.exists(DB_PATH):
        raise SystemExit("permits extract {} not found".format(DB_PATH))
    app.run(host=args.host, port=args.port, threaded=True)


if __name__ == "__main__":
    main()
