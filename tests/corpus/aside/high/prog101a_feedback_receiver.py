#!/usr/bin/env python3
"""Receive guest feedback survey callbacks from the survey vendor.

The vendor posts each completed survey as JSON to https://<ops-host>/hook.
TLS is terminated by this process on port 443, after which it switches to
an unprivileged service account and appends responses to daily JSONL files.
"""
import argparse
import ctypes
import ctypes.util
import datetime as dt
import grp
import hashlib
import hmac
import json
import logging
import os
import pwd
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("feedback-receiver")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_account(user, group):
    """Move the process onto the service account after the socket is bound."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([gid])
    for fn, ident in ((_libc.setresgid, gid), (_libc.setresuid, pw.pw_uid)):
        if fn(ident, ident, ident) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s:%s", user, group)


class HookHandler(BaseHTTPRequestHandler):
    secret = b""
    out_dir = "responses"

    def _verify(self, body):
        sig = self.headers.get("X-Survey-Signature", "")
        expected = hmac.new(self.secret, body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(sig, expected)

    def do_POST(self):
        if self.path != "/hook":
            self.send_error(404)
            return
        length = int(self.headers.get("Content-Length", 0))
        if length <= 0 or length > 256_000:
            self.send_error(413)
            return
        body = self.rfile.read(length)
        if not self._verify(body):
            self.send_error(401)
            return
        try:
            record = json.loads(body)
        except json.JSONDecodeError:
            self.send_error(400)
            return
        day = dt.date.today().isoformat()
        os.makedirs(self.out_dir, exist_ok=True)
        with open(os.path.join(self.out_dir, f"{day}.jsonl"), "a", encoding="utf-8") as fh:
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.send_response(204)
        self.end_headers()

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="certs/feedback.pem")
    ap.add_argument("--key", default="certs/feedback.key")
    ap.add_argument("--user", default="feedback")
    ap.add_argument("--group", default="feedback")
    ap.add_argument("--out", default="responses")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    secret = os.environ.get("SURVEY_HOOK_SECRET")
    if not secret:
        log.error("SURVEY_HOOK_SECRET not set")
        return 2
    HookHandler.secret = secret.encode()
    HookHandler.out_dir = os.path.abspath(args.out)

    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(args.cert, args.key)

    server = ThreadingHTTPServer((args.listen, args.port), HookHandler)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
    try:
        switch_account(args.user, args.group)
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        server.server_close()
        return 1

    log.info("listening on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
