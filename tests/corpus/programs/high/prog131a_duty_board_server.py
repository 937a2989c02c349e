#!/usr/bin/env python3
"""Serve the published duty roster to the depot signing-on screens.

The signing-on kiosks and the drivers' noticeboard display poll this small
JSON service for the day's duties.  The roster comes from the planner's CSV
export and is reloaded whenever the file changes on disk.

Endpoints:
    GET /health
    GET /duties?depot=WX&date=2024-05-02
    GET /drivers/<driver_id>/next
"""

import argparse
import csv
import grp
import json
import logging
import os
import pwd
import threading
from datetime import date, datetime
from urllib.parse import parse_qs
from wsgiref.simple_server import WSGIServer, make_server

log = logging.getLogger("duty_board")


class RosterStore:
    def __init__(self, path):
        self.path = path
        self._mtime = 0.0
        self._rows = []
        self._lock = threading.Lock()

    def rows(self):
        mtime = os.path.getmtime(self.path)
        with self._lock:
            if mtime != self._mtime:
                with open(self.path, newline="", encoding="utf-8") as fh:
                    self._rows = list(csv.DictReader(fh))
                self._mtime = mtime
                log.info("roster reloaded, %d duties", len(self._rows))
            return list(self._rows)

    def for_day(self, depot, day):
        return [r for r in self.rows()
                if r["depot"] == depot and r["sign_on"].startswith(day)]

    def next_for(self, driver_id):
        now = datetime.now().isoformat(timespec="minutes")
        upcoming = sorted((r for r in self.rows()
                           if r["driver_id"] == driver_id and r["sign_on"] >= now),
                          key=lambda r: r["sign_on"])
        return upcoming[0] if upcoming else None


class DutyBoardApp:
    def __init__(self, store):
        self.store = store

    @staticmethod
    def _json(start_response, status, body):
        data = json.dumps(body).encode()
        start_response(status, [("Content-Type", "application/json"),
                                ("Content-Length", str(len(data))),
                                ("Cache-Control", "no-store")])
        return [data]

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "/")
        query = parse_qs(environ.get("QUERY_STRING", ""))
        if environ["REQUEST_METHOD"] != "GET":
            return self._json(start_response, "405 Method Not Allowed", {"error": "GET only"})
        try:
            if path == "/health":
                return self._json(start_response, "200 OK", {"status": "ok"})
            if path == "/duties":
                depot = query.get("depot", [""])[0]
                day = query.get("date", [date.today().isoformat()])[0]
                return self._json(start_response, "200 OK", self.store.for_day(depot, day))
            if path.startswith("/drivers/") and path.endswith("/next"):
                driver_id = path.split("/")[2]
                duty = self.store.next_for(driver_id)
                if duty is None:
                    return self._json(start_response, "404 Not Found", {"error": "no upcoming duty"})
                return self._json(start_response, "200 OK", duty)
        except OSError as exc:
            log.error("roster unavailable: %s", exc)
            return self._json(start_response, "503 Service Unavailable", {"error": "roster unavailable"})
        return self._json(start_response, "404 Not Found", {"error": "unknown path"})


class DutyBoardServer:
    def __init__(self, host, port, roster, run_as):
        self.host = host
        self.port = port
        self.run_as = run_as
        self.app = DutyBoardApp(RosterStore(roster))
        self.httpd = None

    def _drop_privileges(self):
        if os.geteuid() != 0:
            return
        account = pwd.getpwnam(self.run_as)
        groups = [g.gr_gid for g in grp.getgrall() if self.run_as in g.gr_mem]
        os.setgroups(groups)
        os.setgid(account.pw_gid)
        os.setuid(account.pw_uid)
        os.umask(0o027)
        log.info("now running as %s (uid %d)", self.run_as, account.pw_uid)

    def serve(self):
        # Kiosks are hard-wired to port 80 on the depot LAN address.
        self.httpd = make_server(self.host, self.port, self.app, server_class=WSGIServer)
        self._drop_privileges()
        log.info("duty board on http://%s:%d/", self.host, self.port)
        self.httpd.serve_forever()


def main():
    parser = argparse.ArgumentParser(description="Duty roster service for signing-on screens")
    parser.add_argument("--roster", default="roster_export.csv")
    parser.add_argument("--host", default=os.environ.get("DUTY_BOARD_HOST", "10.40.0.5"))
    parser.add_argument("--port", type=int, default=80)
    parser.add_argument("--user", default="dutyboard", help="account to run as after binding")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    server = DutyBoardServer(args.host, args.port, args.roster, args.user)
    try:
        server.serve()
    except KeyboardInterrupt:
        log.info("shutting down")


if __name__ == "__main__":
    main()
