#!/usr/bin/env python3
"""Canning line status link.

Keeps an outbound session from the canning line controller PC to the
equipment vendor's support desk and streams seamer/filler status lines so a
technician can watch the line when it jams.  Outbound only, so no port
forwarding is needed on the brewery router.
"""
import argparse
import csv
import json
import logging
import os
import socket
import threading
import time
from pathlib import Path

LOG = logging.getLogger("status-link")

SETTINGS_FILE = Path("support_link.json")
DEFAULTS = {
    "desk_host": "198.51.100.23",
    "desk_port": 4443,
    "line_id": "CAN-01",
    "retry_seconds": 30,
    "status_csv": "line_status.csv",
    "send_every": 5,
}


def load_settings():
    settings = dict(DEFAULTS)
    if SETTINGS_FILE.exists():
        try:
            settings.update(json.loads(SETTINGS_FILE.read_text()))
        except ValueError as exc:
            LOG.warning("ignoring bad %s: %s", SETTINGS_FILE, exc)
    settings["desk_host"] = os.environ.get("CANLINE_DESK_HOST", settings["desk_host"])
    return settings


def latest_status(path):
    """The HMI exporter appends one row per cycle; return the last one."""
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
    except OSError:
        return None
    return rows[-1] if rows else None


class StatusSession:
    """One technician session over a plain TCP stream."""

    def __init__(self, host, port, line_id):
        self.addr = (host, int(port))
        self.line_id = line_id
        self.sock = None

    def connect(self):
        self.sock = socket.create_connection(self.addr, timeout=20)
        hello = json.dumps({"line": self.line_id, "host": socket.gethostname()}) + "\n"
        self.sock.sendall(hello.encode())
        LOG.info("connected to support desk %s:%s", *self.addr)

    def stream(self, status_csv, every, stop):
        last = None
        while not stop.is_set():
            row = latest_status(status_csv)
            if row and row != last:
                self.sock.sendall((json.dumps({"line": self.line_id, "status": row}) + "\n").encode())
                last = row
            stop.wait(every)

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            finally:
                self.sock = None


def link_loop(settings, stop):
    while not stop.is_set():
        session = StatusSession(settings["desk_host"], settings["desk_port"], settings["line_id"])
        try:
            session.connect()
            session.stream(settings["status_csv"], settings["send_every"], stop)
        except OSError as exc:
            LOG.warning("support desk unavailable: %s", exc)
        finally:
            session.close()
        stop.wait(settings["retry_seconds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    settings = load_settings()
    stop = threading.Event()
    worker = threading.Thread(target=link_loop, args=(settings, stop), daemon=not args.foreground)
    worker.start()
    try:
        while worker.is_alive():
            time.sleep(1)
    except KeyboardInterrupt:
        stop.set()


if __name__ == "__main__":
    main()
