#!/usr/bin/env python3
"""Small HTTPS page where patients confirm or rebook a recall appointment.

Recall letters and SMS carry a link  https://recall.<practice>/r/<token>.
The token is an HMAC over the recall id so no database lookup is needed to
reject junk. Confirmations are written to the practice SQLite export for
reception to pick up in the morning.

Runs on the practice DMZ box. It needs port 443, so it is started as root
by the init script and switches to the service account once the listening
socket and certificate are loaded.
"""
import argparse
import configparser
import hashlib
import hmac
import html
import logging
import os
import pwd
import sqlite3
import ssl
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs

log = logging.getLogger("recall_portal")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<title>{practice} - your appointment</title></head><body>
<h1>{practice}</h1><p>{message}</p>{form}</body></html>"""

FORM = """<form method="post"><input type="hidden" name="t" value="{token}">
<button name="action" value="confirm">Yes, book me in</button>
<button name="action" value="call">Please call me to rearrange</button>
</form>"""


class Portal:
    def __init__(self, cfg):
        self.key = bytes.fromhex(cfg["token_key_hex"])
        self.db_path = cfg["db"]
        self.practice = cfg.get("practice", "Your optician")

    def recall_id(self, token: str):
        rid, _, mac = token.partition(".")
        want = hmac.new(self.key, rid.encode(), hashlib.sha256).hexdigest()[:20]
        if rid.isdigit() and hmac.compare_digest(mac, want):
            return int(rid)
        return None

    def record(self, rid: int, action: str, ip: str):
        con = sqlite3.connect(self.db_path)
        with con:
            con.execute("INSERT INTO recall_responses (recall_id, action, ip, at)"
                        " VALUES (?, ?, ?, datetime('now'))", (rid, action, ip))
        con.close()


class Handler(BaseHTTPRequestHandler):
    portal: Portal = None

    def _page(self, code, message, form=""):
        body = PAGE.format(practice=html.escape(self.portal.practice),
                           message=html.escape(message), form=form).encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        token = self.path.rsplit("/", 1)[-1]
        if not self.path.startswith("/r/") or self.portal.recall_id(token) is None:
            return self._page(404, "Sorry, that link is not valid.")
        self._page(200, "You are due for your next check-up.",
                   FORM.format(token=html.escape(token)))

    def do_POST(self):
        n = min(int(self.headers.get("Content-Length", 0)), 2048)
        form = parse_qs(self.rfile.read(n).decode(errors="replace"))
        token = form.get("t", [""])[0]
        action = form.get("action", [""])[0]
        rid = self.portal.recall_id(token)
        if rid is None or action not in ("confirm", "call"):
            return self._page(400, "Sorry, we could not read that.")
        self.portal.record(rid, action, self.client_address[0])
        self._page(200, "Thank you - reception will be in touch.")

    def log_message(self, fmt, *args):
        log.info("%s " + fmt, self.client_address[0], *args)


class PortalServer(HTTPServer):
    def __init__(self, addr, cert, keyfile, run_as):
        super().__init__(addr, Handler)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.load_cert_chain(cert, keyfile)
        self.socket = ctx.wrap_socket(self.socket, server_side=True)
        self.run_as = run_as

    def switch_account(self):
        if os.getuid() != 0:
            return
        pw = pwd.getpwnam(self.run_as)
        os.setgroups([])
        os.setgid(pw.pw_gid)
        os.setuid(pw.pw_uid)
        os.umask(0o027)
        log.info("now running as %s (%d:%d)", self.run_as, pw.pw_uid, pw.pw_gid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="/etc/recall-portal/portal.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cp = configparser.ConfigParser()
    if not cp.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    cfg = cp["portal"]
    Handler.portal = Portal(cfg)

    server = PortalServer((cfg.get("listen", "0.0.0.0"), cfg.getint("port", 443)),
                          cfg["cert"], cfg["key"], cfg.get("user", "recallweb"))
    server.switch_account()
    log.info("serving on %s:%s", *server.server_address[:2])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
