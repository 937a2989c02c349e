#!/usr/bin/env python3
"""Feeding schedule API.

Small read-mostly JSON API used by the tablets on the husbandry carts: lists
today's feeding tasks per room and lets technicians mark a task done.
Backed by the SQLite file the feeding schedule bot writes.
"""
import argparse
import datetime as dt
import json
import logging
import sqlite3
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LOG = logging.getLogger("feeding.api")


class FeedingStore:
    def __init__(self, path):
        self.path = path

    def _conn(self):
        conn = sqlite3.connect(self.path, timeout=10)
        conn.row_factory = sqlite3.Row
        return conn

    def tasks_for(self, room, day):
        with self._conn() as c:
            rows = c.execute(
                "SELECT id, cage_id, action, note, done_by, done_at FROM tasks "
                "WHERE room = ? AND day = ? ORDER BY cage_id", (room, day)).fetchall()
        return [dict(r) for r in rows]

    def mark_done(self, task_id, tech):
        with self._conn() as c:
            cur = c.execute(
                "UPDATE tasks SET done_by = ?, done_at = ? WHERE id = ? AND done_at IS NULL",
                (tech, dt.datetime.now().isoformat(timespec="seconds"), task_id))
            return cur.rowcount == 1


class Handler(BaseHTTPRequestHandler):
    store = None
    server_version = "FeedingAPI/1.4"

    def _json(self, status, obj):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == "/health":
            return self._json(HTTPStatus.OK, {"ok": True})
        if url.path == "/tasks":
            q = parse_qs(url.query)
            room = q.get("room", [""])[0]
            day = q.get("day", [dt.date.today().isoformat()])[0]
            if not room:
                return self._json(HTTPStatus.BAD_REQUEST, {"error": "room required"})
            return self._json(HTTPStatus.OK, {"room": room, "day": day,
                                              "tasks": self.store.tasks_for(room, day)})
        self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})

    def do_POST(self):
        url = urlsplit(self.path)
        if not url.path.startswith("/tasks/") or not url.path.endswith("/done"):
            return self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
        try:
            task_id = int(url.path.split("/")[2])
            length = int(self.headers.get("Content-Length", 0))
            tech = json.loads(self.rfile.read(length) or b"{}").get("tech", "")
        except (ValueError, json.JSONDecodeError):
            return self._json(HTTPStatus.BAD_REQUEST, {"error": "bad request"})
        if not tech:
            return self._json(HTTPStatus.BAD_REQUEST, {"error": "tech required"})
        ok = self.store.mark_done(task_id, tech)
        self._json(HTTPStatus.OK if ok else HTTPStatus.CONFLICT, {"updated": ok})

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="feeding.sqlite3")
    ap.add_argument("--host", default="0.0.0.0", help="cart tablets connect over Wi-Fi")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    Handler.store = FeedingStore(args.db)
    try:
        httpd = ThreadingHTTPServer((args.host, args.port), Handler)
    except OSError as exc:
        LOG.error("cannot bind %s:%d: %s", args.host, args.port, exc)
        return 1
    LOG.info("feeding API on %s:%d (db %s)", args.host, args.port, args.db)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
