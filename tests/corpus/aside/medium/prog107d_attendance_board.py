#!/usr/bin/env python3
"""Attendance board for the camp hall TV.

Serves a tiny read-only page showing which groups are on site and how many
campers have signed in, read from the gate kiosk's SQLite register. Started
from the desktop session of the hall's Raspberry Pi; the TV browser opens
http://hallpi:8080/.
"""
import argparse
import html
import json
import logging
import os
import sqlite3
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("board")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="30"><title>On site now</title>
<style>body{{font-family:sans-serif;background:#102a43;color:#fff}}
td,th{{padding:.4em 1.2em;font-size:2em}}</style></head>
<body><h1>On site now</h1><table><tr><th>Group</th><th>In</th><th>Out</th></tr>
{rows}</table></body></html>"""


class BoardConfig:
    db_path = "kiosk_register.db"
    refresh_seconds = 30


def group_counts(db_path):
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        cur = con.execute("""
            SELECT COALESCE(c.grp, 'Unassigned'),
                   SUM(e.kind = 'in'), SUM(e.kind = 'out')
            FROM events e LEFT JOIN campers c ON c.camper_id = e.camper_id
            WHERE e.at >= date('now')
            GROUP BY 1 ORDER BY 1""")
        return [(g, int(i or 0), int(o or 0)) for g, i, o in cur.fetchall()]
    finally:
        con.close()


class BoardHandler(BaseHTTPRequestHandler):
    server_version = "CampBoard/1.2"

    def _send(self, code, body, ctype):
        data = body.encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        try:
            counts = group_counts(BoardConfig.db_path)
        except sqlite3.Error as exc:
            log.warning("register unavailable: %s", exc)
            self._send(503, "register unavailable", "text/plain")
            return
        if self.path.startswith("/api/counts"):
            payload = [{"group": g, "in": i, "out": o} for g, i, o in counts]
            self._send(200, json.dumps(payload), "application/json")
        elif self.path in ("/", "/index.html"):
            rows = "\n".join(f"<tr><td>{html.escape(g)}</td><td>{i}</td><td>{o}</td></tr>"
                             for g, i, o in counts)
            self._send(200, PAGE.format(rows=rows), "text/html; charset=utf-8")
        else:
            self._send(404, "not found", "text/plain")

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def check_register(path):
    if not os.path.exists(path):
        log.warning("register %s does not exist yet; board will show 503 until it does", path)
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Camp hall attendance board")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--db", default=BoardConfig.db_path)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    BoardConfig.db_path = os.path.abspath(args.db)
    check_register(BoardConfig.db_path)
    try:
        httpd = ThreadingHTTPServer((args.host, args.port), BoardHandler)
    except OSError as exc:
        log.error("cannot bind %s:%d - %s", args.host, args.port, exc)
        return 1
    log.info("serving on http://%s:%d/", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
