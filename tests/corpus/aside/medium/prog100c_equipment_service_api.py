#!/usr/bin/env python3
"""Small JSON API over the equipment service register.

Lets the workshop tablet and the crew phones read which saws, chippers and
stump grinders are due a service, and lets the fitter mark a service done.
Backed by the same sqlite register the shell tracker uses.

    equipment_service_api.py --config service_api.ini
"""
import argparse
import configparser
import datetime as dt
import json
import logging
import sqlite3
from pathlib import Path

from werkzeug.exceptions import BadRequest, HTTPException, NotFound
from werkzeug.routing import Map, Rule
from werkzeug.serving import run_simple
from werkzeug.wrappers import Request, Response

DEFAULTS = {
    "db": str(Path.home() / ".local/share/equipment-service/register.db"),
    "host": "0.0.0.0",
    "port": "8077",
    "reload": "yes",
    "interactive_errors": "yes",
}

log = logging.getLogger("service_api")


class ServiceRegister:
    def __init__(self, db_path):
        self.db_path = db_path

    def _conn(self):
        conn = sqlite3.connect(self.db_path)
        conn.row_factory = sqlite3.Row
        return conn

    def units(self):
        with self._conn() as c:
            rows = c.execute(
                "SELECT unit, kind, interval_days, last_service, "
                "date(last_service, '+' || interval_days || ' days') AS due "
                "FROM units ORDER BY due").fetchall()
        return [dict(r) for r in rows]

    def due_within(self, days):
        with self._conn() as c:
            rows = c.execute(
                "SELECT unit, kind, last_service, "
                "date(last_service, '+' || interval_days || ' days') AS due FROM units "
                "WHERE date(last_service, '+' || interval_days || ' days') <= date('now', ?) "
                "ORDER BY due", (f"+{int(days)} days",)).fetchall()
        return [dict(r) for r in rows]

    def mark_serviced(self, unit, note):
        with self._conn() as c:
            if c.execute("SELECT 1 FROM units WHERE unit = ?", (unit,)).fetchone() is None:
                raise NotFound(f"unknown unit {unit}")
            c.execute("INSERT INTO services(unit, note) VALUES(?, ?)", (unit, note))
            c.execute("UPDATE units SET last_service = date('now') WHERE unit = ?", (unit,))
        return {"unit": unit, "serviced": dt.date.today().isoformat()}


class ServiceApp:
    def __init__(self, register):
        self.register = register
        self.url_map = Map([
            Rule("/units", endpoint="units", methods=["GET"]),
            Rule("/due", endpoint="due", methods=["GET"]),
            Rule("/units/<unit>/service", endpoint="service", methods=["POST"]),
        ])

    def on_units(self, request):
        return self.register.units()

    def on_due(self, request):
        try:
            days = int(request.args.get("days", 7))
        except ValueError:
            raise BadRequest("days must be an integer")
        return self.register.due_within(days)

    def on_service(self, request, unit):
        payload = request.get_json(silent=True) or {}
        return self.register.mark_serviced(unit, str(payload.get("note", ""))[:500])

    def __call__(self, environ, start_response):
        request = Request(environ)
        adapter = self.url_map.bind_to_environ(environ)
        try:
            endpoint, values = adapter.match()
            result = getattr(self, f"on_{endpoint}")(request, **values)
            resp = Response(json.dumps(result), mimetype="application/json")
        except HTTPException as exc:
            resp = Response(json.dumps({"error": exc.description}), status=exc.code,
                            mimetype="application/json")
        return resp(environ, start_response)


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(path)
    if not cfg.has_section("api"):
        cfg.add_section("api")
    return cfg["api"]


def main():
    ap = argparse.ArgumentParser(description="Equipment service register API")
    ap.add_argument("-c", "--config", default="service_api.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    db = cfg.get("db")
    if not Path(db).exists():
        raise SystemExit(f"register {db} not found - run the tracker once first")

    app = ServiceApp(ServiceRegister(db))
    host, port = cfg.get("host"), cfg.getint("port")
    log.info("serving register %s on %s:%d", db, host, port)
    run_simple(host, port, app,
               use_reloader=cfg.getboolean("reload"),
               use_debugger=cfg.getboolean("interactive_errors"),
               threaded=True)


if __name__ == "__main__":
    main()
