#!/usr/bin/env python3
"""Small status dashboard for the tide gauge network.

Loads the latest per-station summary CSVs into SQLite with the sqlite3 CLI
and serves a JSON view per station for the harbour office wall display.
"""
import argparse
import json
import logging
import sqlite3
import subprocess
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

LOG = logging.getLogger("tg-dash")
DB = Path("dashboard.db")

LOADER = """#!/usr/bin/env bash
set -e
db="$1"; shift
sqlite3 "$db" "CREATE TABLE IF NOT EXISTS readings(station TEXT, ts TEXT, level REAL, surge REAL);"
for f in "$@"; do
    tail -n +2 "$f" > "$f.body"
    sqlite3 "$db" -cmd ".mode csv" ".import $f.body readings"
    rm -f "$f.body"
done
sqlite3 "$db" "SELECT COUNT(*) FROM readings;"
"""


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("csv", nargs="*", help="summary CSVs to load before serving")
    p.add_argument("--port", type=int, default=8080)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def load(csvs):
    script = Path("load_readings.sh")
    script.write_text(LOADER)
    try:
        out = subprocess.run(["bash", str(script), str(DB), *csvs],
                             capture_output=True, text=True, check=True)
        LOG.info("database now holds %s rows", out.stdout.strip().splitlines()[-1])
    finally:
        script.unlink(missing_ok=True)


class Handler(BaseHTTPRequestHandler):
    def _send(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path != "/station":
            self._send(404, {"error": "not found"})
            return
        qs = parse_qs(url.query)
        station = qs.get("id", [""])[0]
        limit = qs.get("limit", ["48"])[0]
        query = (f"SELECT ts, level, surge FROM readings WHERE station = '{station}' "
                 f"ORDER BY ts DESC LIMIT {limit}")
        try:
            with sqlite3.connect(DB) as conn:
                rows = conn.execute(query).fetchall()
        except sqlite3.Error as exc:
            LOG.warning("query failed: %s", exc)
            self._send(400, {"error": str(exc)})
            return
        self._send(200, {"station": station,
                         "readings": [{"ts": r[0], "level": r[1], "surge": r[2]} for r in rows]})

    def log_message(self, fmt, *args):
        LOG.debug("%s " + fmt, self.client_address[0], *args)


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if args.csv:
        try:
            load(args.csv)
        except subprocess.CalledProcessError as exc:
            LOG.error("load failed: %s", exc.stderr.strip())
            return 1
    server = HTTPServer(("0.0.0.0", args.port), Handler)
    LOG.info("dashboard on port %d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
