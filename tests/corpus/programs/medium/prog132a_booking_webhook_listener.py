#!/usr/bin/env python3
"""Webhook listener for online cattery/kennel bookings.

The booking platform POSTs a signed JSON event (booking.created,
booking.cancelled, booking.amended) to http://<our-box>:8080/hooks/booking
(the router forwards the platform's calls there). Events are verified with
the shared HMAC secret and appended to events.jsonl for the front-desk
sync job to pick up.
"""
import argparse
import hashlib
import hmac
import json
import logging
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("booking-hooks")

SECRET = os.environ.get("BOOKING_HOOK_SECRET", "").encode()
_write_lock = threading.Lock()


class HookHandler(BaseHTTPRequestHandler):
    server_version = "booking-hooks/1.2"
    events_path: Path = Path("events.jsonl")

    def _reply(self, code, body=b""):
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

    def do_GET(self):
        if self.path == "/healthz":
            return self._reply(200, b"ok")
        self._reply(404)

    def do_POST(self):
        if self.path != "/hooks/booking":
            return self._reply(404)
        length = int(self.headers.get("Content-Length", "0"))
        if not 0 < length <= 256 * 1024:
            return self._reply(413)
        raw = self.rfile.read(length)
        sig = self.headers.get("X-Booking-Signature", "")
        expected = hmac.new(SECRET, raw, hashlib.sha256).hexdigest()
        if not SECRET or not hmac.compare_digest(sig, expected):
            log.warning("bad signature from %s", self.client_address[0])
            return self._reply(401)
        try:
            event = json.loads(raw)
            kind = event["type"]
        except (ValueError, KeyError):
            return self._reply(400)
        with _write_lock, self.events_path.open("a") as fh:
            fh.write(json.dumps(event, separators=(",", ":")) + "\n")
        log.info("%s %s", kind, event.get("booking", {}).get("id", "?"))
        self._reply(204)

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser(description="Receive booking platform webhooks")
    ap.add_argument("--port", type=int, default=int(os.environ.get("HOOK_PORT", "8080")))
    ap.add_argument("--bind", default=os.environ.get("HOOK_BIND", "0.0.0.0"))
    ap.add_argument("--events", type=Path, default=Path("events.jsonl"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not SECRET:
        log.error("BOOKING_HOOK_SECRET is not set")
        return 1

    HookHandler.events_path = args.events.resolve()
    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), HookHandler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
