#!/usr/bin/env python3
"""Webhook listener for the repair ticket bot.

The online booking form and the courier service both post JSON webhooks when
a customer books a repair or a mail-in phone is delivered.  This listens on
the standard HTTP port, files each event into the local ticket queue
directory and then runs as the unprivileged bot account.
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
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

log = logging.getLogger("ticket-webhook")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(account: str):
    """Switch the process to the given account after the socket is bound."""
    entry = pwd.getpwnam(account)
    gid_array = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), gid_array), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = account
    log.info("now running as %s (uid %d)", account, entry.pw_uid)


class WebhookHandler(BaseHTTPRequestHandler):
    queue_dir: Path = Path("queue")
    secret: bytes = b""

    def _reply(self, code, msg):
        body = json.dumps({"status": msg}).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _signature_ok(self, raw):
        sent = self.headers.get("X-Signature", "")
        expected = hmac.new(self.secret, raw, hashlib.sha256).hexdigest()
        return hmac.compare_digest(sent, expected)

    def do_POST(self):
        if self.path not in ("/hooks/booking", "/hooks/courier"):
            return self._reply(404, "unknown hook")
        length = int(self.headers.get("Content-Length", "0"))
        if length <= 0 or length > 256 * 1024:
            return self._reply(413, "bad length")
        raw = self.rfile.read(length)
        if self.secret and not self._signature_ok(raw):
            return self._reply(401, "bad signature")
        try:
            event = json.loads(raw)
        except ValueError:
            return self._reply(400, "invalid json")
        kind = self.path.rsplit("/", 1)[-1]
        name = f"{int(time.time() * 1000)}-{kind}.json"
        target = self.queue_dir / name
        target.write_text(json.dumps({"kind": kind, "event": event}, indent=2))
        log.info("queued %s (%s)", name, event.get("reference", "-"))
        return self._reply(202, "queued")

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--queue", type=Path, default=Path("queue"))
    ap.add_argument("--run-as", default=os.environ.get("TICKETBOT_USER", "ticketbot"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    args.queue.mkdir(parents=True, exist_ok=True)
    WebhookHandler.queue_dir = args.queue
    WebhookHandler.secret = os.environ.get("TICKET_WEBHOOK_SECRET", "").encode()

    try:
        server = HTTPServer((args.listen, args.port), WebhookHandler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1

    try:
        become(args.run_as)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.run_as, exc)
        server.server_close()
        return 1

    log.info("listening on %s:%d, queue %s", args.listen, args.port, args.queue)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
