#!/usr/bin/env python3
"""Webhook receiver for online cattery/kennel bookings.

The booking platform POSTs a signed JSON event (booking.created,
booking.cancelled, booking.amended) to http://<our-box>/hooks/booking.
Events are verified with the shared HMAC secret and appended to
events.jsonl for the front-desk sync job to pick up.

The platform only calls port 80, so the receiver starts as root to bind
it and then switches to an unprivileged service account before handling
any request.
"""
import argparse
import ctypes
import ctypes.util
import hashlib
import hmac
import json
import logging
import os
import pwd
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("booking-hooks")

SECRET = os.environ.get("BOOKING_HOOK_SECRET", "").encode()
_write_lock = threading.Lock()


def become(user: str):
    """Switch the whole process to `user` through libc."""
    pw = pwd.getpwnam(user)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    calls = (
        ("setgroups", (ctypes.c_size_t(1), groups)),
        ("setresgid", (pw.pw_gid, pw.pw_gid, pw.pw_gid)),
        ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid)),
    )
    for name, argv in calls:
        if getattr(libc, name)(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (%d:%d)", user, pw.pw_uid, pw.pw_gid)


class HookHandler(BaseHTTPRequestHandler):
    server_version = "booking-hooks/1.2"
    events_path: Path = Path("events.jsonl")

    def _reply(self, code, body=b""):
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

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
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--bind", default="")
    ap.add_argument("--user", default="bookinghooks")
    ap.add_argument("--events", type=Path, default=Path("events.jsonl"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not SECRET:
        log.error("BOOKING_HOOK_SECRET is not set")
        return 1

    HookHandler.events_path = args.events.resolve()
    httpd = ThreadingHTTPServer((args.bind, args.port), HookHandler)
    if os.geteuid() == 0:
        args.events.touch()
        pw = pwd.getpwnam(args.user)
        os.chown(args.events, pw.pw_uid, pw.pw_gid)
        become(args.user)
    log.info("listening on %s:%d", args.bind or "*", args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
