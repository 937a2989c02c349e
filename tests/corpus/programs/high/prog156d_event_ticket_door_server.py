#!/usr/bin/env python3
"""Door-check server for author events.

Volunteers at the door scan ticket QR codes with a phone; the phone hits this
small server on the shop's LAN, which checks the code against tickets.csv.
It has to listen on port 443 (the phones' kiosk app is hard-wired to it), so
it starts as root, binds, then switches to the service account.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import ssl
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("door")

TICKETS = {}


def load_tickets(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            TICKETS[row["code"]] = {"name": row["name"], "used": False}
    log.info("%d tickets loaded", len(TICKETS))


class DoorHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        code = self.path.strip("/").split("?")[0]
        t = TICKETS.get(code)
        if t is None:
            self._reply(404, "unknown ticket")
        elif t["used"]:
            self._reply(409, "already scanned")
        else:
            t["used"] = True
            self._reply(200, "welcome " + t["name"])

    def _reply(self, status, text):
        body = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s " + fmt, self.client_address[0], *args)


class Identity:
    """Switches the process identity through libc directly.

    Python's os module lacks setresuid on some of the older till images, so
    the calls are looked up in libc by name.
    """

    def __init__(self, account):
        pw = pwd.getpwnam(account)
        self.uid, self.gid = pw.pw_uid, pw.pw_gid
        self.groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, stem, *args):
        fn = getattr(self.libc, "set" + stem)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"set{stem} failed: {os.strerror(err)}")

    def apply(self):
        arr = (ctypes.c_uint * max(1, len(self.groups)))(*(self.groups or [self.gid]))
        self._call("groups", len(self.groups) or 1, arr)
        self._call("resgid", self.gid, self.gid, self.gid)
        self._call("resuid", self.uid, self.uid, self.uid)
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def build_server(host, port, cert, key):
    server = HTTPServer((host, port), DoorHandler)
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
    return server


def main():
    ap = argparse.ArgumentParser(description="Event door ticket checker")
    ap.add_argument("--tickets", default="tickets.csv")
    ap.add_argument("--host", default="192.168.1.20")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--cert", default="door.crt")
    ap.add_argument("--key", default="door.key")
    ap.add_argument("--user", default="bookshop")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    load_tickets(args.tickets)
    server = build_server(args.host, args.port, args.cert, args.key)
    if os.geteuid() == 0:
        Identity(args.user).apply()
    else:
        log.warning("not started as root; port %d may fail", args.port)
    log.info("door server on https://%s:%d", args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        used = sum(t["used"] for t in TICKETS.values())
        log.info("closing: %d of %d tickets scanned", used, len(TICKETS))


if __name__ == "__main__":
    main()
