#!/usr/bin/env python3
"""Paint code lookup service for the paint shop tablets.

Serves the factory paint code table (paint_codes.csv: make, code, name,
years, system, notes) as a small JSON API so the mixing-room tablet and the
bodyshop PCs can look up e.g. MG "BLVC 14" Damask Red or Jaguar "Opalescent
Silver Blue" without digging through the binders.

    GET /lookup?make=MG&code=BLVC14
    GET /search?q=damask
    GET /health

Runs on port 80 so the tablets can use a plain http://paintdesk/ bookmark;
once the socket is open the process switches to the service account.
"""
import argparse
import csv
import json
import grp
import logging
import os
import pwd
import re
import sys
from pathlib import Path
from urllib.parse import parse_qs
from wsgiref.simple_server import WSGIRequestHandler, make_server

log = logging.getLogger("paintdesk")


def norm(code: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", code.upper())


class PaintTable:
    def __init__(self, path: Path):
        self.path = path
        self.by_code = {}
        self.rows = []
        self.mtime = 0.0
        self.reload()

    def reload(self):
        mtime = self.path.stat().st_mtime
        if mtime == self.mtime:
            return
        rows = []
        with self.path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                row["key"] = (row["make"].strip().upper(), norm(row["code"]))
                rows.append(row)
        self.rows = rows
        self.by_code = {r["key"]: r for r in rows}
        self.mtime = mtime
        log.info("loaded %d paint codes from %s", len(rows), self.path)

    def lookup(self, make: str, code: str):
        return self.by_code.get((make.strip().upper(), norm(code)))

    def search(self, q: str, limit: int = 25):
        q = q.lower()
        hits = (r for r in self.rows if q in r["name"].lower() or q in r.get("notes", "").lower())
        return [{k: v for k, v in r.items() if k != "key"} for _, r in zip(range(limit), hits)]


class PaintApp:
    def __init__(self, table: PaintTable):
        self.table = table

    def _json(self, start_response, status, payload):
        body = json.dumps(payload, ensure_ascii=False).encode()
        start_response(status, [("Content-Type", "application/json; charset=utf-8"),
                                ("Content-Length", str(len(body)))])
        return [body]

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "/")
        qs = {k: v[0] for k, v in parse_qs(environ.get("QUERY_STRING", "")).items()}
        try:
            self.table.reload()
        except OSError as exc:
            log.error("reload failed: %s", exc)
        if path == "/health":
            return self._json(start_response, "200 OK", {"codes": len(self.table.rows)})
        if path == "/lookup":
            if "make" not in qs or "code" not in qs:
                return self._json(start_response, "400 Bad Request", {"error": "make and code required"})
            row = self.table.lookup(qs["make"], qs["code"])
            if not row:
                return self._json(start_response, "404 Not Found", {"error": "unknown code"})
            return self._json(start_response, "200 OK", {k: v for k, v in row.items() if k != "key"})
        if path == "/search":
            return self._json(start_response, "200 OK", self.table.search(qs.get("q", "")))
        return self._json(start_response, "404 Not Found", {"error": "no such endpoint"})


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s %s", self.client_address[0], fmt % args)


def switch_account(user: str, group: str = None):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    log.info("running as %s (uid=%d gid=%d)", user, pw.pw_uid, gid)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="paint code lookup API")
    ap.add_argument("--table", type=Path, default=Path("paint_codes.csv"))
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="paintdesk")
    ap.add_argument("--group", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        table = PaintTable(args.table)
    except (OSError, KeyError) as exc:
        log.error("cannot load paint table: %s", exc)
        return 1

    httpd = make_server(args.host, args.port, PaintApp(table), handler_class=QuietHandler)
    try:
        switch_account(args.user, args.group)
    except (KeyError, PermissionError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        httpd.server_close()
        return 1
    log.info("paint desk listening on %s:%d", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
