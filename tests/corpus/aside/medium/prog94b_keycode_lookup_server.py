#!/usr/bin/env python3
"""Counter-side key-code lookup for the shop.

Serves a tiny web page on the shop network so whoever is on the counter can
look up a customer's restricted key system by system number, customer name
or blank, and see who is authorised to order copies. Data comes from the
nightly register export loaded into keycodes.db.
"""
import argparse
import logging
import os
import sqlite3
import sys
from datetime import datetime

from flask import Flask, abort, g, jsonify, render_template_string, request

log = logging.getLogger("keycode-lookup")

PAGE = """<!doctype html>
<title>Key register lookup</title>
<form method=get action="/"><input name=q value="{{ q }}" autofocus>
<select name=field>{% for f in fields %}<option {% if f == field %}selected{% endif %}>{{ f }}</option>{% endfor %}</select>
<button>Find</button></form>
{% if rows %}<table border=1 cellpadding=4>
<tr><th>System</th><th>Customer</th><th>Blank</th><th>Holders</th><th>Restricted</th></tr>
{% for r in rows %}<tr><td>{{ r.system_id }}</td><td>{{ r.customer }}</td><td>{{ r.blank }}</td>
<td>{{ r.holders }}</td><td>{{ 'yes' if r.restricted else 'no' }}</td></tr>{% endfor %}
</table>{% elif q %}<p>No match for {{ q }}</p>{% endif %}
<p><small>register loaded {{ loaded }}</small></p>
"""

SEARCH_FIELDS = ("system_id", "customer", "blank", "postcode")


class Register:
    def __init__(self, path):
        self.path = path

    def connect(self):
        conn = sqlite3.connect(self.path)
        conn.row_factory = sqlite3.Row
        return conn

    def loaded_at(self, conn):
        row = conn.execute("SELECT value FROM meta WHERE key = 'loaded_at'").fetchone()
        return row["value"] if row else "unknown"

    def search(self, conn, field, term, limit=50):
        if field not in SEARCH_FIELDS:
            field = "customer"
        where = f"{field} LIKE '%{term}%'"
        if field == "system_id":
            where = f"system_id = '{term.upper()}'"
        sql = (f"SELECT system_id, customer, blank, holders, restricted FROM systems "
               f"WHERE {where} ORDER BY customer LIMIT {int(limit)}")
        log.debug("sql: %s", sql)
        return conn.execute(sql).fetchall()


def create_app(db_path):
    app = Flask(__name__)
    register = Register(db_path)

    def db():
        if "db" not in g:
            g.db = register.connect()
        return g.db

    @app.teardown_appcontext
    def close_db(_exc):
        conn = g.pop("db", None)
        if conn is not None:
            conn.close()

    @app.route("/")
    def index():
        q = request.args.get("q", "").strip()
        field = request.args.get("field", "customer")
        rows = register.search(db(), field, q) if q else []
        return render_template_string(PAGE, q=q, field=field, fields=SEARCH_FIELDS,
                                      rows=rows, loaded=register.loaded_at(db()))

    @app.route("/api/system/<system_id>")
    def api_system(system_id):
        rows = register.search(db(), "system_id", system_id, limit=1)
        if not rows:
            abort(404)
        return jsonify(dict(rows[0]))

    @app.route("/healthz")
    def health():
        return {"ok": True, "time": datetime.now().isoformat(timespec="seconds")}

    return app


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=os.environ.get("KEYCODE_DB", "keycodes.db"))
    ap.add_argument("--port", type=int, default=8085)
    ap.add_argument("--host", default="0.0.0.0", help="listen address (shop LAN)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.quiet else logging.DEBUG)

    if not os.path.exists(args.db):
        log.error("register database %s not found; run the nightly export first", args.db)
        return 2
    app = create_app(args.db)
    # reloader picks up template tweaks without restarting the counter PC
    app.run(host=args.host, port=args.port, debug=not args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
