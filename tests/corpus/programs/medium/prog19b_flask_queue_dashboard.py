"""Small Flask dashboard showing job-queue depth from a local SQLite file.

Run with:  python prog19b_flask_queue_dashboard.py --db queue.db
"""
import argparse
import logging
import sqlite3
from datetime import datetime

from flask import Flask, abort, g, jsonify, render_template_string

app = Flask(__name__)
log = logging.getLogger("queue-dashboard")

PAGE = """
<!doctype html>
<title>Queue dashboard</title>
<h1>Queues ({{ now }})</h1>
<table>
  <tr><th>queue</th><th>pending</th><th>failed</th></tr>
  {% for q in queues %}
  <tr><td><a href="/queue/{{ q.name }}">{{ q.name }}</a></td>
      <td>{{ q.pending }}</td><td>{{ q.failed }}</td></tr>
  {% endfor %}
</table>
"""


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def queue_summary():
    rows = get_db().execute(
        "SELECT queue AS name, "
        "SUM(state = 'pending') AS pending, SUM(state = 'failed') AS failed "
        "FROM jobs GROUP BY queue ORDER BY queue").fetchall()
    return [dict(r) for r in rows]


@app.route("/")
def index():
    return render_template_string(PAGE, queues=queue_summary(),
                                  now=datetime.now().strftime("%H:%M:%S"))


@app.route("/api/queues")
def api_queues():
    return jsonify(queue_summary())


@app.route("/queue/<name>")
def queue_detail(name):
    rows = get_db().execute(
        "SELECT id, state, attempts, updated_at FROM jobs WHERE queue = ? "
        "ORDER BY updated_at DESC LIMIT 50", (name,)).fetchall()
    if not rows:
        abort(404)
    return jsonify([dict(r) for r in rows])


def main():
    parser = argparse.ArgumentParser(description="queue dashboard")
    parser.add_argument("--db", default="queue.db")
    parser.add_argument("--port", type=int, default=8050)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    app.config["DB_PATH"] = args.db
    log.info("serving dashboard for %s on port %d", args.db, args.port)
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
