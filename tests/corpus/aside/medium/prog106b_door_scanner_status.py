#!/usr/bin/env python3
"""Door scanner agent for author-event ticketing.

Runs on the Raspberry Pi at the shop door.  Reads ticket codes typed by the
USB barcode wedge on stdin, validates them against the box-office API and
keeps a local tally.  While the agent is up it also serves the tally as JSON
so the till and the events manager's tablet can show live door numbers.
"""

import argparse
import configparser
import json
import logging
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import requests

log = logging.getLogger("door-agent")

DEFAULTS = {
    "api_base": "https://boxoffice.quillandink.example/api/v1",
    "event_id": "",
    "status_port": "8088",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["agent"] = DEFAULTS
    if path.exists():
        cp.read(path)
    return cp["agent"]


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.admitted = 0
        self.rejected = 0
        self.updated = None

    def record(self, ok):
        with self.lock:
            if ok:
                self.admitted += 1
            else:
                self.rejected += 1
            self.updated = time.strftime("%H:%M:%S")

    def snapshot(self):
        with self.lock:
            return {"admitted": self.admitted, "rejected": self.rejected,
                    "updated": self.updated}


class StatusServer(threading.Thread):
    """Serves the live tally to devices on the shop network."""

    def __init__(self, tally, port):
        super().__init__(daemon=True, name="status")
        tally_ref = tally

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path not in ("/", "/tally"):
                    self.send_error(404)
                    return
                body = json.dumps(tally_ref.snapshot()).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, fmt, *a):
                log.debug("status %s", fmt % a)

        self.httpd = ThreadingHTTPServer(("0.0.0.0", port), Handler)

    def run(self):
        log.info("status endpoint on port %d", self.httpd.server_address[1])
        self.httpd.serve_forever()


class Validator:
    def __init__(self, api_base, event_id, token, tally):
        self.base = api_base.rstrip("/")
        self.event_id = event_id
        self.tally = tally
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {token}"

    def check(self, code):
        url = f"{self.base}/events/{self.event_id}/tickets/{code}"
        try:
            r = self.s.get(url, timeout=5)
        except requests.RequestException as exc:
            log.error("validation failed for %s: %s", code, exc)
            return False
        ok = r.status_code == 200 and r.json().get("status") == "valid"
        self.tally.record(ok)
        return ok


def scan_loop(validator):
    for line in sys.stdin:
        code = line.strip()
        if not code:
            continue
        ok = validator.check(code)
        print("\a ADMIT" if ok else " REJECT", code, flush=True)


def main():
    ap = argparse.ArgumentParser(description="door scanner agent")
    ap.add_argument("-c", "--config", type=Path, default=Path("door_agent.ini"))
    ap.add_argument("--no-status", action="store_true",
                    help="do not serve the live tally")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    token = os.environ.get("BOXOFFICE_TOKEN")
    if not token or not cfg["event_id"]:
        log.error("BOXOFFICE_TOKEN and event_id are required")
        return 2

    tally = Tally()
    if not args.no_status:
        StatusServer(tally, int(cfg["status_port"])).start()

    validator = Validator(cfg["api_base"], cfg["event_id"], token, tally)
    try:
        scan_loop(validator)
    except KeyboardInterrupt:
        pass
    snap = tally.snapshot()
    log.info("admitted=%d rejected=%d", snap["admitted"], snap["rejected"])
    Path("door_tally.json").write_text(json.dumps(snap))
    return 0


if __name__ == "__main__":
    sys.exit(main())
