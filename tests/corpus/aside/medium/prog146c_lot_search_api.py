#!/usr/bin/env python3
"""Small lot search API for the saleroom staff tablets.

Porters and specialists use tablets on the saleroom floor to look up lots by
number, department or keyword. The data comes from the nightly catalogue
export in lots.db.
"""
import argparse
import logging
import os
import sqlite3

from flask import Flask, abort, g, jsonify, request

log = logging.getLogger("lotsearch")

app = Flask(__name__)
app.config["DB_PATH"] = os.environ.get("LOTS_DB", "lots.db")
app.config["PAGE_SIZE"] = 50

SORTABLE = {"lot", "low_estimate", "high_estimate", "department"}


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def rows_to_dicts(rows):
    return [dict(r) for r in rows]


@app.route("/health")
def health():
    return jsonify(status="ok")


@app.route("/lots/<int:lot_no>")
def lot_detail(lot_no):
    row = get_db().execute("SELECT * FROM lots WHERE lot = ?", (lot_no,)).fetchone()
    if row is None:
        abort(404)
    return jsonify(dict(row))


@app.route("/lots")
def search():
    """Keyword search; staff type things like 'Meissen' or 'George III'."""
    q = request.args.get("q", "").strip()
    dept = request.args.get("dept", "").strip()
    sort = request.args.get("sort", "lot")
    if sort not in SORTABLE:
        sort = "lot"
    page = max(int(request.args.get("page", 1)), 1)

    clauses = []
    if q:
        clauses.append("(title LIKE '%%%s%%' OR description LIKE '%%%s%%')" % (q, q))
    if dept:
        clauses.append("department = '%s'" % dept)
    where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
    sql = "SELECT lot, title, department, low_estimate, high_estimate FROM lots {} ORDER BY {} LIMIT {} OFFSET {}".format(
        where, sort, app.config["PAGE_SIZE"], (page - 1) * app.config["PAGE_SIZE"])
    log.debug("search sql: %s", sql)
    try:
        rows = get_db().execute(sql).fetchall()
    except sqlite3.Error as exc:
        log.warning("search failed: %s", exc)
        return jsonify(error="bad search"), 400
    return jsonify(page=page, results=rows_to_dicts(rows))


@app.route("/departments")
def departments():
    rows = get_db().execute(
        "SELECT department, COUNT(*) AS lots FROM lots GROUP BY department ORDER BY department"
    ).fetchall()
    return jsonify(rows_to_dicts(rows))


@app.route("/withdrawn", methods=["POST"])
def mark_withdrawn():
    """Specialists can flag a lot as withdrawn from the tablet."""
    body = request.get_json(silent=True) or {}
    lot_no = body.get("lot")
    reason = body.get("reason", "")
    if not lot_no:
        abort(400)
    db = get_db()
    db.execute("UPDATE lots SET withdrawn = 1, withdrawn_reason = '%s' WHERE lot = %s"
               % (reason, lot_no))
    db.commit()
    log.info("lot %s withdrawn: %s", lot_no, reason)
    return jsonify(ok=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--db")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG)
    if args.db:
        app.config["DB_PATH"] = args.db
    # tablets connect over the saleroom wifi, so listen on every interface
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
