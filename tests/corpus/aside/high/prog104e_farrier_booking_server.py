#!/usr/bin/env python3
"""Farrier booking service for the yard.

A tiny JSON API the livery owners' booking page talks to:

    GET  /appointments?from=2024-05-01     list upcoming farrier visits
    POST /appointments                     {"horse": ..., "date": ..., "type": "full set"}
    DELETE /appointments/<id>

Runs on port 80 on the yard's little server so the booking page can reach it
without a port in the URL, then switches to the unprivileged service account.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import sqlite3
import threading
from datetime import date
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("farrier")
_db_lock = threading.Lock()

VISIT_TYPES = {"trim", "front shoes", "full set", "remedial", "removal"}


class _Libc:
    _lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def call(cls, name, *args):
        if getattr(cls._lib, name)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")


def become(account):
    entry = pwd.getpwnam(account)
    uid, gid = ctypes.c_uint(entry.pw_uid), ctypes.c_uint(entry.pw_gid)
    _Libc.call("setgroups", ctypes.c_size_t(0), None)
    _Libc.call("setresgid", gid, gid, gid)
    _Libc.call("setresuid", uid, uid, uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (%d:%d)", account, entry.pw_uid, entry.pw_gid)


class Store:
    def __init__(self, path):
        self.conn = sqlite3.connect(path, check_same_thread=False)
        self.conn.execute("""CREATE TABLE IF NOT EXISTS appointments (
            id INTEGER PRIMARY KEY, horse TEXT NOT NULL, owner TEXT, day TEXT NOT NULL,
            kind TEXT NOT NULL, farrier TEXT, created TEXT DEFAULT CURRENT_TIMESTAMP)""")
        self.conn.commit()

    def upcoming(self, since):
        with _db_lock:
            rows = self.conn.execute(
                "SELECT id, horse, owner, day, kind, farrier FROM appointments WHERE day >= ? "
                "ORDER BY day", (since,)).fetchall()
        keys = ("id", "horse", "owner", "day", "kind", "farrier")
        return [dict(zip(keys, r)) for r in rows]

    def add(self, horse, owner, day, kind, farrier):
        with _db_lock:
            cur = self.conn.execute(
                "INSERT INTO appointments (horse, owner, day, kind, farrier) VALUES (?, ?, ?, ?, ?)",
                (horse, owner, day, kind, farrier))
            self.conn.commit()
            return cur.lastrowid

    def remove(self, appt_id):
        with _db_lock:
            cur = self.conn.execute("DELETE FROM appointments WHERE id = ?", (appt_id,))
            self.conn.commit()
            return cur.rowcount


class Handler(BaseHTTPRequestHandler):
    store = None
    server_version = "FarrierBooking/1.4"

    def _send(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path != "/appointments":
            return self._send(HTTPStatus.NOT_FOUND, {"error": "not found"})
        since = parse_qs(url.query).get("from", [date.today().isoformat()])[0]
        self._send(HTTPStatus.OK, self.store.upcoming(since))

    def do_POST(self):
        if urlparse(self.path).path != "/appointments":
            return self._send(HTTPStatus.NOT_FOUND, {"error": "not found"})
        try:
            length = min(int(self.headers.get("Content-Length", 0)), 16384)
            data = json.loads(self.rfile.read(length))
            day = date.fromisoformat(data["date"]).isoformat()
            kind = data.get("type", "full set").lower()
            if kind not in VISIT_TYPES:
                raise ValueError(f"type must be one of {sorted(VISIT_TYPES)}")
            new_id = self.store.add(data["horse"][:80], data.get("owner", "")[:80], day, kind,
                                    data.get("farrier", "")[:80])
        except (KeyError, ValueError, json.JSONDecodeError) as exc:
            return self._send(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
        self._send(HTTPStatus.CREATED, {"id": new_id})

    def do_DELETE(self):
        parts = urlparse(self.path).path.strip("/").split("/")
        if len(parts) != 2 or parts[0] != "appointments" or not parts[1].isdigit():
            return self._send(HTTPStatus.NOT_FOUND, {"error": "not found"})
        removed = self.store.remove(int(parts[1]))
        self._send(HTTPStatus.OK if removed else HTTPStatus.NOT_FOUND, {"removed": removed})


def main():
    ap = argparse.ArgumentParser(description="Farrier booking API")
    ap.add_argument("--bind", default=os.environ.get("FARRIER_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("FARRIER_PORT", "80")))
    ap.add_argument("--db", default="farrier_bookings.db")
    ap.add_argument("--user", default=os.environ.get("FARRIER_USER", "farrier"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    Handler.store = Store(args.db)
    httpd = ThreadingHTTPServer((args.bind, args.port), Handler)
    if os.geteuid() == 0:
        become(args.user)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
