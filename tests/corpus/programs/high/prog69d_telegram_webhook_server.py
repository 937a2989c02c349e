#!/usr/bin/env python3
"""HTTPS endpoint for Telegram's setWebhook delivery on the standard port.

Telegram POSTs each update as JSON; we check the secret token header, append
the update to updates.jsonl for the worker process, and answer 200 quickly so
Telegram does not retry. Started as root from the unit file so it can take
port 443 and read the certificate, then continues as the service account.
"""
import argparse
import grp
import hmac
import json
import logging
import os
import pwd
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("tg-webhook")
_write_lock = threading.Lock()


class UpdateHandler(BaseHTTPRequestHandler):
    server_version = "tg-webhook/0.3"
    path_prefix = "/tg"
    secret = b""
    spool = "updates.jsonl"
    max_body = 1 << 20

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)

    def _reply(self, code, text=""):
        body = text.encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/healthz":
            self._reply(200, "ok")
        else:
            self._reply(404)

    def do_POST(self):
        if not self.path.startswith(self.path_prefix):
            return self._reply(404)
        supplied = self.headers.get("X-Telegram-Bot-Api-Secret-Token", "").encode()
        if not hmac.compare_digest(supplied, self.secret):
            log.warning("bad secret from %s", self.client_address[0])
            return self._reply(403)
        length = int(self.headers.get("Content-Length", "0"))
        if length <= 0 or length > self.max_body:
            return self._reply(413)
        try:
            update = json.loads(self.rfile.read(length))
        except ValueError:
            return self._reply(400)
        with _write_lock, open(self.spool, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(update, separators=(",", ":")) + "\n")
        log.info("update %s queued", update.get("update_id"))
        self._reply(200)


def become(user, group=None):
    """Switch the process to the service account once the socket is bound."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def make_server(args):
    UpdateHandler.secret = os.environ.get("TG_WEBHOOK_SECRET", "").encode()
    if not UpdateHandler.secret:
        raise SystemExit("TG_WEBHOOK_SECRET must be set")
    UpdateHandler.spool = args.spool
    UpdateHandler.path_prefix = args.path
    httpd = ThreadingHTTPServer((args.bind, args.port), UpdateHandler)
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(args.cert, args.key)
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)
    return httpd


def main():
    ap = argparse.ArgumentParser(description="Telegram webhook server")
    ap.add_argument("--bind", default=os.environ.get("TG_WEBHOOK_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--path", default="/tg")
    ap.add_argument("--cert", default="/etc/letsencrypt/live/bot/fullchain.pem")
    ap.add_argument("--key", default="/etc/letsencrypt/live/bot/privkey.pem")
    ap.add_argument("--spool", default="updates.jsonl")
    ap.add_argument("--user", default=os.environ.get("TG_WEBHOOK_USER", "tgbot"))
    ap.add_argument("--group", default=None)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        httpd = make_server(args)
        become(args.user, args.group)
    except (OSError, ssl.SSLError, KeyError) as exc:
        log.error("cannot start: %s", exc)
        return 1
    log.info("listening on %s:%d%s", args.bind, args.port, args.path)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
