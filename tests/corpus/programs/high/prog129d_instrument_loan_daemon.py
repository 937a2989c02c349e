#!/usr/bin/env python3
"""Instrument loan register service for the music school front desk.

Small JSON API over the loan register (which violin/cello/clarinet is out
with which pupil, due date, condition notes). Started by the init script on
the front-desk box; it binds the configured port and then switches to the
unprivileged service account before touching the register database.

    GET  /loans              current loans
    GET  /loans/overdue      loans past their due date
    POST /loans              {"instrument": "VN-014", "pupil": "...", "due": "2025-07-18"}
    POST /returns            {"instrument": "VN-014", "condition": "..."}
"""

import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sqlite3
import sys
from datetime import date, datetime
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("loans")

SCHEMA = """
CREATE TABLE IF NOT EXISTS loans (
    instrument TEXT PRIMARY KEY, pupil TEXT NOT NULL, out_on TEXT NOT NULL,
    due TEXT NOT NULL, notes TEXT DEFAULT '');
CREATE TABLE IF NOT EXISTS history (
    instrument TEXT, pupil TEXT, out_on TEXT, returned_on TEXT, condition TEXT);
"""


class Identity:
    """Switches the process to the service account after the socket is bound."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def _check(cls, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    @classmethod
    def become(cls, username):
        pw = pwd.getpwnam(username)
        gids = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [pw.pw_gid]
        arr = (ctypes.c_uint * len(gids))(*gids)
        cls._check(cls._libc.setgroups(ctypes.c_size_t(len(gids)), arr), "setgroups")
        cls._check(cls._libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
        cls._check(cls._libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
        os.environ["HOME"] = pw.pw_dir
        log.info("running as %s (uid %d)", username, pw.pw_uid)


class LoanHandler(BaseHTTPRequestHandler):
    db = None

    def _json(self, status, payload):
        body = json.dumps(payload, default=str).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _body(self):
        length = int(self.headers.get("Content-Length", 0))
        return json.loads(self.rfile.read(length) or b"{}")

    def do_GET(self):
        if self.path == "/loans":
            rows = self.db.execute("SELECT * FROM loans ORDER BY due").fetchall()
        elif self.path == "/loans/overdue":
            rows = self.db.execute("SELECT * FROM loans WHERE due < ? ORDER BY due",
                                   (date.today().isoformat(),)).fetchall()
        else:
            return self._json(404, {"error": "not found"})
        self._json(200, [dict(r) for r in rows])

    def do_POST(self):
        try:
            data = self._body()
            if self.path == "/loans":
                self.db.execute("INSERT INTO loans (instrument, pupil, out_on, due, notes) "
                                "VALUES (?, ?, ?, ?, ?)",
                                (data["instrument"], data["pupil"], date.today().isoformat(),
                                 data["due"], data.get("notes", "")))
            elif self.path == "/returns":
                row = self.db.execute("SELECT * FROM loans WHERE instrument = ?",
                                      (data["instrument"],)).fetchone()
                if row is None:
                    return self._json(404, {"error": "instrument not on loan"})
                self.db.execute("INSERT INTO history VALUES (?, ?, ?, ?, ?)",
                                (row["instrument"], row["pupil"], row["out_on"],
                                 datetime.now().isoformat(timespec="minutes"),
                                 data.get("condition", "")))
                self.db.execute("DELETE FROM loans WHERE instrument = ?", (data["instrument"],))
            else:
                return self._json(404, {"error": "not found"})
            self.db.commit()
            self._json(201, {"ok": True})
        except (KeyError, ValueError, sqlite3.IntegrityError) as exc:
            self._json(400, {"error": str(exc)})

    def log_message(self, fmt, *args):
        log.info("%s " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser(description="Instrument loan register API")
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="loans")
    ap.add_argument("--db", default="loans.sqlite")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    server = HTTPServer((args.listen, args.port), LoanHandler)
    log.info("listening on %s:%d", args.listen, args.port)
    try:
        Identity.become(args.user)
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1

    db = sqlite3.connect(args.db, check_same_thread=False)
    db.row_factory = sqlite3.Row
    db.executescript(SCHEMA)
    LoanHandler.db = db
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
