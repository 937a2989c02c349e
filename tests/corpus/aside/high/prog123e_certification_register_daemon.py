#!/usr/bin/env python3
"""Public lookup service for the notary office's certification register.

Receiving parties (banks, land registries, foreign consulates) check an
apostille or certificate number against the register at
https://verify.<office>/cert/<number>. The service binds the HTTPS port and
loads the TLS key while it still has root, then switches to the unprivileged
service account before it serves a single request.

    certification_register_daemon.py --config /etc/certreg/certreg.ini
"""
import argparse
import configparser
import ctypes
import ctypes.util
import grp
import json
import logging
import pwd
import re
import sqlite3
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("certreg")

CERT_RE = re.compile(r"^/cert/([A-Z0-9]{2,6}-\d{4}-\d{3,7})$")

DEFAULTS = {
    "listen": "127.0.0.1",
    "port": "443",
    "database": "/var/lib/certreg/register.sqlite",
    "tls_cert": "/etc/certreg/tls/fullchain.pem",
    "tls_key": "/etc/certreg/tls/privkey.pem",
    "run_as": "certreg",
}


class Identity:
    """Switches the whole process to the service account via libc."""

    def __init__(self, username):
        entry = pwd.getpwnam(username)
        self.uid, self.gid, self.name = entry.pw_uid, entry.pw_gid, entry.pw_name
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, fn, *args):
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn.__name__} failed")

    def assume(self):
        groups = [g.gr_gid for g in grp.getgrall() if self.name in g.gr_mem] or [self.gid]
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._call(self.libc.setgroups, ctypes.c_size_t(len(groups)), arr)
        self._call(self.libc.setresgid, self.gid, self.gid, self.gid)
        self._call(self.libc.setresuid, self.uid, self.uid, self.uid)
        log.info("now running as %s (%d:%d)", self.name, self.uid, self.gid)


class Register:
    def __init__(self, path):
        self.path = path

    def lookup(self, number):
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True) as db:
            db.row_factory = sqlite3.Row
            row = db.execute(
                "SELECT number, act_type, issued_on, notary, status, revoked_on "
                "FROM certifications WHERE number = ?", (number,)).fetchone()
        return dict(row) if row else None


class Handler(BaseHTTPRequestHandler):
    register = None
    server_version = "certreg/1.3"

    def _send(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        m = CERT_RE.match(self.path)
        if not m:
            self._send(404, {"error": "unknown path"})
            return
        try:
            record = self.register.lookup(m.group(1))
        except sqlite3.Error as exc:
            log.error("register lookup failed: %s", exc)
            self._send(503, {"error": "register unavailable"})
            return
        if record is None:
            self._send(404, {"number": m.group(1), "found": False})
        else:
            self._send(200, dict(record, found=True))

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def load_config(path):
    cp = configparser.ConfigParser()
    cp["certreg"] = DEFAULTS
    if path:
        cp.read(path)
    return cp["certreg"]


def main():
    ap = argparse.ArgumentParser(description="Serve the certification register lookup")
    ap.add_argument("--config")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    Handler.register = Register(cfg["database"])
    httpd = ThreadingHTTPServer((cfg["listen"], int(cfg["port"])), Handler)
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cfg["tls_cert"], cfg["tls_key"])
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)

    try:
        Identity(cfg["run_as"]).assume()
    except (KeyError, OSError) as exc:
        log.critical("cannot switch to %s: %s", cfg["run_as"], exc)
        sys.exit(1)

    log.info("serving register on https://%s:%s", cfg["listen"], cfg["port"])
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        httpd.server_close()


if __name__ == "__main__":
    main()
