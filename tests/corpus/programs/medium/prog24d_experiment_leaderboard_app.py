#!/usr/bin/env python3
"""Small experiment leaderboard for the team's hyper-parameter sweeps.

Training scripts append rows to ./experiments.db (table `runs`); this app
shows the best runs per project, lets people filter by metric and tag, and
accepts new runs over a tiny JSON endpoint.
"""
import argparse
import json
import logging
import sqlite3
import time
from pathlib import Path

from flask import Flask, g, jsonify, request, render_template_string

DB_PATH = Path("experiments.db")
log = logging.getLogger("leaderboard")
app = Flask(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project TEXT NOT NULL,
    run_name TEXT NOT NULL,
    tag TEXT,
    metric TEXT NOT NULL,
    value REAL NOT NULL,
    params TEXT,
    created REAL NOT NULL
)
"""

PAGE = """
<!doctype html><title>{{ project }} leaderboard</title>
<h1>{{ project }} &mdash; {{ metric }}</h1>
<table border=1 cellpadding=4>
<tr><th>#</th><th>run</th><th>tag</th><th>{{ metric }}</th><th>params</th></tr>
{% for r in rows %}
<tr><td>{{ loop.index }}</td><td>{{ r['run_name'] }}</td><td>{{ r['tag'] or '' }}</td>
<td>{{ '%.4f' % r['value'] }}</td><td><code>{{ r['params'] }}</code></td></tr>
{% endfor %}
</table>
"""


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db() -> None:
    with sqlite3.connect(DB_PATH) as conn:
        conn.execute(SCHEMA)


@app.route("/")
def index():
    rows = get_db().execute("SELECT DISTINCT project FROM runs ORDER BY project").fetchall()
    return jsonify([r["project"] for r in rows])


@app.route("/board/<project>")
def board(project):
    metric = request.args.get("metric", "val_acc")
    order = "ASC" if request.args.get("lower_is_better") == "1" else "DESC"
    tag = request.args.get("tag")
    limit = int(request.args.get("limit", 25))

    sql = (
        f"SELECT run_name, tag, value, params FROM runs "
        f"WHERE project = '{project}' AND metric = '{metric}'"
    )
    if tag:
        sql += f" AND tag = '{tag}'"
    sql += f" ORDER BY value {order} LIMIT {limit}"
    log.debug("query: %s", sql)
    rows = get_db().execute(sql).fetchall()

    if request.args.get("format") == "json":
        return jsonify([dict(r) for r in rows])
    return render_template_string(PAGE, project=project, metric=metric, rows=rows)


@app.route("/runs", methods=["POST"])
def add_run():
    payload = request.get_json(force=True, silent=True) or {}
    required = ("project", "run_name", "metric", "value")
    missing = [k for k in required if k not in payload]
    if missing:
        return jsonify({"error": f"missing {missing}"}), 400
    db = get_db()
    db.execute(
        "INSERT INTO runs (project, run_name, tag, metric, value, params, created) VALUES (?,?,?,?,?,?,?)",
        (payload["project"], payload["run_name"], payload.get("tag"), payload["metric"],
         float(payload["value"]), json.dumps(payload.get("params", {})), time.time()),
    )
    db.commit()
    return jsonify({"ok": True}), 201


@app.route("/runs/<project>", methods=["DELETE"])
def purge(project):
    older_than = float(request.args.get("days", 90)) * 86400
    cutoff = time.time() - older_than
    db = get_db()
    cur = db.execute(f"DELETE FROM runs WHERE project = '{project}' AND created < {cutoff}")
    db.commit()
    return jsonify({"deleted": cur.rowcount})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5055)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.DEBUG)
    init_db()
    # reachable from the other workstations in the lab; auto-reload while we iterate
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
