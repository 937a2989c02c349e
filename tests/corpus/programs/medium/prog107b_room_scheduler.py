#!/usr/bin/env python3
"""Treatment room scheduler for the clinic LAN.

Small JSON service used by the reception tablets and the practitioners'
laptops to see which treatment room (acupuncture beds, gym, hydro pool,
consult rooms) is free and to hold a room for an appointment.

Configuration comes from roomsched.ini in the working directory:

    [server]
    bind = 0.0.0.0
    port = 8080
    [rooms]
    names = Room 1 (acu), Room 2 (acu), Gym, Hydro, Consult A
"""
import argparse
import configparser
import datetime as dt
import logging
import sqlite3
import threading
from dataclasses import dataclass, field

from flask import Flask, g, jsonify, request

log = logging.getLogger("roomsched")


@dataclass
class Settings:
    bind: str = "0.0.0.0"
    port: int = 8080
    db_path: str = "roomsched.sqlite"
    rooms: list = field(default_factory=lambda: ["Room 1", "Room 2", "Gym", "Consult A"])
    slot_minutes: int = 15

    @classmethod
    def load(cls, path):
        s = cls()
        cp = configparser.ConfigParser()
        if cp.read(path):
            s.bind = cp.get("server", "bind", fallback=s.bind)
            s.port = cp.getint("server", "port", fallback=s.port)
            s.db_path = cp.get("server", "db", fallback=s.db_path)
            names = cp.get("rooms", "names", fallback="")
            if names.strip():
                s.rooms = [n.strip() for n in names.split(",") if n.strip()]
        return s


SCHEMA = """
CREATE TABLE IF NOT EXISTS holds (
    id INTEGER PRIMARY KEY,
    room TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    practitioner TEXT NOT NULL,
    note TEXT
);
CREATE INDEX IF NOT EXISTS holds_room_start ON holds(room, starts_at);
"""

_write_lock = threading.Lock()


def create_app(settings):
    app = Flask(__name__)
    app.config["SETTINGS"] = settings

    def db():
        if "db" not in g:
            g.db = sqlite3.connect(settings.db_path)
            g.db.row_factory = sqlite3.Row
        return g.db

    @app.teardown_appcontext
    def close_db(_exc):
        conn = g.pop("db", None)
        if conn is not None:
            conn.close()

    @app.get("/rooms")
    def rooms():
        return jsonify(settings.rooms)

    @app.get("/rooms/<room>/day/<day>")
    def room_day(room, day):
        rows = db().execute(
            "SELECT id, starts_at, ends_at, practitioner, note FROM holds "
            "WHERE room = ? AND date(starts_at) = ? ORDER BY starts_at",
            (room, day),
        ).fetchall()
        return jsonify([dict(r) for r in rows])

    @app.post("/holds")
    def create_hold():
        body = request.get_json(force=True, silent=True) or {}
        try:
            room = body["room"]
            start = dt.datetime.fromisoformat(body["start"])
            end = dt.datetime.fromisoformat(body["end"])
            who = body["practitioner"]
        except (KeyError, ValueError) as exc:
            return jsonify(error=f"bad request: {exc}"), 400
        if room not in settings.rooms:
            return jsonify(error="unknown room"), 404
        if end <= start or (end - start).seconds % (settings.slot_minutes * 60):
            return jsonify(error="times must align to slots"), 400
        with _write_lock:
            clash = db().execute(
                "SELECT 1 FROM holds WHERE room = ? AND starts_at < ? AND ends_at > ?",
                (room, end.isoformat(), start.isoformat()),
            ).fetchone()
            if clash:
                return jsonify(error="room already held"), 409
            cur = db().execute(
                "INSERT INTO holds (room, starts_at, ends_at, practitioner, note) VALUES (?,?,?,?,?)",
                (room, start.isoformat(), end.isoformat(), who, body.get("note")),
            )
            db().commit()
        log.info("hold %s: %s %s-%s for %s", cur.lastrowid, room, start, end.time(), who)
        return jsonify(id=cur.lastrowid), 201

    @app.delete("/holds/<int:hold_id>")
    def release_hold(hold_id):
        with _write_lock:
            n = db().execute("DELETE FROM holds WHERE id = ?", (hold_id,)).rowcount
            db().commit()
        return ("", 204) if n else (jsonify(error="no such hold"), 404)

    return app


def init_db(path):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    conn.close()


def main():
    ap = argparse.ArgumentParser(description="clinic treatment room scheduler")
    ap.add_argument("-c", "--config", default="roomsched.ini")
    ap.add_argument("--port", type=int)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    settings = Settings.load(args.config)
    if args.port:
        settings.port = args.port
    init_db(settings.db_path)
    app = create_app(settings)
    log.info("serving %d rooms on %s:%d", len(settings.rooms), settings.bind, settings.port)
    app.run(host=settings.bind, port=settings.port, debug=args.debug, threaded=True)


if __name__ == "__main__":
    main()
