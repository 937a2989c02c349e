#!/usr/bin/env python3
"""Pupil-facing theory/practical results lookup for the school's intranet.

Serves a tiny JSON API (GET /results/<candidate_ref>?dob=YYYY-MM-DD) backed
by results.db. Started by the office server's init script on port 443 with
the school's certificate, then switches to the unprivileged service account
named in portal.ini before handling any request.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sqlite3
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("results_portal")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_account(user, group):
    """Move the process onto the service account once sockets are open."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([gid])
    for fn, ident in ((_libc.setresgid, gid), (_libc.setresuid, pw.pw_uid)):
        if fn(ident, ident, ident) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn.__name__}({ident}): {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


class ResultsHandler(BaseHTTPRequestHandler):
    db_path = "results.db"
    server_version = "ResultsPortal/1.2"

    def _send(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        parts = [p for p in url.path.split("/") if p]
        if len(parts) != 2 or parts[0] != "results":
            return self._send(404, {"error": "not found"})
        dob = parse_qs(url.query).get("dob", [""])[0]
        if len(dob) != 10:
            return self._send(400, {"error": "dob required"})
        with sqlite3.connect(self.db_path) as conn:
            conn.row_factory = sqlite3.Row
            rows = conn.execute(
                "SELECT r.test_date, r.centre, r.mcq_score, r.hazard_score, r.passed "
                "FROM theory_results r JOIN pupils p ON p.candidate_ref = r.candidate_ref "
                "WHERE r.candidate_ref = ? AND p.dob = ? ORDER BY r.test_date DESC",
                (parts[1], dob),
            ).fetchall()
        if not rows:
            return self._send(404, {"error": "no results for that reference and date of birth"})
        self._send(200, {"candidate_ref": parts[1], "results": [dict(r) for r in rows]})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default="portal.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 1
    srv = cfg["server"]
    host = srv.get("bind", "0.0.0.0")
    port = srv.getint("port", 443)
    ResultsHandler.db_path = os.path.abspath(srv.get("database", "results.db"))

    httpd = ThreadingHTTPServer((host, port), ResultsHandler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(srv["certfile"], srv["keyfile"])
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)

    if os.geteuid() == 0:
        try:
            switch_account(srv.get("user", "portal"), srv.get("group", ""))
        except (KeyError, OSError) as exc:
            log.error("refusing to serve as root: %s", exc)
            return 1

    log.info("serving results on https://%s:%d", host, port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
