#!/usr/bin/env python3
"""Timesheet export service for the studio office server.

Serves per-project timesheet CSVs to the finance team's spreadsheet links:

    GET /export/<project-code>.csv?from=2024-04-01&to=2024-04-30

Runs under the timesheets service account from its own user session; the
database is opened read-only.
"""
import argparse
import configparser
import csv
import io
import logging
import re
import sqlite3
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("timesheet-export")

CONFIG = configparser.ConfigParser()
CONFIG.read_dict({"server": {"host": "0.0.0.0", "port": "8088",
                             "db": "timesheets.sqlite3"}})
CONFIG.read("timesheet_export.ini")

PROJECT_RE = re.compile(r"^/export/([A-Z0-9\-]{3,16})\.csv$")


def query_hours(db_path, project, start, end):
    sql = ("SELECT t.entry_date, s.initials, t.stage, t.task, t.hours "
           "FROM time_entries t JOIN staff s ON s.id = t.staff_id "
           "JOIN projects p ON p.id = t.project_id "
           "WHERE p.code = ? AND t.entry_date BETWEEN ? AND ? "
           "ORDER BY t.entry_date, s.initials")
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as conn:
        return conn.execute(sql, (project, start, end)).fetchall()


class ExportHandler(BaseHTTPRequestHandler):
    server_version = "TimesheetExport/1.3"
    db_path = CONFIG["server"]["db"]

    def do_GET(self):
        url = urlparse(self.path)
        match = PROJECT_RE.match(url.path)
        if not match:
            self.send_error(404, "unknown export")
            return
        params = parse_qs(url.query)
        try:
            start = date.fromisoformat(params.get("from", ["2000-01-01"])[0])
            end = date.fromisoformat(params.get("to", [date.today().isoformat()])[0])
        except ValueError:
            self.send_error(400, "bad date")
            return
        try:
            rows = query_hours(self.db_path, match.group(1), start.isoformat(),
                               end.isoformat())
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            self.send_error(500, "database error")
            return
        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(["date", "staff", "stage", "task", "hours"])
        writer.writerows(rows)
        body = buf.getvalue().encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/csv; charset=utf-8")
        self.send_header("Content-Disposition",
                         f'attachment; filename="{match.group(1)}.csv"')
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=CONFIG.getint("server", "port"))
    ap.add_argument("--host", default=CONFIG["server"]["host"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    httpd = ThreadingHTTPServer((args.host, args.port), ExportHandler)
    log.info("serving timesheet exports on %s:%d", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
