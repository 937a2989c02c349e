#!/usr/bin/env python3
"""Keg scan listener.

The cellar's handheld barcode scanners POST their scans (keg id, event,
location) over plain HTTP.  This service records them in the keg inventory
SQLite database and answers with the keg's current state.  Run it under the
kegtrack service account; it uses an unprivileged port.
"""
import argparse
import json
import logging
import os
import sqlite3
import sys
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = logging.getLogger("keg-scan")

EVENTS = {"filled", "tapped", "kicked", "shipped", "returned", "cleaned"}


class KegStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute("""CREATE TABLE IF NOT EXISTS keg_events (
            keg_id TEXT, event TEXT, location TEXT, scanner TEXT, at TEXT)""")
        self.db.commit()

    def record(self, keg_id, event, location, scanner):
        at = datetime.now(timezone.utc).isoformat()
        with self.db:
            self.db.execute("INSERT INTO keg_events VALUES (?, ?, ?, ?, ?)",
                            (keg_id, event, location, scanner, at))
        return self.state(keg_id)

    def state(self, keg_id):
        row = self.db.execute(
            "SELECT event, location, at FROM keg_events WHERE keg_id = ? ORDER BY at DESC LIMIT 1",
            (keg_id,)).fetchone()
        return dict(zip(("event", "location", "at"), row)) if row else None


class ScanHandler(BaseHTTPRequestHandler):
    store = None

    def _reply(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        try:
            scan = json.loads(self.rfile.read(length))
            keg_id, event = scan["keg"].strip().upper(), scan["event"]
        except (ValueError, KeyError, AttributeError):
            return self._reply(400, {"error": "bad scan"})
        if event not in EVENTS:
            return self._reply(422, {"error": f"unknown event {event}"})
        state = self.store.record(keg_id, event, scan.get("location", "cellar"),
                                  self.client_address[0])
        self._reply(200, {"keg": keg_id, "state": state})

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


def listen_address():
    """Scanners roam between the cellar and the dock APs, so listen everywhere."""
    host = os.environ.get("KEGSCAN_HOST", "")
    return host or "0.0.0.0"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default=listen_address())
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--db", default="kegs.sqlite")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        server = ThreadingHTTPServer((args.bind, args.port), ScanHandler)
    except OSError as exc:
        LOG.error("cannot bind %s:%d: %s", args.bind, args.port, exc)
        return 1
    ScanHandler.store = KegStore(args.db)
    LOG.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
