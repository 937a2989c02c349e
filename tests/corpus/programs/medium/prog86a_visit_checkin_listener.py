#!/usr/bin/env python3
"""Receive visit check-in / check-out events from the nurses' phones.

Electronic visit verification (EVV) requires a timestamp and location at the
start and end of every home visit.  The phone app POSTs a small signed JSON
document to this listener on the office server; events are verified,
stored in evv.db and appended to a daily JSONL file the billing export reads.

    visit_checkin_listener.py --port 8080 --db evv.db
Env:
    EVV_SHARED_SECRET   HMAC key shared with the phone app
"""
import argparse
import datetime as dt
import hashlib
import hmac
import json
import logging
import os
import sqlite3
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("evv_listener")
MAX_BODY = 16 * 1024
EVENT_KINDS = {"check_in", "check_out", "missed", "cancelled"}


class EventStore:
    def __init__(self, db_path, journal_dir):
        self.lock = threading.Lock()
        self.conn = sqlite3.connect(db_path, check_same_thread=False)
        self.conn.execute("""CREATE TABLE IF NOT EXISTS evv_events (
            id INTEGER PRIMARY KEY, visit_id TEXT, nurse_id TEXT, kind TEXT,
            at_utc TEXT, lat REAL, lon REAL, received_utc TEXT)""")
        self.journal_dir = Path(journal_dir)
        self.journal_dir.mkdir(parents=True, exist_ok=True)

    def add(self, ev):
        now = dt.datetime.now(dt.timezone.utc).isoformat()
        with self.lock:
            self.conn.execute(
                "INSERT INTO evv_events (visit_id, nurse_id, kind, at_utc, lat, lon, received_utc) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (ev["visit_id"], ev["nurse_id"], ev["kind"], ev["at_utc"], ev.get("lat"), ev.get("lon"), now))
            self.conn.commit()
            day = self.journal_dir / f"evv-{now[:10]}.jsonl"
            with day.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({**ev, "received_utc": now}) + "\n")


def validate(ev):
    for key in ("visit_id", "nurse_id", "kind", "at_utc"):
        if not ev.get(key):
            raise ValueError(f"missing {key}")
    if ev["kind"] not in EVENT_KINDS:
        raise ValueError(f"unknown kind {ev['kind']}")
    dt.datetime.fromisoformat(ev["at_utc"].replace("Z", "+00:00"))
    if ev["kind"] in ("check_in", "check_out"):
        lat, lon = float(ev["lat"]), float(ev["lon"])
        if not (-90 <= lat <= 90 and -180 <= lon <= 180):
            raise ValueError("coordinates out of range")


def make_handler(store, secret):
    class Handler(BaseHTTPRequestHandler):
        server_version = "evv-listener/2.1"

        def _reply(self, code, doc):
            body = json.dumps(doc).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            if self.path == "/healthz":
                return self._reply(200, {"ok": True})
            self._reply(404, {"error": "not found"})

        def do_POST(self):
            if self.path != "/evv/events":
                return self._reply(404, {"error": "not found"})
            length = int(self.headers.get("Content-Length") or 0)
            if not 0 < length <= MAX_BODY:
                return self._reply(413, {"error": "bad length"})
            raw = self.rfile.read(length)
            sig = self.headers.get("X-EVV-Signature", "")
            want = hmac.new(secret, raw, hashlib.sha256).hexdigest()
            if not hmac.compare_digest(sig, want):
                return self._reply(401, {"error": "bad signature"})
            try:
                ev = json.loads(raw)
                validate(ev)
                store.add(ev)
            except (ValueError, KeyError, TypeError) as exc:
                return self._reply(422, {"error": str(exc)})
            self._reply(202, {"accepted": ev["visit_id"]})

        def log_message(self, fmt, *args):
            LOG.info("%s %s", self.address_string(), fmt % args)

    return Handler


def build_server(host, port, store, secret):
    return ThreadingHTTPServer((host, port), make_handler(store, secret))


def main(argv=None):
    ap = argparse.ArgumentParser(description="EVV check-in listener")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--db", default="evv.db")
    ap.add_argument("--journal", default="journal")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    secret = os.environ.get("EVV_SHARED_SECRET", "").encode()
    if len(secret) < 16:
        LOG.error("EVV_SHARED_SECRET missing or too short")
        return 2

    store = EventStore(args.db, args.journal)
    httpd = build_server(args.host, args.port, store, secret)
    LOG.info("listening on %s:%d", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
