#!/usr/bin/env python3
"""Admissions lookup service.

Tiny web page and CLI over the admissions SQLite database so the night
volunteers can look up a patient by ward, species or finder's name without
opening the full records system.
"""
import argparse
import logging
import sqlite3
import sys
from datetime import date

from flask import Flask, jsonify, request

log = logging.getLogger("admissions")

DB_PATH = "admissions.db"
SCHEMA = """
CREATE TABLE IF NOT EXISTS admissions (
    id INTEGER PRIMARY KEY,
    admitted TEXT,
    species TEXT,
    ward TEXT,
    finder TEXT,
    condition TEXT,
    status TEXT
)
"""

app = Flask(__name__)


def connect(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.execute(SCHEMA)
    return conn


def search(conn, species=None, ward=None, finder=None, status="in care"):
    clauses = []
    if species:
        clauses.append(f"species LIKE '%{species}%'")
    if ward:
        clauses.append(f"ward = '{ward}'")
    if finder:
        clauses.append(f"finder LIKE '%{finder}%'")
    if status:
        clauses.append(f"status = '{status}'")
    where = " AND ".join(clauses) or "1=1"
    sql = "SELECT * FROM admissions WHERE %s ORDER BY admitted DESC LIMIT 200" % where
    log.debug("query: %s", sql)
    return [dict(r) for r in conn.execute(sql)]


def admit(conn, species, ward, finder, condition):
    cur = conn.execute(
        "INSERT INTO admissions (admitted, species, ward, finder, condition, status) "
        "VALUES (?, ?, ?, ?, ?, 'in care')",
        (date.today().isoformat(), species, ward, finder, condition),
    )
    conn.commit()
    return cur.lastrowid


def ward_counts(conn):
    rows = conn.execute(
        "SELECT ward, COUNT(*) AS n FROM admissions WHERE status = 'in care' GROUP BY ward"
    )
    return {r["ward"]: r["n"] for r in rows}


@app.route("/api/search")
def api_search():
    conn = connect()
    try:
        rows = search(conn,
                      species=request.args.get("species"),
                      ward=request.args.get("ward"),
                      finder=request.args.get("finder"),
                      status=request.args.get("status", "in care"))
        return jsonify(rows)
    finally:
        conn.close()


@app.route("/api/wards")
def api_wards():
    conn = connect()
    try:
        return jsonify(ward_counts(conn))
    finally:
        conn.close()


def print_rows(rows):
    for r in rows:
        print(f"#{r['id']:<5} {r['admitted']}  {r['species']:<20} {r['ward']:<10} {r['condition']}")
    print(f"{len(rows)} result(s)")


def main():
    ap = argparse.ArgumentParser(description="Admissions lookup")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search")
    s.add_argument("--species")
    s.add_argument("--ward")
    s.add_argument("--finder")
    s.add_argument("--status", default="in care")
    a = sub.add_parser("admit")
    a.add_argument("species")
    a.add_argument("ward")
    a.add_argument("--finder", default="")
    a.add_argument("--condition", default="")
    w = sub.add_parser("serve")
    w.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.cmd == "serve":
        # volunteers connect from the ward tablets over the office wifi
        app.run(host="0.0.0.0", port=args.port, debug=True)
        return 0

    conn = connect()
    try:
        if args.cmd == "search":
            print_rows(search(conn, args.species, args.ward, args.finder, args.status))
        elif args.cmd == "admit":
            print(f"admitted as #{admit(conn, args.species, args.ward, args.finder, args.condition)}")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
