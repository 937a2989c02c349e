#!/usr/bin/env python3
"""Forward the key cutting machine's serial job log to the shop monitor.

The duplicators print one line per cut job on their RS-232 port (blank code,
bitting, operator, result).  This forwarder configures the port line
discipline with stty, reads it as a plain file, tags each line with the shop
id and streams it to the monitor host so the back office can see cut counts
and failed blanks in real time.  The monitor may send 'pause'/'resume'.
"""

import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("keyforward")

DEFAULTS = {
    "monitor_host": "203.0.113.40",
    "monitor_port": "7070",
    "shop_id": "cobbler-03",
    "device": "/dev/ttyUSB0",
    "baud": "9600",
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


def configure_port(device, baud):
    """Set raw mode and speed so we can read the tty like a file."""
    cmd = ["stty", "-F", device, str(baud), "raw", "-echo", "cs8", "-cstopb", "-parenb"]
    try:
        subprocess.run(cmd, check=True, capture_output=True, timeout=10)
        log.info("configured %s at %s baud", device, baud)
        return True
    except (subprocess.CalledProcessError, FileNotFoundError, subprocess.TimeoutExpired) as exc:
        log.warning("stty failed for %s: %s", device, exc)
        return False


class MonitorLink:
    """Persistent TCP link to the monitor with pause/resume control."""

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
                msg = line.decode(errors="replace").strip()
                if msg == "pause":
                    self.paused.set()
                    log.info("monitor paused forwarding")
                elif msg == "resume":
                    self.paused.clear()
                    log.info("monitor resumed forwarding")
                else:
                    log.debug("ignoring control message %r", msg)


def tail_source(device, baud):
    """Yield lines from the tty, or from a capture file if it is absent."""
    if os.path.exists(device) and configure_port(device, baud):
        with open(device, "r", encoding="ascii", errors="replace") as fh:
            for line in fh:
                yield line
        return
    log.warning("serial device unavailable; tailing cutter_capture.log")
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
    for raw in tail_source(cfg["device"], cfg["baud"]):
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
