#!/usr/bin/env python3
"""Channel-manager webhook receiver for the hotel booking engine.

OTA channel managers push reservation changes to port 443 on the property
gateway. The daemon binds the privileged port while it still has root, then
continues as the unprivileged service account and appends every change to
the local booking journal that the PMS sync job imports.
"""
import argparse
import ctypes
import ctypes.util
import grp
import hmac
import hashlib
import json
import logging
import os
import pwd
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("booking-sync")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(account):
    """Continue as the service account once the listener is bound."""
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=account, LOGNAME=account)
    os.umask(0o027)
    log.info("running as %s (uid=%d gid=%d)", account, pw.pw_uid, pw.pw_gid)


class WebhookHandler(BaseHTTPRequestHandler):
    secret = b""
    journal = Path("journal.ndjson")
    server_version = "booking-sync/2.4"

    def log_message(self, fmt, *args):
        log.info("%s " + fmt, self.client_address[0], *args)

    def _verify(self, body):
        sig = self.headers.get("X-Channel-Signature", "")
        expected = hmac.new(self.secret, body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(sig, expected)

    def do_POST(self):
        if self.path.rstrip("/") != "/hooks/reservations":
            self.send_error(404)
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length <= 0 or length > 2 * 1024 * 1024:
            self.send_error(413)
            return
        body = self.rfile.read(length)
        if not self._verify(body):
            self.send_error(401, "bad signature")
            return
        try:
            event = json.loads(body)
            record = {
                "channel": event["channel"],
                "type": event["event"],
                "reservation": event["reservation"]["id"],
                "arrival": event["reservation"].get("arrival"),
                "departure": event["reservation"].get("departure"),
                "room_type": event["reservation"].get("room_type"),
            }
        except (KeyError, ValueError, TypeError) as exc:
            self.send_error(400, f"invalid payload: {exc}")
            return
        with self.journal.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(record) + "\n")
        self.send_response(202)
        self.end_headers()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="/srv/booking-sync/tls/fullchain.pem")
    ap.add_argument("--key", default="/srv/booking-sync/tls/privkey.pem")
    ap.add_argument("--user", default="bookingsync")
    ap.add_argument("--journal", default="/srv/booking-sync/journal.ndjson")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    secret = os.environ.get("CHANNEL_WEBHOOK_SECRET")
    if not secret:
        log.error("CHANNEL_WEBHOOK_SECRET is required")
        return 2
    WebhookHandler.secret = secret.encode()
    WebhookHandler.journal = Path(args.journal)

    httpd = ThreadingHTTPServer((args.listen, args.port), WebhookHandler)
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(args.cert, args.key)
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)

    if os.geteuid() == 0:
        become(args.user)
    log.info("listening on %s:%d", args.listen, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
