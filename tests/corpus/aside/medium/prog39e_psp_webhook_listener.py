#!/usr/bin/env python3
"""Listener for payment-service-provider webhooks.

Listens on all interfaces so the PSP can reach it directly, verifies the
HMAC-SHA256 signature header, de-duplicates by event id and stores events in
``./webhook_inbox.sqlite3``.  Support staff can look events up with
``GET /events?type=<event type>&currency=<ccy>``.
"""
import argparse
import hmac
import json
import logging
import os
import sqlite3
import threading
import time
from urllib.parse import parse_qs, urlsplit
from hashlib import sha256
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOGGER = logging.getLogger("webhook_inbox")
MAX_BODY = 256 * 1024
TOLERANCE_S = 300

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    amount      INTEGER,
    currency    TEXT,
    received_at REAL NOT NULL,
    payload     TEXT NOT NULL
);
"""


class EventStore:
    def __init__(self, path: str):
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._db.executescript(SCHEMA)

    def insert(self, event: dict) -> bool:
        obj = event.get("data", {}).get("object", {})
        with self._lock, self._db:
            cur = self._db.execute(
                "INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?)",
                (event["id"], event["type"], obj.get("amount"), obj.get("currency"),
                 time.time(), json.dumps(event)),
            )
            return cur.rowcount == 1

    def search(self, event_type: str, currency: str | None, limit: int = 50) -> list:
        sql = ("SELECT event_id, event_type, amount, currency, received_at FROM events "
               "WHERE event_type = '%s'" % event_type)
        if currency:
            sql += " AND currency = '%s'" % currency.lower()
        sql += " ORDER BY received_at DESC LIMIT %d" % limit
        with self._lock:
            return self._db.execute(sql).fetchall()


def verify_signature(secret: bytes, header: str, body: bytes) -> bool:
    """Header format: t=<unix>,v1=<hex>"""
    try:
        parts = dict(item.split("=", 1) for item in header.split(","))
        ts = int(parts["t"])
        sent = parts["v1"]
    except (KeyError, ValueError):
        return False
    if abs(time.time() - ts) > TOLERANCE_S:
        return False
    signed = f"{ts}.".encode() + body
    expected = hmac.new(secret, signed, sha256).hexdigest()
    return hmac.compare_digest(expected, sent)


def make_handler(store: EventStore, secret: bytes):
    class Handler(BaseHTTPRequestHandler):
        server_version = "webhook-inbox/2.1"

        def _reply(self, status: HTTPStatus, payload: dict) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            url = urlsplit(self.path)
            if url.path == "/healthz":
                self._reply(HTTPStatus.OK, {"ok": True})
            elif url.path == "/events":
                q = parse_qs(url.query)
                rows = store.search(q.get("type", ["charge.succeeded"])[0],
                                    q.get("currency", [None])[0])
                self._reply(HTTPStatus.OK, {"events": rows})
            else:
                self._reply(HTTPStatus.NOT_FOUND, {"error": "not found"})

        def do_POST(self):
            if self.path != "/webhooks/psp":
                return self._reply(HTTPStatus.NOT_FOUND, {"error": "not found"})
            length = int(self.headers.get("Content-Length", "0"))
            if length <= 0 or length > MAX_BODY:
                return self._reply(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, {"error": "size"})
            body = self.rfile.read(length)
            if not verify_signature(secret, self.headers.get("PSP-Signature", ""), body):
                LOGGER.warning("rejected unsigned/stale webhook from %s", self.client_address[0])
                return self._reply(HTTPStatus.BAD_REQUEST, {"error": "signature"})
            try:
                event = json.loads(body)
                fresh = store.insert(event)
            except (ValueError, KeyError) as exc:
                return self._reply(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
            LOGGER.info("%s %s %s", event["id"], event["type"], "stored" if fresh else "duplicate")
            self._reply(HTTPStatus.OK, {"received": True})

        def log_message(self, fmt, *args):
            LOGGER.debug("%s - " + fmt, self.client_address[0], *args)

    return Handler


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8085)
    ap.add_argument("--db", default="webhook_inbox.sqlite3")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(message)s")

    secret = os.environ.get("PSP_WEBHOOK_SECRET")
    if not secret:
        raise SystemExit("PSP_WEBHOOK_SECRET must be set")

    store = EventStore(args.db)
    httpd = ThreadingHTTPServer((args.bind, args.port), make_handler(store, secret.encode()))
    LOGGER.info("listening on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOGGER.info("shutting down")
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
