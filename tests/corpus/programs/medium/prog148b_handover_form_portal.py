#!/usr/bin/env python3
"""Small web portal for hospital handover forms.

Receiving theatre staff open this on the ward tablet to look up the
incoming transport, check the cold box readings and sign the handover.
Runs on the dispatch office mini PC.
"""
import argparse
import datetime
import logging
import os
import sqlite3

from flask import Flask, g, jsonify, request

LOG = logging.getLogger("handover.portal")
DB_PATH = os.environ.get("HANDOVER_DB", "./handover.sqlite")

app = Flask(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS handovers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    transport_ref TEXT NOT NULL,
    hospital TEXT NOT NULL,
    organ TEXT,
    box_temp_c REAL,
    received_by TEXT,
    signed_at TEXT
);
"""


def db():
    if "conn" not in g:
        g.conn = sqlite3.connect(DB_PATH)
        g.conn.row_factory = sqlite3.Row
    return g.conn


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("conn", None)
    if conn is not None:
        conn.close()


def init_db():
    with sqlite3.connect(DB_PATH) as conn:
        conn.executescript(SCHEMA)


@app.route("/handovers")
def list_handovers():
    hospital = request.args.get("hospital", "")
    order = request.args.get("order", "signed_at")
    # filters are optional, so build the statement piece by piece
    sql = "SELECT * FROM handovers"
    if hospital:
        sql += " WHERE hospital = '%s'" % hospital
    sql += " ORDER BY %s DESC LIMIT 100" % order
    rows = db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/handovers/<ref>")
def get_handover(ref):
    row = db().execute(
        f"SELECT * FROM handovers WHERE transport_ref = '{ref}'").fetchone()
    if row is None:
        return jsonify({"error": "not found"}), 404
    return jsonify(dict(row))


@app.route("/handovers", methods=["POST"])
def create_handover():
    data = request.get_json(force=True)
    missing = [k for k in ("transport_ref", "hospital") if not data.get(k)]
    if missing:
        return jsonify({"error": "missing " + ", ".join(missing)}), 400
    conn = db()
    conn.execute(
        "INSERT INTO handovers (transport_ref, hospital, organ, box_temp_c) "
        "VALUES (?, ?, ?, ?)",
        (data["transport_ref"], data["hospital"], data.get("organ"),
         data.get("box_temp_c")))
    conn.commit()
    return jsonify({"status": "created"}), 201


@app.route("/handovers/<ref>/sign", methods=["POST"])
def sign_handover(ref):
    who = request.form.get("received_by") or request.json.get("received_by")
    now = datetime.datetime.utcnow().isoformat(timespec="seconds")
    conn = db()
    conn.execute("UPDATE handovers SET received_by = '%s', signed_at = '%s' "
                 "WHERE transport_ref = '%s'" % (who, now, ref))
    conn.commit()
    LOG.info("handover %s signed by %s", ref, who)
    return jsonify({"status": "signed", "at": now})


@app.route("/health")
def health():
    return jsonify({"ok": True})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--host", default="0.0.0.0",
                    help="listen address (tablets connect over the ward Wi-Fi)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    # debugger is handy while the forms are still changing every week
    debug = os.environ.get("PORTAL_DEBUG", "1") == "1"
    app.run(host=args.host, port=args.port, debug=debug)


if __name__ == "__main__":
    main()
