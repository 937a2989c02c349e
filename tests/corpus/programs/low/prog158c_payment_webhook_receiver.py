#!/usr/bin/env python3
"""Receive payment-processor webhooks for buyback payouts.

Runs behind the campus reverse proxy (which terminates TLS and forwards to
localhost).  Each event's HMAC signature is checked against the shared
secret before it is written to ./events/ for the reconciliation job.
"""
import argparse
import hashlib
import hmac
import json
import logging
import os
import secrets
import shutil
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("webhook_rx")

EVENT_DIR = Path("events")
BUILD_DIR = Path("build")
MAX_BODY = 256 * 1024
MAX_SKEW = 300  # seconds


def verify(secret: bytes, body: bytes, ts: str, sig: str) -> bool:
    try:
        if abs(time.time() - int(ts)) > MAX_SKEW:
            return False
    except ValueError:
        return False
    expected = hmac.new(secret, ts.encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, sig)


def make_handler(secret: bytes):
    class Handler(BaseHTTPRequestHandler):
        server_version = "bookx-webhook/1.0"

        def _reply(self, code: int, payload: dict):
            data = json.dumps(payload).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self):
            if self.path != "/webhooks/payouts":
                return self._reply(404, {"error": "not found"})
            length = int(self.headers.get("Content-Length", "0"))
            if length <= 0 or length > MAX_BODY:
                return self._reply(413, {"error": "bad length"})
            body = self.rfile.read(length)
            ts = self.headers.get("X-Timestamp", "")
            sig = self.headers.get("X-Signature", "")
            if not verify(secret, body, ts, sig):
                log.warning("rejected event with bad signature from %s", self.client_address[0])
                return self._reply(401, {"error": "bad signature"})
            try:
                event = json.loads(body)
            except ValueError:
                return self._reply(400, {"error": "bad json"})
            name = f"{int(time.time())}_{secrets.token_hex(4)}.json"
            path = EVENT_DIR / name
            path.write_text(json.dumps(event))
            os.chmod(path, 0o600)
            log.info("stored %s event %s", event.get("type", "?"), name)
            return self._reply(200, {"stored": name})

        def log_message(self, fmt, *args):
            log.debug("%s - %s", self.client_address[0], fmt % args)

    return Handler


def clean_build():
    """Remove leftovers from the packaging step so the service dir stays small."""
    if BUILD_DIR.is_dir():
        shutil.rmtree(BUILD_DIR)
        log.info("removed stale %s/", BUILD_DIR)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8091)
    ap.add_argument("--clean", action="store_true", help="remove ./build before starting")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    secret = os.environ.get("PAYOUT_WEBHOOK_SECRET")
    if not secret:
        log.error("PAYOUT_WEBHOOK_SECRET not set")
        raise SystemExit(1)
    if args.clean:
        clean_build()
    EVENT_DIR.mkdir(exist_ok=True)

    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(secret.encode()))
    log.info("listening on 127.0.0.1:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
