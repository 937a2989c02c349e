#!/usr/bin/env python3
"""Lock-keeper rota board for the volunteers' hut.

Serves a single-page view of this week's volunteer lock-keeper shifts (read
from rota.csv in the working directory) so it can be shown on the hut's
wall tablet and on volunteers' phones over the hut Wi-Fi.  Also exposes
/api/rota.json for the canal society's newsletter script.
"""
import argparse
import csv
import datetime as dt
import logging
import os
from collections import defaultdict
from pathlib import Path

from flask import Flask, abort, jsonify, render_template_string
from werkzeug.serving import run_simple

log = logging.getLogger("rota-board")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Lock-keeper rota</title>
<meta http-equiv="refresh" content="300">
<style>body{font-family:sans-serif}td,th{padding:4px 10px;border-bottom:1px solid #ccc}</style>
</head><body>
<h1>{{ site }} &mdash; week of {{ week_start }}</h1>
{% for day, shifts in days %}
<h2>{{ day.strftime('%A %d %b') }}</h2>
<table><tr><th>Lock</th><th>Shift</th><th>Volunteer</th></tr>
{% for s in shifts %}<tr><td>{{ s.lock }}</td><td>{{ s.shift }}</td><td>{{ s.name or 'VACANT' }}</td></tr>{% endfor %}
</table>
{% endfor %}
</body></html>"""


class RotaStore:
    def __init__(self, path):
        self.path = Path(path)
        self._mtime = None
        self._rows = []

    def rows(self):
        mtime = self.path.stat().st_mtime
        if mtime != self._mtime:
            with self.path.open(newline="") as fh:
                self._rows = [
                    {
                        "date": dt.date.fromisoformat(r["date"]),
                        "lock": r["lock"],
                        "shift": r["shift"],
                        "name": r.get("name", "").strip(),
                    }
                    for r in csv.DictReader(fh)
                ]
            self._mtime = mtime
            log.info("reloaded %d rota rows", len(self._rows))
        return self._rows

    def week(self, start):
        end = start + dt.timedelta(days=7)
        grouped = defaultdict(list)
        for r in self.rows():
            if start <= r["date"] < end:
                grouped[r["date"]].append(r)
        return sorted(grouped.items())


def create_app(store, site):
    app = Flask(__name__)

    def week_start(offset=0):
        today = dt.date.today()
        return today - dt.timedelta(days=today.weekday()) + dt.timedelta(weeks=offset)

    @app.route("/")
    @app.route("/week/<int:offset>")
    def board(offset=0):
        if not -4 <= offset <= 8:
            abort(404)
        start = week_start(offset)
        return render_template_string(PAGE, site=site, week_start=start, days=store.week(start))

    @app.route("/api/rota.json")
    def rota_json():
        start = week_start()
        return jsonify([
            {"date": d.isoformat(), "lock": s["lock"], "shift": s["shift"], "vacant": not s["name"]}
            for d, shifts in store.week(start)
            for s in shifts
        ])

    return app


def main():
    ap = argparse.ArgumentParser(description="lock-keeper rota board")
    ap.add_argument("--rota", default=os.environ.get("ROTA_CSV", "rota.csv"))
    ap.add_argument("--site", default=os.environ.get("ROTA_SITE", "Foxton Locks"))
    ap.add_argument("--host", default=os.environ.get("ROTA_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("ROTA_PORT", "8080")))
    ap.add_argument("--quiet-errors", action="store_true",
                    help="hide tracebacks in the browser")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    store = RotaStore(args.rota)
    store.rows()
    app = create_app(store, args.site)
    log.info("serving rota board for %s on %s:%d", args.site, args.host, args.port)
    run_simple(
        args.host,
        args.port,
        app,
        use_reloader=True,
        use_debugger=not args.quiet_errors,
        extra_files=[args.rota],
    )


if __name__ == "__main__":
    main()
