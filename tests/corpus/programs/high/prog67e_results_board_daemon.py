#!/usr/bin/env python3
"""Election-night results board feed (standalone daemon).

Serves the unofficial results summary produced by the tabulation export
(results/summary.csv) as JSON for the lobby display screens and the
press room.  Started by the county IT runbook on the standard HTTP port,
after which it switches to the unprivileged service account.
"""

import argparse
import csv
import grp
import json
import logging
import os
import pwd
import sys
import threading
from collections import defaultdict
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("results_board")


class ResultsCache:
    def __init__(self, path):
        self.path = os.path.abspath(path)
        self._mtime = None
        self._data = {}
        self._lock = threading.Lock()

    def _parse(self):
        contests = defaultdict(lambda: {"candidates": defaultdict(int), "precincts": set()})
        with open(self.path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                c = contests[row["contest"]]
                c["candidates"][row["candidate"]] += int(row["votes"] or 0)
                c["precincts"].add(row["precinct"])
        out = {}
        for name, c in contests.items():
            ranked = sorted(c["candidates"].items(), key=lambda kv: kv[1], reverse=True)
            out[name] = {
                "precincts_reporting": len(c["precincts"]),
                "candidates": [{"name": n, "votes": v} for n, v in ranked],
            }
        return out

    def get(self):
        try:
            mtime = os.stat(self.path).st_mtime
        except FileNotFoundError:
            return {"status": "awaiting first export"}
        with self._lock:
            if mtime != self._mtime:
                try:
                    self._data = {"updated": datetime.fromtimestamp(mtime).isoformat(timespec="seconds"),
                                  "contests": self._parse()}
                    self._mtime = mtime
                    log.info("reloaded results (%d contests)", len(self._data["contests"]))
                except (KeyError, ValueError) as exc:
                    log.error("bad export, keeping previous data: %s", exc)
            return self._data


class BoardHandler(BaseHTTPRequestHandler):
    cache = None
    server_version = "ResultsBoard/2.1"

    def _send(self, code, body):
        payload = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self):
        if self.path == "/healthz":
            self._send(200, {"ok": True, "uid": os.getuid()})
        elif self.path.startswith("/api/results"):
            self._send(200, self.cache.get())
        else:
            self._send(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


def switch_account(user, group=None):
    """Continue as the service account once the listener is bound."""
    if os.getuid() != 0:
        log.info("not started as root, keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    log.info("now running as %s (uid=%d gid=%d)", user, pw.pw_uid, gid)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", default="results/summary.csv")
    ap.add_argument("--host", default=os.environ.get("BOARD_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("BOARD_PORT", "80")))
    ap.add_argument("--user", default=os.environ.get("BOARD_USER", "resultsbd"))
    ap.add_argument("--group", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    BoardHandler.cache = ResultsCache(args.csv)
    try:
        httpd = ThreadingHTTPServer((args.host, args.port), BoardHandler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.host, args.port, exc)
        return 1

    try:
        switch_account(args.user, args.group)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        httpd.server_close()
        return 1

    log.info("serving %s on http://%s:%d/api/results", args.csv, args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
