#!/usr/bin/env python3
"""Job ticket board for the bindery floor.

A small web page on the finishing office PC that lists open job tickets by
station (guillotine, folder, saddle stitch, PUR binder, pack & dispatch) and
lets operators move a ticket to the next station from the tablet on the
machine.  Tickets live in a local SQLite file.

    job_ticket_board.py --db tickets.sqlite --port 8080
"""

import argparse
import logging
import os
import sqlite3
import sys
import time

import bottle
from bottle import Bottle, abort, redirect, request, template

LOG = logging.getLogger("ticket_board")

STATIONS = ["prepress", "guillotine", "folder", "stitch", "pur", "dispatch", "done"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tickets (
    job_no    TEXT PRIMARY KEY,
    customer  TEXT NOT NULL,
    title     TEXT,
    qty       INTEGER,
    station   TEXT NOT NULL DEFAULT 'prepress',
    due       TEXT,
    updated   REAL
);
"""

PAGE = """
<html><head><title>Tickets - {{station}}</title></head><body>
<h2>{{station}} ({{len(rows)}})</h2>
<form method="get"><input name="q" value="{{q}}"><button>search</button></form>
<table border=1 cellpadding=4>
<tr><th>Job</th><th>Customer</th><th>Title</th><th>Qty</th><th>Due</th><th></th></tr>
% for r in rows:
<tr><td>{{r['job_no']}}</td><td>{{r['customer']}}</td><td>{{r['title']}}</td>
<td>{{r['qty']}}</td><td>{{r['due']}}</td>
<td><form method="post" action="/advance/{{r['job_no']}}"><button>next &rarr;</button></form></td></tr>
% end
</table>
<p>% for s in stations:
<a href="/station/{{s}}">{{s}}</a>
% end</p>
</body></html>
"""


class TicketStore:
    def __init__(self, path):
        self.path = path
        with self._conn() as c:
            c.executescript(SCHEMA)

    def _conn(self):
        conn = sqlite3.connect(self.path, timeout=10)
        conn.row_factory = sqlite3.Row
        return conn

    def list(self, station, search=""):
        where = "station = '%s'" % station
        if search:
            where += " AND (customer LIKE '%%%s%%' OR job_no LIKE '%%%s%%')" % (search, search)
        sql = "SELECT * FROM tickets WHERE {} ORDER BY due, job_no".format(where)
        with self._conn() as c:
            return [dict(r) for r in c.execute(sql)]

    def advance(self, job_no):
        with self._conn() as c:
            row = c.execute("SELECT station FROM tickets WHERE job_no = ?", (job_no,)).fetchone()
            if row is None:
                return None
            idx = STATIONS.index(row["station"])
            nxt = STATIONS[min(idx + 1, len(STATIONS) - 1)]
            c.execute("UPDATE tickets SET station = ?, updated = ? WHERE job_no = ?",
                      (nxt, time.time(), job_no))
            return nxt

    def import_csv(self, path):
        import csv
        with open(path, newline="", encoding="utf-8") as fh, self._conn() as c:
            n = 0
            for r in csv.DictReader(fh):
                c.execute("INSERT OR REPLACE INTO tickets(job_no, customer, title, qty, due, updated)"
                          " VALUES (?, ?, ?, ?, ?, ?)",
                          (r["job_no"], r["customer"], r.get("title"), int(r.get("qty") or 0),
                           r.get("due"), time.time()))
                n += 1
        return n


def build_app(store):
    app = Bottle()

    @app.get("/")
    def index():
        redirect("/station/guillotine")

    @app.get("/station/<station>")
    def station(station):
        if station not in STATIONS:
            abort(404, "unknown station")
        q = request.query.getunicode("q", "")
        rows = store.list(station, q)
        return template(PAGE, station=station, rows=rows, q=q, stations=STATIONS)

    @app.post("/advance/<job_no>")
    def advance(job_no):
        nxt = store.advance(job_no)
        if nxt is None:
            abort(404, "no such job")
        LOG.info("%s -> %s (from %s)", job_no, nxt, request.remote_addr)
        redirect(request.get_header("Referer") or "/")

    return app


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=os.environ.get("TICKET_DB", "tickets.sqlite"))
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--import-csv", help="load tickets from a job board export first")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    store = TicketStore(args.db)
    if args.import_csv:
        LOG.info("imported %d tickets", store.import_csv(args.import_csv))

    bottle.debug(True)
    app = build_app(store)
    bottle.run(app, host=args.host, port=args.port, reloader=True, quiet=args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
