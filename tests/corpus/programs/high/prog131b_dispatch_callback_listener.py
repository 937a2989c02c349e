#!/usr/bin/env python3
"""Receive status callbacks from the driver app.

The driver app posts job status changes (accepted, arrived, on board,
cleared) to the office over plain HTTP on port 80 at the office's fixed
address.  This listener validates each callback's HMAC signature and
writes it to the local job book.  It is started by root so it can take
port 80, then continues as the unprivileged dispatch account.
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
import sqlite3
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = logging.getLogger("callbacks")
VALID_STATUS = {"accepted", "arrived", "on_board", "cleared", "no_show"}


def become(user: str) -> None:
    """Continue as `user` once the listening socket is open."""
    pw = pwd.getpwnam(user)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    steps = (
        ("setgroups", lambda: libc.setgroups(len(groups), arr)),
        ("setresgid", lambda: libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid)),
        ("setresuid", lambda: libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid)),
    )
    for name, call in steps:
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    LOG.info("continuing as %s (uid %d)", user, pw.pw_uid)


class JobBook:
    def __init__(self, path):
        self.path = path

    def record(self, job_id, status, driver, at):
        with sqlite3.connect(self.path) as conn:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS job_events "
                "(job_id TEXT, status TEXT, driver TEXT, at TEXT)")
            conn.execute("INSERT INTO job_events VALUES (?, ?, ?, ?)",
                         (job_id, status, driver, at))
            conn.execute("UPDATE jobs SET status = ? WHERE job_id = ?", (status, job_id))


def make_handler(secret: bytes, book: JobBook):
    class Handler(BaseHTTPRequestHandler):
        server_version = "cab-callbacks/1.2"

        def _reply(self, code, msg):
            body = json.dumps({"result": msg}).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            if self.path != "/callback":
                return self._reply(404, "not found")
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(min(length, 65536))
            sig = self.headers.get("X-Signature", "")
            good = hmac.new(secret, raw, hashlib.sha256).hexdigest()
            if not hmac.compare_digest(sig, good):
                return self._reply(401, "bad signature")
            try:
                ev = json.loads(raw)
                if ev["status"] not in VALID_STATUS:
                    raise ValueError(ev["status"])
                book.record(ev["job_id"], ev["status"], ev.get("driver", ""), ev["at"])
            except (KeyError, ValueError, sqlite3.Error) as exc:
                LOG.warning("rejected callback: %s", exc)
                return self._reply(400, "invalid")
            return self._reply(200, "ok")

        def log_message(self, fmt, *args):
            LOG.info("%s %s", self.address_string(), fmt % args)

    return Handler


def main(argv=None):
    ap = argparse.ArgumentParser(description="Driver app callback listener")
    ap.add_argument("--bind", default=os.environ.get("CALLBACK_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="dispatch")
    ap.add_argument("--db", default="/srv/dispatch/jobs.sqlite3")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    secret = os.environ.get("CALLBACK_SECRET", "").encode()
    if not secret:
        LOG.error("CALLBACK_SECRET not set")
        return 2

    server = ThreadingHTTPServer((args.bind, args.port),
                                 make_handler(secret, JobBook(args.db)))
    if os.geteuid() == 0:
        try:
            become(args.user)
        except (KeyError, OSError) as exc:
            LOG.error("cannot switch to %s: %s", args.user, exc)
            server.server_close()
            return 1
    LOG.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
