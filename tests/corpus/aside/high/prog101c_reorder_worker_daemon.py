#!/usr/bin/env python3
"""Receive low-stock webhooks from the shelf scanners and queue reorder jobs.

The handheld shelf scanners POST {"sku": ..., "on_hand": ..., "scanner": ...}
to /hook/low-stock with the shared token in X-Hook-Token.  Accepted events go
on an in-process queue; a worker thread folds them into reorder_jobs.sqlite3
where the purchasing run picks them up.

Started by the back-office init script, which needs port 80 on the shop LAN.
"""

import argparse
import grp
import hmac
import json
import logging
import os
import pwd
import queue
import signal
import sqlite3
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("reorder_daemon")

EVENTS = queue.Queue(maxsize=1000)
HOOK_TOKEN = os.environ.get("REORDER_HOOK_TOKEN", "")


class HookHandler(BaseHTTPRequestHandler):
    server_version = "reorder-hook/2.1"

    def _reply(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        if self.path != "/hook/low-stock":
            return self._reply(404, {"error": "not found"})
        token = self.headers.get("X-Hook-Token", "")
        if not HOOK_TOKEN or not hmac.compare_digest(token, HOOK_TOKEN):
            return self._reply(403, {"error": "bad token"})
        try:
            length = min(int(self.headers.get("Content-Length", 0)), 16384)
            event = json.loads(self.rfile.read(length))
            sku = str(event["sku"])
            on_hand = int(event["on_hand"])
        except (ValueError, KeyError, TypeError):
            return self._reply(400, {"error": "bad payload"})
        try:
            EVENTS.put_nowait((sku, on_hand, str(event.get("scanner", "?")), time.time()))
        except queue.Full:
            return self._reply(503, {"error": "busy"})
        return self._reply(202, {"queued": sku})

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


class JobWriter(threading.Thread):
    def __init__(self, db_path):
        super().__init__(name="job-writer", daemon=True)
        self.db_path = db_path
        self.stop = threading.Event()

    def run(self):
        db = sqlite3.connect(self.db_path)
        db.execute("""CREATE TABLE IF NOT EXISTS reorder_jobs (
                        sku TEXT PRIMARY KEY, on_hand INTEGER, scanner TEXT,
                        first_seen REAL, last_seen REAL, hits INTEGER DEFAULT 1)""")
        while not self.stop.is_set():
            try:
                sku, on_hand, scanner, ts = EVENTS.get(timeout=1)
            except queue.Empty:
                continue
            db.execute("""INSERT INTO reorder_jobs (sku, on_hand, scanner, first_seen, last_seen)
                          VALUES (?, ?, ?, ?, ?)
                          ON CONFLICT(sku) DO UPDATE SET on_hand = excluded.on_hand,
                              scanner = excluded.scanner, last_seen = excluded.last_seen,
                              hits = hits + 1""", (sku, on_hand, scanner, ts, ts))
            db.commit()
            log.info("low stock %s (%d on hand) from %s", sku, on_hand, scanner)
        db.close()


def drop_privileges(username):
    """Give up root once the listening socket is bound."""
    if os.getuid() != 0:
        return
    pw = pwd.getpwnam(username)
    extra = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(extra)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    os.chdir(pw.pw_dir)
    log.info("running as %s (uid %d)", username, pw.pw_uid)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bind", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=80)
    parser.add_argument("--user", default="petshop")
    parser.add_argument("--db", default="reorder_jobs.sqlite3")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not HOOK_TOKEN:
        log.error("REORDER_HOOK_TOKEN not set")
        return 2

    db_path = os.path.abspath(args.db)
    server = ThreadingHTTPServer((args.bind, args.port), HookHandler)
    try:
        drop_privileges(args.user)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1

    writer = JobWriter(db_path)
    writer.start()
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        writer.stop.set()
        writer.join(timeout=5)
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
