#!/usr/bin/env python3
"""Referee assignment service for the county league.

Small JSON API the appointments secretary's spreadsheet and the referees'
phones talk to:

    GET  /fixtures              upcoming fixtures with assigned officials
    GET  /referees/<id>/games   one referee's appointments
    POST /assign                {"fixture": id, "referee": id, "role": "R|AR1|AR2"}

Data lives in ./assignments.json. The service is started by the club's
init script; once the listening socket is bound it switches to the
unprivileged service account given by --user.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("ref-assign")

DATA = Path("assignments.json")
ROLES = {"R", "AR1", "AR2", "4TH"}
_lock = threading.Lock()


def load():
    if DATA.exists():
        return json.loads(DATA.read_text())
    return {"fixtures": [], "referees": [], "assignments": []}


def save(db):
    tmp = DATA.with_suffix(".tmp")
    tmp.write_text(json.dumps(db, indent=2))
    tmp.replace(DATA)


class Handler(BaseHTTPRequestHandler):
    server_version = "RefAssign/1.3"

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        db = load()
        parts = [p for p in self.path.split("/") if p]
        if parts == ["fixtures"]:
            by_fixture = {}
            for a in db["assignments"]:
                by_fixture.setdefault(a["fixture"], []).append(a)
            out = [dict(f, officials=by_fixture.get(f["id"], [])) for f in db["fixtures"]]
            return self._send(200, out)
        if len(parts) == 3 and parts[0] == "referees" and parts[2] == "games":
            games = [a for a in db["assignments"] if str(a["referee"]) == parts[1]]
            return self._send(200, games)
        self._send(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/assign":
            return self._send(404, {"error": "not found"})
        try:
            length = int(self.headers.get("Content-Length", "0"))
            req = json.loads(self.rfile.read(length))
            fixture, referee, role = req["fixture"], req["referee"], req["role"]
        except (ValueError, KeyError) as exc:
            return self._send(400, {"error": f"bad request: {exc}"})
        if role not in ROLES:
            return self._send(400, {"error": f"role must be one of {sorted(ROLES)}"})
        with _lock:
            db = load()
            clash = [a for a in db["assignments"]
                     if a["fixture"] == fixture and a["role"] == role]
            for a in clash:
                db["assignments"].remove(a)
            db["assignments"].append({"fixture": fixture, "referee": referee, "role": role})
            save(db)
        log.info("fixture %s: %s -> %s", fixture, role, referee)
        self._send(201, {"ok": True})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


class ServiceAccount:
    """Switches the process over to the service account."""

    def __init__(self, username):
        self.pw = pwd.getpwnam(username)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def switch(self):
        groups = [g.gr_gid for g in grp.getgrall() if self.pw.pw_name in g.gr_mem]
        groups.append(self.pw.pw_gid)
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._check(self.libc.setgroups(len(groups), arr), "setgroups")
        self._check(self.libc.setgid(self.pw.pw_gid), "setgid")
        self._check(self.libc.setuid(self.pw.pw_uid), "setuid")
        os.environ["HOME"] = self.pw.pw_dir
        log.info("running as %s (uid %d)", self.pw.pw_name, self.pw.pw_uid)


def main():
    ap = argparse.ArgumentParser(description="Referee assignment service")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="refassign")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = ThreadingHTTPServer(("0.0.0.0", args.port), Handler)
    try:
        ServiceAccount(args.user).switch()
    except (KeyError, OSError) as exc:
        log.warning("could not switch to %s: %s", args.user, exc)
    log.info("listening on :%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()
