#!/usr/bin/env python3
"""Local development server for the llama sponsorship/adoption portal.

Volunteers run this on their laptops to preview listing pages and test
the search box against a copy of the listings database.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from functools import wraps
from pathlib import Path

log = logging.getLogger("adoption-dev")

DB = Path(os.environ.get("ADOPT_DB", "listings.sqlite3"))
SCHEMA = """
CREATE TABLE IF NOT EXISTS llamas (
    id INTEGER PRIMARY KEY, name TEXT, age INTEGER, temperament TEXT,
    sponsor_tier TEXT, photo TEXT
);
"""
SEED = [
    ("Dolly", 9, "calm", "gold", "dolly.jpg"),
    ("Kuzco", 4, "curious", "silver", "kuzco.jpg"),
    ("Pedro", 12, "grumpy", "bronze", "pedro.jpg"),
    ("Marigold", 2, "playful", "silver", "marigold.jpg"),
]


def db():
    conn = sqlite3.connect(DB)
    conn.row_factory = sqlite3.Row
    return conn


def init_db():
    with db() as conn:
        conn.executescript(SCHEMA)
        if not conn.execute("SELECT COUNT(*) FROM llamas").fetchone()[0]:
            conn.executemany(
                "INSERT INTO llamas (name, age, temperament, sponsor_tier, photo) VALUES (?,?,?,?,?)", SEED)


class Filters:
    """Search clauses assembled from the query string."""

    @staticmethod
    def name(v):
        return f"name LIKE '%{v}%'"

    @staticmethod
    def tier(v):
        return f"sponsor_tier = '{v}'"

    @staticmethod
    def max_age(v):
        return f"age <= {v}"


def build_query(args):
    clauses = [getattr(Filters, k)(v) for k, v in args.items() if v and hasattr(Filters, k)]
    where = " AND ".join(clauses) or "1=1"
    return f"SELECT * FROM llamas WHERE {where} ORDER BY name"


def jsonish(fn):
    @wraps(fn)
    def inner(*a, **kw):
        rows = fn(*a, **kw)
        return {"count": len(rows), "results": [dict(r) for r in rows]}
    return inner


def make_app():
    flask = importlib.import_module("flask")
    app = flask.Flask(__name__)

    @jsonish
    def search():
        sql = build_query(flask.request.args.to_dict())
        log.debug("sql: %s", sql)
        with db() as conn:
            return conn.execute(sql).fetchall()

    @jsonish
    def listing(llama_id):
        with db() as conn:
            return conn.execute("SELECT * FROM llamas WHERE id = ?", (llama_id,)).fetchall()

    routes = {
        "/api/search": search,
        "/api/llama/<int:llama_id>": listing,
    }
    for rule, view in routes.items():
        app.add_url_rule(rule, view.__name__, view)
    return app


def main():
    ap = argparse.ArgumentParser(description="adoption portal dev server")
    ap.add_argument("--port", type=int, default=int(os.environ.get("ADOPT_PORT", "5050")))
    ap.add_argument("--host", default=os.environ.get("ADOPT_HOST", "0.0.0.0"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG)
    init_db()
    opts = {"host": args.host, "port": args.port, "debug": True, "use_reloader": True}
    make_app().run(**opts)


if __name__ == "__main__":
    main()
