#!/usr/bin/env python3
"""Badge sync server: receives badge grants from the HR system and serves them to door controllers.

HR pushes JSON batches to POST /v1/badges; door controllers poll
GET /v1/doors/<door>/allowlist and receive the hashed badge tokens they should
accept. State is kept in a small SQLite file next to the server.

Runs under the service account on an unprivileged port; the load balancer
forwards 443 to it.
"""
import argparse
import hashlib
import json
import logging
import os
import sqlite3
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = logging.getLogger("badge-sync")


class Store:
    def __init__(self, path):
        self.lock = threading.Lock()
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute("CREATE TABLE IF NOT EXISTS grants (token_hash TEXT, door TEXT, "
                        "valid_until TEXT, PRIMARY KEY (token_hash, door))")

    @staticmethod
    def token_hash(card_number, site_code):
        return hashlib.sha1(f"{site_code}:{card_number}".encode()).hexdigest()

    def upsert(self, batch, site_code):
        with self.lock, self.db:
            for item in batch:
                h = self.token_hash(item["card"], site_code)
                for door in item.get("doors", []):
                    self.db.execute("INSERT OR REPLACE INTO grants VALUES (?, ?, ?)",
                                    (h, door, item.get("valid_until")))
        return len(batch)

    def allowlist(self, door):
        with self.lock:
            rows = self.db.execute("SELECT token_hash, valid_until FROM grants WHERE door = ?",
                                   (door,)).fetchall()
        return [{"token": r[0], "valid_until": r[1]} for r in rows]


class Handler(BaseHTTPRequestHandler):
    store = None
    site_code = "0"
    hr_key = ""

    def _send(self, code, obj):
        data = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        if self.path != "/v1/badges":
            return self._send(404, {"error": "not found"})
        if self.headers.get("X-HR-Key") != self.hr_key:
            return self._send(403, {"error": "forbidden"})
        length = int(self.headers.get("Content-Length", 0))
        try:
            batch = json.loads(self.rfile.read(length))
            count = self.store.upsert(batch, self.site_code)
        except (ValueError, KeyError) as exc:
            return self._send(400, {"error": str(exc)})
        self._send(200, {"stored": count})

    def do_GET(self):
        parts = self.path.strip("/").split("/")
        if len(parts) == 4 and parts[:2] == ["v1", "doors"] and parts[3] == "allowlist":
            return self._send(200, self.store.allowlist(parts[2]))
        self._send(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


def main():
    ap = argparse.ArgumentParser(description="badge sync server")
    ap.add_argument("--config", default="badge_sync.json")
    ap.add_argument("--port", type=int, default=8443)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(args.config) as fh:
        cfg = json.load(fh)

    Handler.store = Store(cfg.get("db", "badges.sqlite3"))
    Handler.site_code = str(cfg["site_code"])
    Handler.hr_key = os.environ.get("BADGE_HR_KEY", cfg.get("hr_key", ""))

    server = ThreadingHTTPServer(("0.0.0.0", args.port), Handler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cfg["tls_cert"], cfg["tls_key"])
    server.socket = ctx.wrap_socket(server.socket, server_side=True)

    LOG.info("listening on :%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
