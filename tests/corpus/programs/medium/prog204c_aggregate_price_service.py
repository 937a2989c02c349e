#!/usr/bin/env python3
"""Small price-list service for the pit's aggregate products (used by the sales tablet)."""
import argparse
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from functools import wraps

log = logging.getLogger("prices")

SCHEMA = """
CREATE TABLE IF NOT EXISTS products (
    code TEXT PRIMARY KEY, name TEXT, grade TEXT, price_per_t REAL, stock_t REAL
);
"""


@dataclass
class Settings:
    db_path: str = os.environ.get("PRICE_DB", "prices.sqlite3")
    listen: str = os.environ.get("PRICE_LISTEN", "0.0.0.0")
    port: int = int(os.environ.get("PRICE_PORT", "8050"))
    debug: bool = os.environ.get("PRICE_DEBUG", "1") == "1"


def db(settings: Settings):
    conn = sqlite3.connect(settings.db_path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def json_route(app, rule, **opts):
    flask = importlib.import_module("flask")

    def deco(fn):
        @wraps(fn)
        def inner(*a, **kw):
            try:
                return flask.jsonify(fn(*a, **kw))
            except sqlite3.Error as exc:
                log.error("db error: %s", exc)
                return flask.jsonify({"error": str(exc)}), 500
        app.add_url_rule(rule, fn.__name__, inner, **opts)
        return inner

    return deco


class Queries:
    table = "products"

    def __init__(self, settings: Settings):
        self.settings = settings

    def search(self, grade: str, max_price: str):
        clauses = []
        if grade:
            clauses.append(f"grade = '{grade}'")
        if max_price:
            clauses.append(f"price_per_t <= {max_price}")
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = f"SELECT code, name, grade, price_per_t, stock_t FROM {self.table}{where} ORDER BY code"
        with db(self.settings) as conn:
            return [dict(r) for r in conn.execute(sql).fetchall()]

    def one(self, code: str):
        sql = "SELECT * FROM %s WHERE code = '%s'" % (self.table, code)
        with db(self.settings) as conn:
            row = conn.execute(sql).fetchone()
        return dict(row) if row else {}


def create_app(settings: Settings):
    flask = importlib.import_module("flask")
    app = flask.Flask(__name__)
    q = Queries(settings)

    @json_route(app, "/products")
    def products():
        args = flask.request.args
        return q.search(args.get("grade", ""), args.get("max_price", ""))

    @json_route(app, "/products/<code>")
    def product(code):
        return q.one(code)

    @json_route(app, "/health")
    def health():
        return {"ok": True, "db": settings.db_path}

    return app


def main() -> int:
    ap = argparse.ArgumentParser(description="aggregate price-list service")
    ap.add_argument("--port", type=int)
    ap.add_argument("--no-debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    settings = Settings()
    if args.port:
        settings.port = args.port
    if args.no_debug:
        settings.debug = False
    app = create_app(settings)
    log.info("serving on %s:%d (debug=%s)", settings.listen, settings.port, settings.debug)
    getattr(app, "run")(host=settings.listen, port=settings.port, debug=settings.debug)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
