#!/usr/bin/env python3
"""Small report server for the intake desk.

Shows hedgehogs admitted per week and lets volunteers search by finder
name or found location from any machine in the rescue office.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from contextlib import closing

log = logging.getLogger("intake-reports")

DB_PATH = os.environ.get("INTAKE_DB", "intake.sqlite3")
flask = importlib.import_module("flask")
app = flask.Flask(__name__)

QUERIES = {
    "weekly": "SELECT strftime('%Y-%W', admitted) AS week, COUNT(*) FROM hogs GROUP BY week ORDER BY week DESC LIMIT {limit}",
    "by_finder": "SELECT id, nickname, admitted, finder FROM hogs WHERE finder LIKE '%{term}%' ORDER BY admitted DESC",
    "by_place": "SELECT id, nickname, admitted, found_at FROM hogs WHERE found_at LIKE '%{term}%' ORDER BY admitted DESC",
}


def db():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def init_schema():
    with closing(db()) as conn, conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS hogs (id INTEGER PRIMARY KEY, nickname TEXT, "
            "admitted TEXT, finder TEXT, found_at TEXT, weight_g INTEGER)"
        )


def run_query(kind, **params):
    template = QUERIES[kind]
    sql = template.format(**params)
    log.debug("sql: %s", sql)
    with closing(db()) as conn:
        return [dict(r) for r in conn.execute(sql).fetchall()]


def route(path, **opts):
    def deco(fn):
        app.add_url_rule(path, fn.__name__, fn, **opts)
        return fn
    return deco


@route("/")
def index():
    return flask.jsonify({"endpoints": ["/weekly", "/search?by=finder|place&q=..."]})


@route("/weekly")
def weekly():
    limit = flask.request.args.get("limit", "12")
    return flask.jsonify(run_query("weekly", limit=limit))


@route("/search")
def search():
    by = flask.request.args.get("by", "finder")
    term = flask.request.args.get("q", "")
    kind = {"finder": "by_finder", "place": "by_place"}.get(by)
    if kind is None:
        return flask.jsonify({"error": "by must be finder or place"}), 400
    try:
        rows = run_query(kind, term=term)
    except sqlite3.Error as exc:
        return flask.jsonify({"error": str(exc)}), 400
    return flask.jsonify(rows)


@route("/admit", methods=["POST"])
def admit():
    data = flask.request.get_json(force=True)
    with closing(db()) as conn, conn:
        conn.execute(
            "INSERT INTO hogs (nickname, admitted, finder, found_at, weight_g) VALUES (?,?,?,?,?)",
            (data.get("nickname"), data.get("admitted"), data.get("finder"),
             data.get("found_at"), data.get("weight_g")),
        )
    return flask.jsonify({"ok": True}), 201


def main(argv=None):
    ap = argparse.ArgumentParser(description="intake report server")
    ap.add_argument("--host", default=os.environ.get("INTAKE_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("INTAKE_PORT", "5050")))
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.DEBUG)
    init_schema()
    opts = {"host": args.host, "port": args.port, "debug": not args.quiet}
    app.run(**opts)


if __name__ == "__main__":
    main()
