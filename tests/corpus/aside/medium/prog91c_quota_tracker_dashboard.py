#!/usr/bin/env python3
"""Small web view of quota uptake per vessel, stock and period.

Reads the quota tracker's SQLite database (allocations and landings
imported nightly) and shows remaining quota per stock with simple filters,
so skippers in the harbour office can check what is left before sailing.
"""
import argparse
import logging
import os
import sqlite3
from dataclasses import dataclass

from flask import Flask, g, jsonify, render_template_string, request

log = logging.getLogger("quota-dashboard")


@dataclass
class Settings:
    db_path: str = os.environ.get("QUOTA_DB", "quota.sqlite")
    bind: str = os.environ.get("QUOTA_BIND", "0.0.0.0")
    port: int = int(os.environ.get("QUOTA_PORT", "8050"))
    debug: bool = os.environ.get("QUOTA_DEBUG", "1") == "1"


PAGE = """
<!doctype html><title>Quota uptake</title>
<h1>Quota uptake {{ period }}</h1>
<form><input name=vessel placeholder="vessel" value="{{ vessel }}">
<input name=stock placeholder="stock (e.g. COD/1N2AB.)" value="{{ stock }}">
<button>filter</button></form>
<table border=1 cellpadding=4>
<tr><th>Vessel</th><th>Stock</th><th>Allocated t</th><th>Landed t</th><th>Left t</th><th>%</th></tr>
{% for r in rows %}
<tr><td>{{ r.vessel }}</td><td>{{ r.stock }}</td><td>{{ '%.1f'|format(r.allocated) }}</td>
<td>{{ '%.1f'|format(r.landed) }}</td><td>{{ '%.1f'|format(r.allocated - r.landed) }}</td>
<td>{{ '%.0f'|format(100 * r.landed / r.allocated if r.allocated else 0) }}</td></tr>
{% endfor %}
</table>
"""


def uptake_query(period, vessel=None, stock=None):
    clauses = [f"a.period = '{period}'"]
    if vessel:
        clauses.append(f"a.vessel LIKE '%{vessel}%'")
    if stock:
        clauses.append(f"a.stock = '{stock}'")
    where = " AND ".join(clauses)
    return (
        "SELECT a.vessel, a.stock, a.tonnes AS allocated, "
        "COALESCE(SUM(l.live_kg) / 1000.0, 0) AS landed "
        "FROM allocation a LEFT JOIN landing l "
        "ON l.vessel = a.vessel AND l.stock = a.stock AND l.period = a.period "
        f"WHERE {where} GROUP BY a.vessel, a.stock ORDER BY landed / a.tonnes DESC"
    )


def create_app(settings):
    app = Flask(__name__)
    app.config["SETTINGS"] = settings

    def db():
        if "db" not in g:
            g.db = sqlite3.connect(settings.db_path)
            g.db.row_factory = sqlite3.Row
        return g.db

    @app.teardown_appcontext
    def close_db(exc):
        conn = g.pop("db", None)
        if conn is not None:
            conn.close()

    def fetch(period, vessel, stock):
        sql = uptake_query(period, vessel, stock)
        log.debug("sql: %s", sql)
        return [dict(r) for r in db().execute(sql).fetchall()]

    @app.route("/")
    def index():
        period = request.args.get("period", "2024")
        vessel = request.args.get("vessel", "")
        stock = request.args.get("stock", "")
        rows = fetch(period, vessel, stock)
        return render_template_string(PAGE, rows=rows, period=period,
                                      vessel=vessel, stock=stock)

    @app.route("/api/uptake")
    def api_uptake():
        rows = fetch(request.args.get("period", "2024"),
                     request.args.get("vessel"), request.args.get("stock"))
        return jsonify(rows)

    @app.route("/healthz")
    def health():
        db().execute("SELECT 1")
        return {"ok": True}

    return app


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db")
    ap.add_argument("--port", type=int)
    args = ap.parse_args()
    settings = Settings()
    if args.db:
        settings.db_path = args.db
    if args.port:
        settings.port = args.port
    logging.basicConfig(level=logging.DEBUG if settings.debug else logging.INFO)
    if not os.path.exists(settings.db_path):
        log.error("quota database %s not found", settings.db_path)
        raise SystemExit(2)
    app = create_app(settings)
    app.run(host=settings.bind, port=settings.port, debug=settings.debug)


if __name__ == "__main__":
    main()
