#!/usr/bin/env python3
"""Airfield status page for the clubhouse and launch point tablets.

Serves a single JSON/HTML status page on port 80 (the tablets are locked to
http://fieldstatus.local/) showing runway in use, winch or tug status, and
the latest wind from the field anemometer log. It has to start as root to
get port 80, then switches to the unprivileged 'fieldstatus' account.

    field_status_server.py --state state.json --wind /var/lib/anemometer/latest.csv
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socketserver
from http.server import BaseHTTPRequestHandler
from pathlib import Path

log = logging.getLogger("fieldstatus")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Identity:
    """Switch the process to a service account after the socket is bound."""

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        gids = [g.gr_gid for g in grp.getgrall() if self.pw.pw_name in g.gr_mem]
        arr = (ctypes.c_uint * max(len(gids), 1))(*gids or [self.pw.pw_gid])
        self._check(_libc.setgroups(ctypes.c_size_t(len(gids) or 1), arr), "setgroups")
        gid = ctypes.c_uint(self.pw.pw_gid)
        self._check(_libc.setresgid(gid, gid, gid), "setresgid")
        uid = ctypes.c_uint(self.pw.pw_uid)
        self._check(_libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.pw.pw_dir
        os.environ["USER"] = self.pw.pw_name
        log.info("running as %s (%d:%d)", self.pw.pw_name, self.pw.pw_uid, self.pw.pw_gid)


def latest_wind(path):
    try:
        with open(path, encoding="utf-8") as fh:
            last = fh.readlines()[-1].strip().split(",")
        ts, direction, speed, gust = last[:4]
        return {"time": ts, "dir": int(direction), "kt": float(speed), "gust": float(gust)}
    except (OSError, IndexError, ValueError):
        return None


class StatusHandler(BaseHTTPRequestHandler):
    state_file = None
    wind_file = None

    def _payload(self):
        try:
            state = json.loads(Path(self.state_file).read_text())
        except (OSError, ValueError):
            state = {"runway": "unknown", "launch": "unknown"}
        state["wind"] = latest_wind(self.wind_file)
        return state

    def do_GET(self):
        data = self._payload()
        if self.path.startswith("/api"):
            body = json.dumps(data).encode()
            ctype = "application/json"
        else:
            wind = data.get("wind") or {}
            body = (
                "<html><head><meta http-equiv='refresh' content='30'>"
                "<title>Field status</title></head><body style='font-size:2em'>"
                f"<p>Runway: <b>{data.get('runway')}</b></p>"
                f"<p>Launch: <b>{data.get('launch')}</b></p>"
                f"<p>Wind: {wind.get('dir', '-')}&deg; {wind.get('kt', '-')}kt "
                f"gust {wind.get('gust', '-')}kt</p></body></html>"
            ).encode()
            ctype = "text/html; charset=utf-8"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--user", default="fieldstatus")
    ap.add_argument("--state", default="state.json")
    ap.add_argument("--wind", default="/var/lib/anemometer/latest.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    StatusHandler.state_file = os.path.abspath(args.state)
    StatusHandler.wind_file = args.wind
    httpd = Server((args.bind, args.port), StatusHandler)
    log.info("listening on %s:%d", args.bind, args.port)

    if os.geteuid() == 0:
        try:
            Identity(args.user).assume()
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.user, exc)
            return 1
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
